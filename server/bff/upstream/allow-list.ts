/**
 * The upstream read operations the browser may reach through `/api/`: the reads of the API's OpenAPI document,
 * generated into api-operations.generated.ts. Everything else, including the sign-in page, the token endpoint and
 * every write, is refused before any upstream call.
 */
import {
  AUDIO_READS,
  PREVIEW_READS,
  READ_OPERATIONS,
  USER_READS,
  WRITE_OPERATIONS,
} from './api-operations.generated.js';

/** one path segment holding an id: integer ids (v4) or GUIDs/slugs (v3); never dots, slashes or escapes */
const ID = '[A-Za-z0-9_-]{1,64}';

const OPERATIONS = READ_OPERATIONS;

const patternOf = (template: string) => new RegExp(`^${template.replace(/\{\w+\}/g, ID)}$`);
const PATTERNS = OPERATIONS.map(patternOf);
const WRITES = WRITE_OPERATIONS.map(({ method, template }) => ({ method, template, pattern: patternOf(template) }));
const USER_READ_PATTERNS = USER_READS.map(patternOf);
const PREVIEW_PATTERNS = PREVIEW_READS.map(patternOf);
const AUDIO_PATTERNS = AUDIO_READS.map(patternOf);

/** A commentary recording's audio (the API's reads answering audio): streamed for a signed-in person, with Range. */
export function isAudioRead(path: string): boolean {
  return AUDIO_PATTERNS.some((pattern) => pattern.test(path));
}

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

/** The methods the API documents as writes on `path` (empty when it has none): what a signed-in user may send. */
export function allowedWriteMethods(path: string): string[] {
  return WRITES.filter((write) => write.pattern.test(path)).map((write) => write.method);
}

/**
 * True when the read's answer depends on who asks (decision 086): the caller itself (/me...), a permission beyond
 * `read` (audit, progress, users), or any `preview` in the query of a read that takes it. With a session such a
 * read goes with the user's token and never through the shared cache.
 */
export function isUserRead(path: string, search: string): boolean {
  if (USER_READ_PATTERNS.some((pattern) => pattern.test(path))) return true;
  return PREVIEW_PATTERNS.some((pattern) => pattern.test(path)) && new URLSearchParams(search).has('preview');
}
