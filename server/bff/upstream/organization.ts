/**
 * The organization whose data the BFF reads. v2's listings take it as `o` (the organization's guid): every real
 * client of the hosted service sends it, so the BFF always does, whatever our own API would default to. It comes
 * from API_ORGANIZATION, or, where the upstream allows, from its access token: our API's tokens are JWTs that carry
 * `org_guid`; the hosted service's tokens are opaque, so there it must be configured.
 */
import { isGuid } from '../../../domain/guid.js';
import { ORGANIZATION_READS } from './api-operations.generated.js';
import type { TokenCycler } from './token-cycler.js';

/** The operations that take `o`, as the API's document declares them: v2's listings. */
const TAKES_ORGANIZATION = new Set(ORGANIZATION_READS);

export interface OrganizationSource {
  /** the configured guid, else the one the upstream's token names, else undefined (the token names none) */
  guid(): Promise<string | undefined>;
}

export function createOrganizationSource(configured: string | undefined, tokens: TokenCycler): OrganizationSource {
  let discovered: string | undefined;
  return {
    async guid() {
      if (configured) return configured;
      // A token's organization never changes, so the first one that names it settles it. A failed token request
      // throws here (an UpstreamError) and is tried again by the next caller.
      discovered ??= organizationInToken((await tokens.token()).value);
      return discovered;
    },
  };
}

/** The `org_guid` claim of a JWT access token, read without verifying it (it only picks what to ask for). */
export function organizationInToken(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    const guid =
      claims !== null && typeof claims === 'object' ? (claims as { org_guid?: unknown }).org_guid : undefined;
    return typeof guid === 'string' && isGuid(guid) ? guid : undefined;
  } catch {
    return undefined;
  }
}

export function takesOrganization(path: string): boolean {
  return TAKES_ORGANIZATION.has(path);
}

/** The raw query ("?..." or "") with `o` set to the organization, replacing any `o` the caller sent. */
export function withOrganization(search: string, guid: string): string {
  const params = new URLSearchParams(search);
  params.set('o', guid);
  return `?${params.toString()}`;
}

export const MISSING_ORGANIZATION_DETAIL =
  "The results API's access tokens do not name the organization: set API_ORGANIZATION to the organization's GUID.";
