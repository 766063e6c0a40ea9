/**
 * Guids: an organization's and a competition's public names (v2's `o` and `c`), 8-4-4-4-12 hex digits. The API
 * writes them lower case; the hosted service's links have been seen in upper case, so both are accepted.
 */
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGuid(value: string): boolean {
  return GUID_PATTERN.test(value);
}
