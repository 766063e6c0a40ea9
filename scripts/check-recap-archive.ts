/**
 * `npx tsx scripts/check-recap-archive.ts FOLDER [--list] [--only REGEX] [--kinds [--covered-by FOLDER]]`
 *
 * Runs the importer's own check (`importRecapHtml`: parse, derive the sheet, re-tabulate, demand every published
 * number and rank back) on every `.htm` / `.htm.gz` page of a folder, without a database, and tallies the refusals
 * by reason: the loop for the archive's fidelity (fix the biggest class, re-run).
 *
 * - default: the figure (reproduced / all) and the refusal reasons with their counts, biggest first;
 * - `--list`: every refused page with its full message;
 * - `--only REGEX`: only the files whose name matches;
 * - `--kinds`: the kinds of page the folder holds (see `kindsOf`) and a smallest set of pages that shows every
 *   kind, leaving out kinds already shown by the pages of `--covered-by` (the test fixtures): how
 *   test/fixtures/recaps/ was chosen.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { importRecapHtml, type ImportedRecap } from '../server/api/recap-import/to-import.js';
import { parseRecapPage } from '../server/api/recap-import/parse-recap.js';
import { RecapImportError } from '../server/api/recap-import/errors.js';

const RECAP_FILE = /\.htm(\.gz)?$/i;

/** A refusal's class: the message without its page/section/row location, with numbers and quoted names blanked. */
function reasonClass(message: string): string {
  const reason = message.slice(message.indexOf(': ') + 2);
  return reason
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\([^()]*\)/g, '(…)')
    .replace(/-?\d*\.?\d+/g, 'N')
    .slice(0, 160);
}

function readPage(folder: string, file: string): string {
  const bytes = readFileSync(join(folder, file));
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

type Checked = { file: string; html: string; recap: ImportedRecap } | { file: string; html: string; refusal: string };

function checkPage(folder: string, file: string): Checked {
  const html = readPage(folder, file);
  try {
    const recap = importRecapHtml(html, file);
    if (recap.sections.length === 0) throw new RecapImportError(`${file}: the page has no scored section to import`);
    return { file, html, recap };
  } catch (error) {
    if (!(error instanceof RecapImportError))
      return { file, html, refusal: `${file}: CRASH ${(error as Error).stack}` };
    return { file, html, refusal: error.message };
  }
}

/**
 * The kinds of page a page is: each section's sheet (categories with their combine rule, captions with their panel
 * and weights), rounding rule, published digits, Sub Total scale, total divisor, penalty columns and whether a
 * group did not perform; each section left out, with the reason; the markup generation (numbers in
 * data-translate-number, "Tot*" headers, the tiebreaker dagger) and a missing date. A refused page's kind is its
 * reason.
 */
function kindsOf(checked: Checked): string[] {
  if ('refusal' in checked) return [`refused: ${reasonClass(checked.refusal)}`];
  const { html, recap } = checked;
  const parsed = parseRecapPage(html, checked.file).sections;
  const kinds = recap.sections.map((section) => {
    const { sheet } = section;
    const printed = parsed.find(
      (candidate) => candidate.divisionName === section.divisionName && candidate.roundLabel === section.roundName,
    );
    return [
      sheet.categories
        .map((category) => {
          const captions = category.captions.map((caption) => {
            const lines = caption.subcaptions.map((line) => `${line.name} ${line.weight}`).join(' / ');
            return `${caption.panel ? 'panel ' : ''}${caption.weighted ? '*' : ''}(${lines})`;
          });
          return `${category.name} ${category.combine} [${captions.join(' + ')}]`;
        })
        .join('; '),
      `rounding ${sheet.rounding ?? 'carry-rounded'}, digits ${sheet.publishedDigits ?? 3}, scale ${sheet.subtotalScale ?? 1}, divisor ${sheet.totalDivisor ?? 1}`,
      `penalty columns ${printed?.groups[0]?.penalties.map((penalty) => penalty.header).join(',') || 'none'}`,
      section.performances.some((performance) => !performance.performed)
        ? 'a group did not perform'
        : 'every group performed',
    ].join(' | ');
  });
  for (const skipped of recap.skippedSections) kinds.push(`section left out: ${skipped.reason}`);
  const layout = [
    /data-translate-number/.test(html) ? 'numbers in data-translate-number' : 'numbers as cell text',
    /Tot\*/.test(html) ? '"Tot*" headers' : '',
    /&#8224;/.test(html) ? 'tiebreaker dagger' : '',
    recap.date ? '' : 'no date',
  ];
  kinds.push(`layout: ${layout.filter(Boolean).join(', ')}`);
  return kinds;
}

/** Greedy set cover: pages that show every kind not shown yet, the page showing most new kinds (then the smallest) first. */
function coveringPages(
  kindsByPage: Map<string, string[]>,
  alreadyShown: Set<string>,
  sizeOf: (file: string) => number,
): string[] {
  const missing = new Set([...kindsByPage.values()].flat().filter((kind) => !alreadyShown.has(kind)));
  const chosen: string[] = [];
  while (missing.size > 0) {
    let best = '';
    let bestCount = 0;
    for (const [file, kinds] of kindsByPage) {
      const count = kinds.filter((kind) => missing.has(kind)).length;
      if (count > bestCount || (count === bestCount && count > 0 && sizeOf(file) < sizeOf(best)))
        [best, bestCount] = [file, count];
    }
    chosen.push(best);
    for (const kind of kindsByPage.get(best)!) missing.delete(kind);
  }
  return chosen;
}

function main(): void {
  const { values, positionals } = parseArgs({
    options: {
      list: { type: 'boolean' },
      only: { type: 'string' },
      kinds: { type: 'boolean' },
      'covered-by': { type: 'string' },
    },
    allowPositionals: true,
  });
  const folder = positionals[0];
  if (!folder) {
    console.error(
      'Usage: npx tsx scripts/check-recap-archive.ts FOLDER [--list] [--only REGEX] [--kinds [--covered-by FOLDER]]',
    );
    process.exit(2);
  }
  const only = values.only ? new RegExp(values.only) : null;
  const files = readdirSync(folder)
    .filter((name) => RECAP_FILE.test(name) && (!only || only.test(name)))
    .sort();
  const started = performance.now();
  const checked = files.map((file) => checkPage(folder, file));
  const seconds = (performance.now() - started) / 1000;
  const refused = checked.filter((page): page is Extract<Checked, { refusal: string }> => 'refusal' in page);

  const byReason = new Map<string, string[]>();
  for (const page of refused)
    byReason.set(reasonClass(page.refusal), [...(byReason.get(reasonClass(page.refusal)) ?? []), page.file]);
  const reproduced = files.length - refused.length;
  const percent = files.length ? ((100 * reproduced) / files.length).toFixed(2) : '0';
  console.log(
    `${reproduced} of ${files.length} pages reproduced (${percent}%), ${refused.length} refused, in ${seconds.toFixed(1)} s`,
  );
  for (const [reason, pages] of [...byReason].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`${String(pages.length).padStart(5)}  ${reason}   e.g. ${pages[0]}`);
  }
  if (values.list) for (const page of refused) console.log(`- ${page.refusal}`);

  if (values.kinds) {
    const kindsByPage = new Map(checked.map((page) => [page.file, kindsOf(page)]));
    const shown = new Set<string>();
    const coveredBy = values['covered-by'];
    if (coveredBy) {
      for (const file of readdirSync(coveredBy).filter((name) => RECAP_FILE.test(name))) {
        for (const kind of kindsByPage.get(basename(file)) ?? kindsOf(checkPage(coveredBy, file))) shown.add(kind);
      }
    }
    const all = new Set([...kindsByPage.values()].flat());
    const chosen = coveringPages(kindsByPage, shown, (file) => readFileSync(join(folder, file)).length);
    console.log(
      `${all.size} kinds of page; ${[...all].filter((kind) => shown.has(kind)).length} shown by ${coveredBy ?? 'no folder'}; ${chosen.length} more pages show the rest:`,
    );
    for (const file of chosen) console.log(`+ ${file}`);
    for (const kind of [...all].sort())
      console.log(
        `${String([...kindsByPage.values()].filter((kinds) => kinds.includes(kind)).length).padStart(5)}  ${kind}`,
      );
  }
}

main();
