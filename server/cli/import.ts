import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { findOrganizationByGuid } from '../api/db/repositories/organizations.js';
import { loadRecaps } from '../api/recap-import/load-recap.js';
import { RecapImportError } from '../api/recap-import/errors.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';

export const usage = 'Usage: cli import --org GUID [--date YYYY-MM-DD] [--group-type ID] FILE.htm [FILE.htm ...]';

/**
 * `import --org GUID FILE...`: loads published recap pages (CompetitionSuite .htm, or .htm.gz) into the
 * organization and prints a JSON summary. Every page is read and checked before anything is written.
 */
export async function run(args: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { org: { type: 'string' }, date: { type: 'string' }, 'group-type': { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0], usage);
  }
  const { values, positionals: files } = parsed;
  if (!values.org) throw new UsageError('--org is required', usage);
  if (files.length === 0) throw new UsageError('Name at least one recap file', usage);
  if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) throw new UsageError('--date must be YYYY-MM-DD', usage);
  const groupTypeId = values['group-type'] === undefined ? undefined : Number(values['group-type']);
  if (groupTypeId !== undefined && !(Number.isInteger(groupTypeId) && groupTypeId >= 1 && groupTypeId <= 5)) {
    throw new UsageError('--group-type is 1 (color guard), 2 (percussion), 3 (winds), 4 (marching band) or 5 (drum corps)', usage);
  }
  const pages = await Promise.all(
    files.map(async (name) => {
      const bytes = await readFile(name).catch((error: NodeJS.ErrnoException) => {
        throw new CliError(`Cannot read ${name}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
      });
      return { name, html: (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8') };
    }),
  );
  const summary = await withDatabase(async ({ db }) => {
    const organization = await findOrganizationByGuid(db, values.org!);
    if (!organization) throw new CliError(`No organization with guid ${values.org}`);
    try {
      const loaded = await loadRecaps(db, organization.id, pages, { date: values.date, groupTypeId });
      return { organization: organization.guid, imported: loaded };
    } catch (error) {
      if (error instanceof RecapImportError) throw new CliError(`Nothing imported: ${error.message}`);
      throw error;
    }
  });
  console.log(JSON.stringify(summary));
}
