import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { signingKeys } from '../schema.js';
import { announceAuthChange } from './auth-changes.js';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

/** A new Ed25519 key as stored: PEM texts (server/api/auth/key-ring.ts makes them). */
export interface NewSigningKey {
  kid: string;
  publicKey: string;
  privateKey: string;
}

/** Serializes key changes across instances and the CLI (an arbitrary constant, distinct from migrate.ts's). */
const SIGNING_KEY_LOCK = 727275;

/** The key that signs now: not retired, with its private key. Several only if a rotation raced, newest first. */
const active = and(
  isNull(signingKeys.retiredAt),
  eq(signingKeys.algorithm, 'EdDSA'),
  isNotNull(signingKeys.privateKey),
);

/**
 * Makes sure a key signs: inserts `make()` unless an active key exists. Instances that start together on one
 * PostgreSQL take turns under an advisory lock, so exactly one of them creates the key.
 */
export async function ensureActiveSigningKey(db: DbOrTx, make: () => NewSigningKey): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`);
    const [current] = await tx.select({ kid: signingKeys.kid }).from(signingKeys).where(active).limit(1);
    if (!current) await tx.insert(signingKeys).values({ ...make(), algorithm: 'EdDSA' });
  });
}

/**
 * Makes `next` the signing key and tells every instance. Every other key is retired and loses its private key;
 * its public key stays so the tokens it signed keep verifying until they expire. With `invalidateTokens` the other
 * keys are deleted instead, and every token they signed stops verifying at once.
 */
export async function rotateSigningKey(
  db: DbOrTx,
  next: NewSigningKey,
  options: { invalidateTokens?: boolean } = {},
): Promise<{ kid: string; retired: string[]; deleted: string[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`);
    let retired: { kid: string }[] = [];
    let deleted: { kid: string }[] = [];
    if (options.invalidateTokens) {
      deleted = await tx.delete(signingKeys).returning({ kid: signingKeys.kid });
    } else {
      retired = await tx
        .update(signingKeys)
        .set({ retiredAt: sql`coalesce(${signingKeys.retiredAt}, now())`, privateKey: null })
        .where(or(isNull(signingKeys.retiredAt), isNotNull(signingKeys.privateKey)))
        .returning({ kid: signingKeys.kid });
    }
    await tx.insert(signingKeys).values({ ...next, algorithm: 'EdDSA' });
    await announceAuthChange(tx, 'signing-keys');
    return { kid: next.kid, retired: retired.map((row) => row.kid), deleted: deleted.map((row) => row.kid) };
  });
}

/** Every key that may still verify a token: the signing one and those retired less than `keepSeconds` ago. */
export async function listVerifyingKeys(db: DbOrTx, keepSeconds: number): Promise<SigningKeyRow[]> {
  return db
    .select()
    .from(signingKeys)
    .where(
      or(isNull(signingKeys.retiredAt), sql`${signingKeys.retiredAt} > now() - make_interval(secs => ${keepSeconds})`),
    )
    .orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
}

/** Deletes keys retired more than `keepSeconds` ago: every token they signed has expired. */
export async function purgeRetiredSigningKeys(db: DbOrTx, keepSeconds: number): Promise<number> {
  const deleted = await db
    .delete(signingKeys)
    .where(lt(signingKeys.retiredAt, sql`now() - make_interval(secs => ${keepSeconds})`))
    .returning({ kid: signingKeys.kid });
  return deleted.length;
}
