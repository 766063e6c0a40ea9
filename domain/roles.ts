/**
 * The roles a user of an organization has. The strings are contracts: the API, the CLI and the
 * database (users.role) use them as they are. What each role may do is server/api/http/permissions.ts.
 */
export const ROLES = ['administrator', 'tabulator', 'chief-judge', 'judge'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
