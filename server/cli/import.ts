import { parseArgs } from 'node:util';
import { print } from './io.js';
import { isGroupTypeId, GROUP_TYPE_IDS_DESCRIPTION } from '../../domain/group-types.js';
import { isIsoDate } from '../../domain/calendar-date.js';
import { findOrganizationByGuid } from '../api/db/repositories/organizations.js';
import type { Db } from '../api/db/database.js';
import {
  checkRecap,
  importedPageIds,
  pageIdOf,
  writeRecap,
  writeRecaps,
  type CheckedRecap,
  type LoadedRecap,
  type RecapLoadOptions,
} from '../api/recap-import/load-recap.js';
import { RecapImportError } from '../api/recap-import/errors.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { startProgress } from './progress.js';
import { listRecapFiles, readRecapFile } from './recap-files.js';

export const usage = [
  'Usage: cli import --org GUID [--date YYYY-MM-DD] [--group-type ID] [--each] PATH [PATH ...]',
  '',
  'Imports published recap pages (CompetitionSuite .htm or .htm.gz; a PATH that is a folder means every such page',
  'in it). Every page is read and its published numbers reproduced before it is written.',
  '  --each        every page in its own transaction: a refused page is reported and the others go in, a page',
  '                already imported is skipped (a re-run imports only what is missing). Without it the import',
  '                is all or nothing.',
  '  --date        the event date of pages that print none',
  '  --group-type  1 color guard, 2 percussion, 3 winds, 4 marching band, 5 drum corps (default: from each section)',
  'Progress on stderr; on stdout {"organization","imported":[{file,...}],"skipped":[{file,reason}],"refused":[{file,reason}]}.',
].join('\n');

interface Outcome {
  file: string;
  reason: string;
}

interface Summary {
  organization: string;
  imported: LoadedRecap[];
  skipped: Outcome[];
  refused: Outcome[];
}

/**
 * `import --org GUID [--each] PATH...`. Pages are read one at a time and dropped once checked (all or nothing) or
 * written (--each), so memory holds one page's HTML however big the archive. With --each, exit code 1 when a page
 * was refused (the summary says which and why), else 0.
 */
export async function run(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    print(usage);
    return;
  }
  const { flags, paths } = parseImportArgs(args);
  const files = await listRecapFiles(paths);
  if (files.length === 0) throw new CliError(`No .htm or .htm.gz pages in ${paths.join(', ')}`);
  const options: RecapLoadOptions = { date: flags.date, groupTypeId: flags.groupTypeId };
  const summary = await withDatabase(async ({ db }) => {
    const organization = await findOrganizationByGuid(db, flags.org);
    if (!organization) throw new CliError(`No organization with guid ${flags.org}`);
    const result: Summary = { organization: organization.guid, imported: [], skipped: [], refused: [] };
    if (flags.each) await importEach(db, organization.id, files, options, result);
    else result.imported = await importAll(db, organization.id, files, options);
    return result;
  });
  print(JSON.stringify(summary));
  if (summary.refused.length > 0) {
    throw new CliError(`${summary.refused.length} of ${files.length} pages refused (the summary on stdout says why)`);
  }
}

function parseImportArgs(args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        org: { type: 'string' },
        date: { type: 'string' },
        'group-type': { type: 'string' },
        each: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0], usage);
  }
  const { values, positionals } = parsed;
  const org = values.org?.trim();
  if (!org) throw new UsageError('--org is required', usage);
  if (positionals.length === 0) throw new UsageError('Name at least one recap file or folder', usage);
  if (values.date !== undefined && !isIsoDate(values.date))
    throw new UsageError('--date must be a date (YYYY-MM-DD)', usage);
  const groupTypeId = values['group-type'] === undefined ? undefined : Number(values['group-type']);
  if (groupTypeId !== undefined && !isGroupTypeId(groupTypeId)) {
    throw new UsageError(`--group-type is one of ${GROUP_TYPE_IDS_DESCRIPTION}`, usage);
  }
  return { flags: { org, date: values.date, groupTypeId, each: values.each ?? false }, paths: positionals };
}

/** All or nothing: every page checked first (nothing written if one is refused), then one transaction. */
async function importAll(db: Db, orgId: number, files: string[], options: RecapLoadOptions): Promise<LoadedRecap[]> {
  const progress = startProgress(files.length);
  const pages: CheckedRecap[] = [];
  try {
    for (const name of files) {
      pages.push(checkRecap(await readRecapFile(name), options));
      progress.tick();
    }
    progress.finish();
    return await writeRecaps(db, orgId, pages, options);
  } catch (error) {
    if (error instanceof RecapImportError) throw new CliError(`Nothing imported: ${error.message}`);
    throw error;
  }
}

/** Each page on its own: skipped when already imported, refused with the reason, or written in its own transaction. */
async function importEach(
  db: Db,
  orgId: number,
  files: string[],
  options: RecapLoadOptions,
  summary: Summary,
): Promise<void> {
  const imported = await importedPageIds(db, orgId);
  const progress = startProgress(files.length);
  for (const name of files) {
    const pageId = pageIdOf(name);
    if (imported.has(pageId)) {
      summary.skipped.push({ file: name, reason: 'already imported into this organization' });
    } else {
      try {
        summary.imported.push(await writeRecap(db, orgId, checkRecap(await readRecapFile(name), options), options));
        imported.add(pageId);
      } catch (error) {
        if (!(error instanceof RecapImportError || error instanceof CliError)) throw error;
        summary.refused.push({ file: name, reason: withoutFileName(error.message, name) });
      }
    }
    progress.tick();
  }
  progress.finish();
}

/** Messages name their page first ("x.htm.gz, section 2 ...: reason"); the summary already does. */
function withoutFileName(message: string, file: string): string {
  return message.startsWith(file) ? message.slice(file.length).replace(/^[,:]\s*/, '') : message;
}
