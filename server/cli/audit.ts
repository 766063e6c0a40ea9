import { findOrganizationByGuid } from '../api/db/repositories/organizations.js';
import { verifyAuditChain } from '../api/db/repositories/audit-log.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';
import { print } from './io.js';

export const usage = 'Usage: cli audit verify --org GUID';

/**
 * `audit verify --org GUID`: walks the organization's audit chain (docs/decisions/062-audit-chain.md) and prints
 * {"organization","entries":N,"ok":true}; when an entry does not match (a row changed or deleted by hand), prints
 * "ok":false with the first such entry and exits 1.
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'verify')
    throw new UsageError(action ? `Unknown audit command: ${action}` : 'Missing audit command', usage);
  const flags = parseFlags(rest, { org: { required: true } }, usage);
  const result = await withDatabase(async ({ db }) => {
    const organization = await findOrganizationByGuid(db, flags.org!.trim());
    if (!organization) throw new CliError(`No organization with guid ${flags.org}`);
    return { organization: organization.guid, check: await verifyAuditChain(db, organization.id) };
  });
  const { check } = result;
  if (check.ok) {
    print(JSON.stringify({ organization: result.organization, entries: check.entries, ok: true }));
    return;
  }
  print(
    JSON.stringify({
      organization: result.organization,
      entries: check.entries,
      ok: false,
      firstMismatch: check.firstMismatch,
    }),
  );
  throw new CliError(
    `The audit trail does not verify at entry ${check.firstMismatch.seq}: ${check.firstMismatch.problem}`,
  );
}
