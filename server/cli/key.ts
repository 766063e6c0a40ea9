import { createApplication } from '../api/db/repositories/applications.js';
import { findOrganizationByGuid } from '../api/db/repositories/organizations.js';
import { redirectUriProblem } from '../api/auth/redirect-uri.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';

export const usage = 'Usage: cli key create --org GUID [--redirect-uri URI ...] [--name NAME]';

/**
 * `key create`: an OAuth2 application ("API key") of the organization. Prints the client secret, which is stored
 * only as a hash and never shown again.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'create') throw new UsageError(action ? `Unknown key command: ${action}` : 'Missing key command', usage);
  const flags = parseFlags(rest, { org: { required: true }, 'redirect-uri': { multiple: true }, name: {} }, usage);
  const redirectUris = flags['redirect-uri'];
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new UsageError(`--redirect-uri ${problem}`, usage);
  }
  const output = await withDatabase(async ({ db }) => {
    const organization = await findOrganizationByGuid(db, flags.org!);
    if (!organization) throw new CliError(`No organization with guid ${flags.org}`);
    const { application, clientSecret } = await createApplication(db, {
      orgId: organization.id,
      name: flags.name?.trim() || 'API key',
      redirectUris,
    });
    return {
      client_id: application.clientId,
      client_secret: clientSecret,
      organization: organization.guid,
      ...(redirectUris.length > 0 ? { redirect_uris: application.redirectUris } : {}),
    };
  });
  console.log(JSON.stringify(output));
}
