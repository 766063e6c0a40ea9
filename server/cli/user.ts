import { findOrganizationByGuid } from '../api/db/repositories/organizations.js';
import { createUser } from '../api/auth/users.js';
import { DuplicateUserError } from '../api/db/repositories/users.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';
import { readFirstLine } from './stdin.js';

export const usage = 'Usage: printf "%s\\n" "$PASSWORD" | cli user create --org GUID --email EMAIL';

const MIN_PASSWORD_LENGTH = 8;

/** `user create`: a user who can sign in through the Authorization Code flow. The password comes on stdin. */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'create')
    throw new UsageError(action ? `Unknown user command: ${action}` : 'Missing user command', usage);
  const flags = parseFlags(rest, { org: { required: true }, email: { required: true } }, usage);
  const email = flags.email!.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email "${email}" is not an email address`, usage);
  if (process.stdin.isTTY) {
    // Typing it here would echo it on the screen and into terminal scrollback.
    throw new UsageError('The password is read from standard input: pipe it in rather than typing it', usage);
  }
  const password = await readFirstLine(process.stdin);
  if (password === '') throw new CliError('The password (first line of standard input) is empty', 2);
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new CliError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`, 2);
  }
  const output = await withDatabase(async ({ db }) => {
    const organization = await findOrganizationByGuid(db, flags.org!);
    if (!organization) throw new CliError(`No organization with guid ${flags.org}`);
    try {
      const user = await createUser(db, { orgId: organization.id, email, password });
      return { id: user.id, email: user.email, organization: organization.guid };
    } catch (error) {
      if (error instanceof DuplicateUserError) throw new CliError(error.message);
      throw error;
    }
  });
  console.log(JSON.stringify(output));
}
