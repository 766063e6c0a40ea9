import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the base64url (unpadded) sha-256 of the verifier: always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isS256Challenge(challenge: string): boolean {
  return S256_CHALLENGE.test(challenge);
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** True when `verifier` is well formed and hashes to `challenge` (RFC 7636 §4.6, S256 only). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier) || !S256_CHALLENGE.test(challenge)) return false;
  return timingSafeEqual(Buffer.from(s256Challenge(verifier)), Buffer.from(challenge));
}
