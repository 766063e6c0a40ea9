/**
 * The roles a user of an organization has. The strings are contracts: the API, the CLI and the
 * database (users.role) use them as they are. What each role may do is server/api/http/permissions.ts.
 *
 * The circuit's roles act on the whole organization; a group's roles (issue 39) act on the groups their account is
 * scoped to, each group with its own of the two (docs/decisions/133-group-accounts.md).
 */
export const CIRCUIT_ROLES = ['administrator', 'tabulator', 'chief-judge', 'judge'] as const;
export const GROUP_ROLES = ['group-administrator', 'group-staff'] as const;
export const ROLES = [...CIRCUIT_ROLES, ...GROUP_ROLES] as const;
export type Role = (typeof ROLES)[number];
export type GroupRole = (typeof GROUP_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isGroupRole(value: unknown): value is GroupRole {
  return typeof value === 'string' && (GROUP_ROLES as readonly string[]).includes(value);
}
