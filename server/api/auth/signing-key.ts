import { randomBytes } from 'node:crypto';
import { eq, desc } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import { signingKeys } from '../db/schema.js';

export interface SigningKey {
  kid: string;
  secret: Uint8Array;
}

/** The key every instance signs with. One fixed id makes "create it once" a plain primary-key conflict. */
const PRIMARY_KID = 'hs256-1';

/**
 * Returns the newest signing key, creating the first one if there is none. Instances that start together on
 * one PostgreSQL all try the INSERT; ON CONFLICT DO NOTHING lets exactly one win and the re-read gives every
 * instance that winner's secret.
 */
export async function ensureSigningKey(db: DbOrTx): Promise<SigningKey> {
  await db
    .insert(signingKeys)
    .values({ kid: PRIMARY_KID, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid)).limit(1);
  return toKey(row);
}

export async function findSigningKey(db: DbOrTx, kid: string): Promise<SigningKey | undefined> {
  const [row] = await db.select().from(signingKeys).where(eq(signingKeys.kid, kid));
  return row ? toKey(row) : undefined;
}

function toKey(row: { kid: string; secret: string }): SigningKey {
  return { kid: row.kid, secret: new Uint8Array(Buffer.from(row.secret, 'base64url')) };
}
