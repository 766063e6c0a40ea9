import { createApplication } from '../api/auth/applications.js';
import { listApplications, revokeApplication, type Application } from '../api/db/repositories/applications.js';
import { findOrganizationByGuid, findOrganizationById } from '../api/db/repositories/organizations.js';
import { redirectUriProblem } from '../api/auth/redirect-uri.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';
import { print } from './io.js';

export const usage = [
  'Usage: cli key create --org GUID [--redirect-uri URI ...] [--name NAME] [--read-only]',
  '       cli key list --org GUID',
  '       cli key revoke CLIENT_ID',
].join('\n');

/**
 * `key create|list|revoke`: the organization's OAuth2 applications ("API keys"). create prints the client secret,
 * which is stored only as a hash and never shown again (--read-only: a key whose tokens may only read); list never shows secrets; revoke stops the key's tokens
 * on every instance within seconds (docs/decisions/009-signing-keys-and-revocation.md).
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const actions: Record<string, (rest: string[]) => Promise<unknown>> = { create, list, revoke };
  if (action === undefined) throw new UsageError('Missing key command', usage);
  if (!Object.hasOwn(actions, action)) throw new UsageError(`Unknown key command: ${action}`, usage);
  print(JSON.stringify(await actions[action](rest)));
}

async function create(args: string[]) {
  const flags = parseFlags(
    args,
    { org: { required: true }, 'redirect-uri': { multiple: true }, name: {}, 'read-only': { boolean: true } },
    usage,
  );
  const redirectUris = flags['redirect-uri'];
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new UsageError(`--redirect-uri ${problem}`, usage);
  }
  return withDatabase(async ({ db }) => {
    const organization = await findOrganizationByGuid(db, flags.org!);
    if (!organization) throw new CliError(`No organization with guid ${flags.org}`);
    const { application, clientSecret } = await createApplication(db, {
      orgId: organization.id,
      name: flags.name?.trim() || 'API key',
      redirectUris,
      readOnly: flags['read-only'],
    });
    return {
      client_id: application.clientId,
      client_secret: clientSecret,
      organization: organization.guid,
      ...(redirectUris.length > 0 ? { redirect_uris: application.redirectUris } : {}),
      ...(application.readOnly ? { read_only: true } : {}),
    };
  });
}

async function list(args: string[]) {
  const flags = parseFlags(args, { org: { required: true } }, usage);
  return withDatabase(async ({ db }) => {
    const organization = await findOrganizationByGuid(db, flags.org!);
    if (!organization) throw new CliError(`No organization with guid ${flags.org}`);
    return (await listApplications(db, organization.id)).map((application) =>
      described(application, organization.guid),
    );
  });
}

async function revoke(args: string[]) {
  const [clientId, ...extra] = args;
  if (clientId === undefined || clientId.startsWith('--'))
    throw new UsageError('Name the client id of the key to revoke', usage);
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`, usage);
  return withDatabase(async ({ db }) => {
    const application = await revokeApplication(db, clientId);
    if (!application) throw new CliError(`No key with client id ${clientId}`);
    const organization = await findOrganizationById(db, application.orgId);
    return described(application, organization!.guid);
  });
}

/** What the CLI shows of a key: never its secret (only a hash of it exists). */
function described(application: Application, organizationGuid: string) {
  return {
    client_id: application.clientId,
    name: application.name,
    organization: organizationGuid,
    redirect_uris: application.redirectUris,
    created_at: application.createdAt.toISOString(),
    revoked_at: application.revokedAt?.toISOString() ?? null,
    read_only: application.readOnly,
  };
}
