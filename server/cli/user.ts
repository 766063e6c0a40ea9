import { isRole, ROLES, type Role } from '../../domain/roles.js';
import { findOrganizationByGuid, type Organization } from '../api/db/repositories/organizations.js';
import {
  createPasswordLink,
  createUser,
  MIN_PASSWORD_LENGTH,
  newPasswordLink,
  UserDisabledError,
} from '../api/auth/users.js';
import {
  DuplicateUserError,
  findUserByEmail,
  LastAdministratorError,
  listUsers,
  updateUser,
  type User,
} from '../api/db/repositories/users.js';
import type { Database } from '../api/db/database.js';
import { readApiConfig } from '../api/config.js';
import { withDatabase } from './database.js';
import { CliError, UsageError } from './errors.js';
import { parseFlags } from './flags.js';
import { readFirstLine } from './stdin.js';
import { cliInput, print } from './io.js';

export const usage = [
  'Usage: printf "%s\\n" "$PASSWORD" | cli user create --org GUID --email EMAIL [--role ROLE] [--first-name F] [--last-name L]',
  '       cli user create --org GUID --email EMAIL --link [--role ROLE] ...   (a one-time link to set the password)',
  '       cli user link --org GUID --email EMAIL   (a new one-time link; the one made before stops working)',
  '       cli user update --org GUID --email EMAIL [--role ROLE] [--disabled true|false] [--first-name F] [--last-name L]',
  '       cli user list --org GUID',
  `Roles: ${ROLES.join(', ')} (default administrator)`,
].join('\n');

/**
 * `user create|link|update|list`: the organization's users and their roles. create takes the password on
 * stdin, or with --link (or nothing piped in) makes a one-time link, valid 24 hours, that the user opens to set
 * it; link makes a new one for a user who lost theirs (printed as create --link prints it); update changes the
 * role, the names, or disables the user (its tokens stop within seconds).
 */
export async function run(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const actions: Record<string, (rest: string[]) => Promise<unknown>> = { create, link, update, list };
  if (action === undefined) throw new UsageError('Missing user command', usage);
  if (!Object.hasOwn(actions, action)) throw new UsageError(`Unknown user command: ${action}`, usage);
  print(JSON.stringify(await actions[action](rest)));
}

function roleFlag(value: string | undefined): Role | undefined {
  if (value === undefined) return undefined;
  const role = value.trim();
  if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')} (got "${value}")`, usage);
  return role;
}

function emailFlag(value: string): string {
  const email = value.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email "${email}" is not an email address`, usage);
  return email;
}

function nameFlag(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const name = value.trim();
  if (name.length > 100) throw new UsageError(`--${flag} must be at most 100 characters`, usage);
  return name;
}

async function organizationOf(database: Database, guid: string): Promise<Organization> {
  const organization = await findOrganizationByGuid(database.db, guid.trim());
  if (!organization) throw new CliError(`No organization with guid ${guid}`);
  return organization;
}

const described = (user: User, organization: Organization) => ({
  id: user.id,
  email: user.email,
  organization: organization.guid,
  role: user.role,
  firstName: user.firstName,
  lastName: user.lastName,
  disabled: user.disabled,
});

async function create(args: string[]) {
  const flags = parseFlags(
    args,
    {
      org: { required: true },
      email: { required: true },
      role: {},
      'first-name': {},
      'last-name': {},
      link: { boolean: true },
    },
    usage,
  );
  const email = emailFlag(flags.email!);
  const role = roleFlag(flags.role) ?? 'administrator';
  const firstName = nameFlag('first-name', flags['first-name']);
  const lastName = nameFlag('last-name', flags['last-name']);
  const input = cliInput();
  // Nothing piped in (a terminal): typing the password here would echo it, so the user gets a link instead.
  const withLink = flags.link || input.isTTY;
  let password: string | undefined;
  if (!withLink) {
    password = await readFirstLine(input.stream);
    if (password === '') throw new CliError('The password (first line of standard input) is empty; or use --link', 2);
    if ([...password].length < MIN_PASSWORD_LENGTH) {
      throw new CliError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`, 2);
    }
  }
  return withDatabase(async (database) => {
    const organization = await organizationOf(database, flags.org!);
    try {
      return await database.transaction(async () => {
        const user = await createUser(database.db, {
          orgId: organization.id,
          email,
          password,
          role,
          firstName,
          lastName,
        });
        if (!withLink) return described(user, organization);
        return withLinkDescribed(user, organization, await createPasswordLink(database.db, user.id, publicBaseUrl()));
      });
    } catch (error) {
      if (error instanceof DuplicateUserError) throw new CliError(error.message);
      throw error;
    }
  });
}

/** The user and its link, as `create --link` and `link` print them (one shape: scripts read either). */
const withLinkDescribed = (user: User, organization: Organization, link: { url: string; expiresAt: Date }) => ({
  ...described(user, organization),
  passwordLink: { url: link.url, expiresAt: link.expiresAt.toISOString() },
});

async function link(args: string[]) {
  const flags = parseFlags(args, { org: { required: true }, email: { required: true } }, usage);
  const email = emailFlag(flags.email!);
  return withDatabase(async (database) => {
    const organization = await organizationOf(database, flags.org!);
    const found = await findUserByEmail(database.db, { orgId: organization.id, email });
    if (!found) throw new CliError(`No user with email ${email} in ${organization.guid}`);
    try {
      const made = await newPasswordLink(database.db, {
        orgId: organization.id,
        userId: found.id,
        baseUrl: publicBaseUrl(),
      });
      if (!made) throw new CliError(`No user with email ${email} in ${organization.guid}`);
      return withLinkDescribed(made.user, organization, made.link);
    } catch (error) {
      if (error instanceof UserDisabledError)
        throw new CliError(`${error.message} (cli user update --email ${email} --disabled false)`);
      throw error;
    }
  });
}

async function update(args: string[]) {
  const flags = parseFlags(
    args,
    { org: { required: true }, email: { required: true }, role: {}, disabled: {}, 'first-name': {}, 'last-name': {} },
    usage,
  );
  const role = roleFlag(flags.role);
  let disabled: boolean | undefined;
  if (flags.disabled !== undefined) {
    const value = flags.disabled.trim().toLowerCase();
    if (value !== 'true' && value !== 'false')
      throw new UsageError(`--disabled takes true or false (got "${flags.disabled}")`, usage);
    disabled = value === 'true';
  }
  const patch = {
    role,
    disabled,
    firstName: nameFlag('first-name', flags['first-name']),
    lastName: nameFlag('last-name', flags['last-name']),
  };
  if (Object.values(patch).every((value) => value === undefined))
    throw new UsageError('Name something to change: --role, --disabled, --first-name or --last-name', usage);
  return withDatabase(async (database) => {
    const organization = await organizationOf(database, flags.org!);
    const found = await findUserByEmail(database.db, { orgId: organization.id, email: flags.email! });
    if (!found) throw new CliError(`No user with email ${flags.email!.trim()} in ${organization.guid}`);
    try {
      const user = await updateUser(database.db, organization.id, found.id, patch);
      return described(user!, organization);
    } catch (error) {
      if (error instanceof LastAdministratorError) throw new CliError(error.message);
      throw error;
    }
  });
}

async function list(args: string[]) {
  const flags = parseFlags(args, { org: { required: true } }, usage);
  return withDatabase(async (database) => {
    const organization = await organizationOf(database, flags.org!);
    return (await listUsers(database.db, organization.id)).map((user) => described(user, organization));
  });
}

/**
 * Where the API answers, for the password link: API_PUBLIC_URL when the API is reached through another address
 * (a proxy, a domain name), else the address it listens on.
 */
function publicBaseUrl(): string {
  const env = cliInput().env;
  if (env.API_PUBLIC_URL) return env.API_PUBLIC_URL;
  const config = readApiConfig(env);
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `https://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
