import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A url-safe random value with `bytes` of entropy (client ids, client secrets, authorization codes). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Compares a presented secret with a stored sha-256 hex digest in constant time: both sides are hashed to the
 * same length first, so neither the content nor the length of the stored value leaks through timing.
 */
export function secretMatchesHash(presented: string, storedHashHex: string): boolean {
  const presentedDigest = createHash('sha256').update(presented, 'utf8').digest();
  const storedDigest = Buffer.from(storedHashHex, 'hex');
  if (storedDigest.length !== presentedDigest.length) return false;
  return timingSafeEqual(presentedDigest, storedDigest);
}
