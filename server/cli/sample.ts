import { eq } from 'drizzle-orm';
import { print } from './io.js';
import { calendarDateInstant, isIsoDate } from '../../domain/calendar-date.js';
import { findOrganizationByGuid } from '../api/db/repositories/organizations.js';
import { divisions, seasons } from '../api/db/schema.js';
import { loadSample } from '../api/sample/load-sample.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';

export const usage = [
  'Usage: cli sample --org GUID [--today YYYY-MM-DD]',
  '',
  'Loads the deterministic sample circuit (two seasons of color guard, percussion and winds) into an organization',
  "that holds no seasons or divisions yet, and prints counts as JSON. --today places the current season's events.",
].join('\n');

/** `sample --org GUID`: prints {"organization", "seasons","divisions","groups","events","competitions","performances","ms"}. */
export async function run(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    print(usage);
    return;
  }
  const flags = parseFlags(args, { org: { required: true }, today: {} }, usage);
  let today: Date | undefined;
  if (flags.today !== undefined) {
    if (!isIsoDate(flags.today)) throw new UsageError('--today must be a date (YYYY-MM-DD)', usage);
    today = calendarDateInstant(flags.today);
  }
  const summary = await withDatabase(async (database) => {
    const organization = await findOrganizationByGuid(database.db, flags.org!.trim());
    if (!organization) throw new CliError(`No organization with guid ${flags.org}`);
    const [season] = await database.db
      .select({ id: seasons.id })
      .from(seasons)
      .where(eq(seasons.orgId, organization.id))
      .limit(1);
    const [division] = await database.db
      .select({ id: divisions.id })
      .from(divisions)
      .where(eq(divisions.orgId, organization.id))
      .limit(1);
    if (season || division) {
      throw new CliError(
        `Organization ${organization.guid} already holds seasons or divisions; the sample needs an empty one`,
      );
    }
    const started = Date.now();
    const counts = await loadSample(database, organization.id, { today });
    return { organization: organization.guid, ...counts, ms: Date.now() - started };
  });
  print(JSON.stringify(summary));
}
