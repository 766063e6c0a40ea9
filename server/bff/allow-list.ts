/**
 * The upstream read operations the browser may reach through `/api/`: the reads of the API's OpenAPI document,
 * generated into api-operations.generated.ts. Everything else, including the sign-in page, the token endpoint and
 * every write, is refused before any upstream call.
 */
import { READ_OPERATIONS } from './api-operations.generated.js';

/** one path segment holding an id: integer ids (v4) or GUIDs/slugs (v3); never dots, slashes or escapes */
const ID = '[A-Za-z0-9_-]{1,64}';

const OPERATIONS = READ_OPERATIONS;

const PATTERNS = OPERATIONS.map((template) => new RegExp(`^${template.replace(/\{\w+\}/g, ID)}$`));

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
  if (rawPath.split('/').some((segment) => segment === '.' || segment === '..'))
    return 'dot segments are not accepted in /api/ paths';
  if (
    rawPath
      .slice(1)
      .split('/')
      .slice(0, -1)
      .some((segment) => segment === '')
  )
    return 'empty path segments are not accepted in /api/ paths';
  return undefined;
}
