/**
 * The keys access tokens are signed and verified with (docs/decisions/009-signing-keys-and-revocation.md): one
 * Ed25519 key signs (EdDSA); keys it replaced keep only their public key, to verify the tokens they signed until
 * those expire. HS256 secrets from before the switch verify their tokens the same way and sign nothing.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { NewSigningKey, SigningKeyRow } from '../db/repositories/signing-keys.js';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

export interface VerifyingKey {
  kid: string;
  algorithm: 'EdDSA' | 'HS256';
  key: KeyObject | Uint8Array;
  /** when a newer key took over signing; undefined for the key that signs now */
  retiredAtMs?: number;
}

export interface KeyRing {
  /** the key new tokens are signed with */
  signing: SigningKey;
  verifying(kid: string): VerifyingKey | undefined;
}

/** A fresh Ed25519 key pair with a random key id, as PEM texts for the signing_keys table. */
export function newSigningKey(): NewSigningKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    kid: `ed25519-${randomBytes(12).toString('base64url')}`,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * The key ring the rows describe (listVerifyingKeys: newest first). `previous` lends the keys it already parsed
 * and, when the rows hold no private key at all, its signing key: a rotation just discarded it, and until this
 * instance reads the new key it may keep signing with the one it has (its public key verifies for a while yet).
 */
export function keyRingFrom(rows: SigningKeyRow[], previous?: KeyRing): KeyRing {
  const keys = new Map<string, VerifyingKey>();
  let signing: SigningKey | undefined;
  for (const row of rows) {
    const retiredAtMs = row.retiredAt?.getTime();
    const known = previous?.verifying(row.kid);
    if (row.algorithm === 'EdDSA' && row.publicKey) {
      keys.set(row.kid, {
        kid: row.kid,
        algorithm: 'EdDSA',
        key: known?.key ?? createPublicKey(row.publicKey),
        retiredAtMs,
      });
      if (!signing && row.privateKey && retiredAtMs === undefined) {
        signing =
          previous?.signing.kid === row.kid
            ? previous.signing
            : { kid: row.kid, privateKey: createPrivateKey(row.privateKey) };
      }
    } else if (row.algorithm === 'HS256' && row.secret) {
      keys.set(row.kid, {
        kid: row.kid,
        algorithm: 'HS256',
        key: new Uint8Array(Buffer.from(row.secret, 'base64url')),
        retiredAtMs: retiredAtMs ?? 0,
      });
    }
  }
  signing ??= previous?.signing;
  if (!signing) throw new Error('No signing key: ensureActiveSigningKey must run first');
  return { signing, verifying: (kid) => keys.get(kid) };
}
