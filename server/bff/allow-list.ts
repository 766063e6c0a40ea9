/**
 * The upstream read operations the browser may reach through `/api/`: every GET of the API's OpenAPI document
 * (docs/openapi.json, generated from the API's routes, the document the app's fetch layer is typed from) whose
 * answer is JSON. The sign-in page (`/v3/oauth2/authorize`, HTML), the token endpoint and every write are refused
 * before any upstream call.
 */
import { readFileSync } from 'node:fs';

interface OpenApiDocument {
  paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, unknown> }> } }>;
}

const document = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;

/** one path segment holding an id: integer ids (v4) or GUIDs/slugs (v3); never dots, slashes or escapes */
const ID = '[A-Za-z0-9_-]{1,64}';

const OPERATIONS: readonly string[] = Object.entries(document.paths)
  .filter(([, item]) => item.get?.responses?.['200']?.content?.['application/json'] !== undefined)
  .map(([template]) => template);

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
  if (rawPath.split('/').some((segment) => segment === '.' || segment === '..')) return 'dot segments are not accepted in /api/ paths';
  if (rawPath.slice(1).split('/').slice(0, -1).some((segment) => segment === '')) return 'empty path segments are not accepted in /api/ paths';
  return undefined;
}
