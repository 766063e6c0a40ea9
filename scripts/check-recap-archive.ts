/**
 * `npx tsx scripts/check-recap-archive.ts FOLDER [--list] [--only REGEX]`: runs the importer's own check
 * (`importRecapHtml`: parse, derive the sheet, re-tabulate, demand every published number back) on every
 * `.htm`/`.htm.gz` page of a folder, without a database, and tallies the refusals by reason. This is the loop for
 * the archive's fidelity: fix the biggest class, re-run.
 *
 * Output: the figure (reproduced / all), the reasons with their counts, biggest first; `--list` adds each refused
 * page with its full message; `--only` checks only files whose name matches.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { importRecapHtml } from '../server/api/recap-import/to-import.js';
import { RecapImportError } from '../server/api/recap-import/errors.js';

const { values, positionals } = parseArgs({
  options: { list: { type: 'boolean' }, only: { type: 'string' }, json: { type: 'boolean' } },
  allowPositionals: true,
});
const folder = positionals[0];
if (!folder) {
  console.error('Usage: npx tsx scripts/check-recap-archive.ts FOLDER [--list] [--only REGEX] [--json]');
  process.exit(2);
}

/** A refusal's class: the message without its page/section/row location, with numbers and quoted names blanked. */
export function reasonClass(message: string): string {
  const reason = message.slice(message.indexOf(': ') + 2);
  return reason
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\([^()]*\)/g, '(…)')
    .replace(/-?\d*\.?\d+/g, 'N')
    .slice(0, 160);
}

const only = values.only ? new RegExp(values.only) : null;
const files = readdirSync(folder)
  .filter((name) => /\.htm(\.gz)?$/i.test(name) && (!only || only.test(name)))
  .sort();
const refused: { file: string; message: string }[] = [];
const skippedSections = new Map<string, number>();
let reproduced = 0;
const started = performance.now();
for (const file of files) {
  const bytes = readFileSync(join(folder, file));
  const html = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  try {
    const recap = importRecapHtml(html, file);
    if (recap.sections.length === 0) throw new RecapImportError(`${file}: the page has no scored section to import`);
    for (const skipped of recap.skippedSections) skippedSections.set(skipped.reason, (skippedSections.get(skipped.reason) ?? 0) + 1);
    reproduced += 1;
  } catch (error) {
    if (!(error instanceof RecapImportError)) refused.push({ file, message: `${file}: CRASH ${(error as Error).stack}` });
    else refused.push({ file, message: error.message });
  }
}
const seconds = (performance.now() - started) / 1000;

const byReason = new Map<string, string[]>();
for (const entry of refused) {
  const reason = reasonClass(entry.message);
  byReason.set(reason, [...(byReason.get(reason) ?? []), entry.file]);
}
if (values.json) {
  console.log(JSON.stringify({ pages: files.length, reproduced, refused }, null, 1));
} else {
  const percent = files.length ? ((100 * reproduced) / files.length).toFixed(2) : '0';
  console.log(`${reproduced} of ${files.length} pages reproduced (${percent}%), ${refused.length} refused, in ${seconds.toFixed(1)} s`);
  for (const [reason, pages] of [...byReason].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`${String(pages.length).padStart(5)}  ${reason}   e.g. ${pages[0]}`);
  }
  if (skippedSections.size > 0) console.log('sections left out on purpose (pages):');
  for (const [reason, count] of skippedSections) console.log(`${String(count).padStart(5)}  ${reason}`);
  if (values.list) for (const entry of refused) console.log(`- ${entry.message}`);
}
