/**
 * The organization's audit trail (docs/decisions/062-audit-chain.md): entries appended in the
 * transaction of the write they record, each carrying the hash of the one before. An entry's hash is the SHA-256
 * of the canonical JSON (keys sorted, no spaces) of everything it says but its own hash, previousHash included, so
 * a row changed by hand no longer matches its hash and a row deleted by hand breaks the next one's previousHash
 * (or, for the last one, the head kept in audit_heads).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { auditEntries, auditHeads, type AuditActor } from '../schema.js';

export type { AuditActor };

/** The previousHash of an organization's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditInput {
  actor: AuditActor;
  action: string;
  resource: { type: string; id: string | null };
  competitionId?: number | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

export interface AuditEntry {
  seq: number;
  at: string;
  actor: AuditActor;
  action: string;
  resource: { type: string; id: string | null };
  before: unknown;
  after: unknown;
  reason: string | null;
  hash: string;
  previousHash: string;
}

/** JSON with object keys sorted at every depth: one text per value, whatever order its keys were built in. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}

export function entryHash(entry: Omit<AuditEntry, 'hash'>): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        seq: entry.seq,
        at: entry.at,
        actor: entry.actor,
        action: entry.action,
        resource: entry.resource,
        before: entry.before,
        after: entry.after,
        reason: entry.reason,
        previousHash: entry.previousHash,
      }),
    )
    .digest('hex');
}

/** The last entry's seq and hash: what the next entry follows. */
export interface AuditHead {
  seq: number;
  hash: string;
}

/** The organization's head now (none before its first entry). Under its write lock, nothing moves it meanwhile. */
export async function auditHeadOf(tx: DbOrTx, orgId: number): Promise<AuditHead | undefined> {
  const [head] = await tx
    .select({ seq: auditHeads.seq, hash: auditHeads.hash })
    .from(auditHeads)
    .where(eq(auditHeads.orgId, orgId));
  return head;
}

/**
 * Appends one entry after `head` (auditHeadOf, or the entry appended before it in the same unit), the entry and the
 * new head in one statement. Must run in the transaction of the write it records, under the organization's write
 * lock (the version bump every write starts with, org-version.ts), which orders the organization's entries: the
 * head read after the lock is the last committed one. The primary key (org_id, seq) refuses a second entry N should
 * anything ever append without that lock. Answers the entry, which is the next one's head.
 */
export async function appendAuditEntry(
  tx: DbOrTx,
  orgId: number,
  input: AuditInput,
  head: AuditHead | undefined,
): Promise<AuditEntry> {
  return (await appendAuditEntries(tx, orgId, [input], head)).at(-1)!;
}

/**
 * Appends several entries after `head`, one after the other in the chain, and the new head, in one statement (a
 * batch of judges' writes appends each one's: http/entry-batches.ts). The same conditions as appendAuditEntry's.
 */
export async function appendAuditEntries(
  tx: DbOrTx,
  orgId: number,
  inputs: readonly AuditInput[],
  head: AuditHead | undefined,
): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  const rows = [];
  let previous = head;
  for (const input of inputs) {
    const unhashed = {
      seq: (previous?.seq ?? 0) + 1,
      at: new Date().toISOString(),
      actor: input.actor,
      action: input.action,
      resource: input.resource,
      before: input.before ?? null,
      after: input.after ?? null,
      reason: input.reason === null ? null : wellFormed(input.reason),
      previousHash: previous?.hash ?? GENESIS_HASH,
    };
    const entry: AuditEntry = { ...unhashed, hash: entryHash(unhashed) };
    entries.push(entry);
    rows.push({ ...entry, competitionId: input.competitionId ?? null });
    previous = entry;
  }
  const last = entries.at(-1);
  if (!last) return entries;
  // jsonb null and SQL NULL read back alike (null): "nothing" is stored as SQL NULL (NULLIF of the JSON null)
  await tx.execute(sql`
    WITH appended AS (
      INSERT INTO audit_entries (org_id, seq, at, actor, action, resource_type, resource_id, competition_id, before,
        after, reason, previous_hash, hash)
      SELECT ${orgId}, v.seq, v.at, v.actor, v.action, v.resource->>'type', v.resource->>'id', v."competitionId",
        NULLIF(v.before, 'null'::jsonb), NULLIF(v.after, 'null'::jsonb), v.reason, v."previousHash", v.hash
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(seq bigint, at text, actor jsonb,
        action text, resource jsonb, "competitionId" integer, before jsonb, after jsonb, reason text,
        "previousHash" text, hash text))
    INSERT INTO audit_heads (org_id, seq, hash) VALUES (${orgId}, ${last.seq}, ${last.hash})
    ON CONFLICT (org_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash`);
  return entries;
}

/**
 * A caller's text (a reason) as the database stores it: a lone UTF-16 surrogate is not text PostgreSQL keeps, so it
 * becomes U+FFFD, as the driver's UTF-8 encoding would make it, before the entry is hashed (else the hash would be of
 * an escape the stored row no longer has) and stored.
 */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

const entryColumns = {
  seq: auditEntries.seq,
  at: auditEntries.at,
  actor: auditEntries.actor,
  action: auditEntries.action,
  resourceType: auditEntries.resourceType,
  resourceId: auditEntries.resourceId,
  before: auditEntries.before,
  after: auditEntries.after,
  reason: auditEntries.reason,
  hash: auditEntries.hash,
  previousHash: auditEntries.previousHash,
};

interface EntryRow {
  seq: number;
  at: string;
  actor: AuditActor;
  action: string;
  resourceType: string;
  resourceId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  hash: string;
  previousHash: string;
}

function entryOf(row: EntryRow): AuditEntry {
  return {
    seq: row.seq,
    at: row.at,
    actor: row.actor,
    action: row.action,
    resource: { type: row.resourceType, id: row.resourceId },
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    hash: row.hash,
    previousHash: row.previousHash,
  };
}

/** The organization's entries in order, optionally of one competition and after a seq; at most `limit`. */
export async function listAuditEntries(
  db: DbOrTx,
  orgId: number,
  filter: { competitionId?: number; sinceSeq?: number; limit: number },
): Promise<AuditEntry[]> {
  const conditions = [eq(auditEntries.orgId, orgId)];
  if (filter.competitionId !== undefined) conditions.push(eq(auditEntries.competitionId, filter.competitionId));
  if (filter.sinceSeq !== undefined) conditions.push(gt(auditEntries.seq, filter.sinceSeq));
  const rows = await db
    .select(entryColumns)
    .from(auditEntries)
    .where(and(...conditions))
    .orderBy(asc(auditEntries.seq))
    .limit(filter.limit);
  return rows.map(entryOf);
}

/** The entries of some resources of one type (a performance's recordings), in order. */
export async function auditEntriesOf(
  db: DbOrTx,
  orgId: number,
  resource: { type: string; ids: readonly number[] },
): Promise<AuditEntry[]> {
  if (resource.ids.length === 0) return [];
  const rows = await db
    .select(entryColumns)
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.orgId, orgId),
        eq(auditEntries.resourceType, resource.type),
        inArray(
          auditEntries.resourceId,
          resource.ids.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(asc(auditEntries.seq));
  return rows.map(entryOf);
}

export type ChainCheck =
  | { ok: true; entries: number }
  | { ok: false; entries: number; firstMismatch: { seq: number; problem: string; entry: AuditEntry | null } };

const VERIFY_BATCH = 1000;

/**
 * Walks the organization's whole chain from its first entry: each seq one more than the last, each previousHash
 * the hash before it, each hash the hash of its entry, and the end the head recorded with the last append.
 * Answers the first entry that does not match.
 */
export async function verifyAuditChain(db: DbOrTx, orgId: number): Promise<ChainCheck> {
  let previous = { seq: 0, hash: GENESIS_HASH };
  let count = 0;
  const mismatch = (seq: number, problem: string, entry: AuditEntry | null): ChainCheck => ({
    ok: false,
    entries: count,
    firstMismatch: { seq, problem, entry },
  });
  for (;;) {
    const batch = await db
      .select(entryColumns)
      .from(auditEntries)
      .where(and(eq(auditEntries.orgId, orgId), gt(auditEntries.seq, previous.seq)))
      .orderBy(asc(auditEntries.seq))
      .limit(VERIFY_BATCH);
    for (const row of batch) {
      const entry = entryOf(row);
      count++;
      if (entry.seq !== previous.seq + 1)
        return mismatch(previous.seq + 1, `entry ${previous.seq + 1} is missing (the next one is ${entry.seq})`, entry);
      if (entry.previousHash !== previous.hash)
        return mismatch(entry.seq, 'its previousHash is not the hash of the entry before it', entry);
      const { hash, ...unhashed } = entry;
      if (entryHash(unhashed) !== hash)
        return mismatch(entry.seq, 'its contents do not match its hash (changed after it was written)', entry);
      previous = { seq: entry.seq, hash };
    }
    if (batch.length < VERIFY_BATCH) break;
  }
  const expected = (await auditHeadOf(db, orgId)) ?? { seq: 0, hash: GENESIS_HASH };
  if (expected.seq !== previous.seq || expected.hash !== previous.hash) {
    return mismatch(
      previous.seq + 1,
      `the chain ends at entry ${previous.seq} but its head is entry ${expected.seq}: later entries were deleted`,
      null,
    );
  }
  return { ok: true, entries: count };
}

/** Number of entries (for tests and the CLI). */
export async function countAuditEntries(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEntries)
    .where(eq(auditEntries.orgId, orgId));
  return Number(row?.n ?? 0);
}
