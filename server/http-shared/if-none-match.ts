/**
 * If-None-Match, the one implementation the API's cached reads and the BFF's read proxy both answer by (neither
 * imports the other: this folder is shared by both and imports neither).
 */

/** An entity tag as RFC 9110 8.8.3 writes it: optional W/, then a quoted string that may itself hold commas. */
const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;

/** The tag without its weakness: weak comparison (RFC 9110 8.8.3.2) ignores it. */
const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether a request's If-None-Match names the representation (so a GET is answered 304): `*`, or any listed tag
 * equal to one of `etags` by weak comparison, as RFC 9110 13.1.2 prescribes for If-None-Match. `etags` are every
 * tag the client may hold for this same content (the BFF's coded forms carry tags of their own).
 */
export function ifNoneMatchHolds(ifNoneMatch: string | null | undefined, etags: readonly string[]): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const held = new Set((ifNoneMatch.match(ENTITY_TAG) ?? []).map(opaque));
  return etags.some((etag) => held.has(opaque(etag.trim())));
}
