import {
  createOrganization,
  findOrganizationByGuid,
  setProgrammaticAccess,
  setRequireSignoff,
} from '../api/db/repositories/organizations.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';
import { print } from './io.js';

export const usage = [
  'Usage: cli org create --name "NAME"',
  '       cli org update --org GUID --programmatic-access on|off [--division "NAME"]',
  '       cli org update --org GUID --require-signoff on|off',
].join('\n');

const SWITCH = new Map([
  ['on', true],
  ['off', false],
]);

/**
 * `org create --name NAME`: prints {"id","guid","name"} of the new organization (closed to anonymous reads). `org update --org GUID --programmatic-access on|off [--division NAME]`: opens or closes the
 * organization, or one of its divisions, to anonymous v2 reads (decision 026); prints what it set.
 * `org update --org GUID --require-signoff on|off`: whether a division and round is released only once a chief
 * judge signed it off (decision 082; off by default); prints {"organization","requireSignoff"}.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'create') {
    const flags = parseFlags(rest, { name: { required: true } }, usage);
    const organization = await withDatabase((database) =>
      createOrganization(database.db, { name: flags.name!.trim() }),
    );
    print(JSON.stringify({ id: organization.id, guid: organization.guid, name: organization.name }));
    return;
  }
  if (action === 'update' && rest.some((arg) => arg === '--require-signoff' || arg.startsWith('--require-signoff='))) {
    const flags = parseFlags(rest, { org: { required: true }, 'require-signoff': { required: true } }, usage);
    const required = SWITCH.get(flags['require-signoff']!.trim().toLowerCase());
    if (required === undefined)
      throw new UsageError(`--require-signoff takes on or off (got "${flags['require-signoff']}")`, usage);
    const result = await withDatabase(async (database) => {
      const organization = await findOrganizationByGuid(database.db, flags.org!.trim());
      if (!organization) throw new CliError(`No organization with guid ${flags.org}`);
      await setRequireSignoff(database.db, organization.id, required);
      return { organization: organization.guid, requireSignoff: required };
    });
    print(JSON.stringify(result));
    return;
  }
  if (action === 'update') {
    const flags = parseFlags(
      rest,
      { org: { required: true }, 'programmatic-access': { required: true }, division: {} },
      usage,
    );
    const open = SWITCH.get(flags['programmatic-access']!.trim().toLowerCase());
    if (open === undefined)
      throw new UsageError(`--programmatic-access takes on or off (got "${flags['programmatic-access']}")`, usage);
    const divisionName = flags.division?.trim();
    if (divisionName === '') throw new UsageError("--division needs the division's name", usage);
    const result = await withDatabase(async (database) => {
      const organization = await findOrganizationByGuid(database.db, flags.org!.trim());
      if (!organization) throw new CliError(`No organization with guid ${flags.org}`);
      const changed = await setProgrammaticAccess(database.db, organization.id, open, divisionName);
      if (!changed) throw new CliError(`The organization ${organization.guid} has no division named "${divisionName}"`);
      return divisionName === undefined
        ? { organization: organization.guid, programmaticAccess: open }
        : {
            organization: organization.guid,
            programmaticAccess: organization.programmaticAccess,
            division: { id: changed.divisionId, name: divisionName, programmaticAccess: open },
          };
    });
    print(JSON.stringify(result));
    return;
  }
  throw new UsageError(action ? `Unknown org command: ${action}` : 'Missing org command', usage);
}
