/**
 * The upstream read operations the browser may reach through `/api/`. Everything else, including the token
 * endpoint and every write, is refused before any upstream call.
 */

/** one path segment holding an id: integer ids (v4) or GUIDs/slugs (v3); never dots, slashes or escapes */
const ID = '[A-Za-z0-9_-]{1,64}';

const OPERATIONS: readonly string[] = [
  // v4
  '/events/',
  '/events/{id}',
  '/groups/',
  '/groups/{id}',
  '/groups/{id}/performances',
  '/divisions/',
  '/seasons/',
  '/standings/',
  '/competitions/{id}/schedule',
  '/competitions/{id}/scores',
  // v3
  '/v3/seasons',
  '/v3/seasons/{id}',
  '/v3/events',
  '/v3/events/{id}',
  '/v3/groups',
  '/v3/groups/{id}/events',
  '/v3/divisions',
  // v2
  '/2018-03/competitions',
  '/2018-03/performances',
  '/2018-03/groups',
];

const PATTERNS = OPERATIONS.map((template) => new RegExp(`^${template.replaceAll('{id}', ID)}$`));

/** The allowed operation templates, for error messages and documentation. */
export const ALLOWED_READ_OPERATIONS = OPERATIONS;

/** True when `path` (an upstream path, e.g. "/events/12", without query) is one of the allowed reads. */
export function isAllowedRead(path: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(path));
}

/**
 * Why a raw request path under /api/ is refused before matching, or undefined when it is clean: percent-escapes
 * (encoded slashes or dots), dot segments, empty segments and backslashes have no place in an allowed read.
 */
export function unsafePathReason(rawPath: string): string | undefined {
  if (rawPath.includes('%')) return 'percent-encoded characters are not accepted in /api/ paths';
  if (rawPath.includes('\\')) return 'backslashes are not accepted in /api/ paths';
  if (rawPath.split('/').some((segment) => segment === '.' || segment === '..')) return 'dot segments are not accepted in /api/ paths';
  if (rawPath.slice(1).split('/').slice(0, -1).some((segment) => segment === '')) return 'empty path segments are not accepted in /api/ paths';
  return undefined;
}
