import { createOrganization } from '../api/db/repositories/organizations.js';
import { withDatabase } from './database.js';
import { UsageError } from './errors.js';
import { parseFlags } from './flags.js';

export const usage = 'Usage: cli org create --name "NAME"';

/** `org create --name NAME`: prints {"id","guid","name"} of the new organization. */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'create') throw new UsageError(action ? `Unknown org command: ${action}` : 'Missing org command', usage);
  const flags = parseFlags(rest, { name: { required: true } }, usage);
  const organization = await withDatabase((database) => createOrganization(database.db, { name: flags.name!.trim() }));
  console.log(JSON.stringify({ id: organization.id, guid: organization.guid, name: organization.name }));
}
