import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import type { Services } from '../services.js';
import { ApiProblem } from './problem.js';
import { claimIdempotencyKey, storeIdempotentAnswer, type StoredAnswer } from '../db/repositories/idempotency-keys.js';
import { appendAuditEntry, auditHeadOf, type AuditActor, type AuditHead } from '../db/repositories/audit-log.js';
import { collectAuditNotes, type AuditNote } from '../db/repositories/audit-notes.js';
import { bumpOrgVersion } from '../db/repositories/org-version.js';
import { sql } from 'drizzle-orm';
import type { AuthContext } from './context.js';
import type { DbOrTx } from '../db/database.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** the audit trail's "why": a header, since today's write bodies have no field for it */
const REASON_HEADER = 'x-audit-reason';
const REASON_MAX = 500;

/** Thrown inside the transaction to roll it back when the request did not succeed; never leaves this module. */
class RollBack extends Error {}

/**
 * Every write request is one unit of work, so that no handler does any of this itself:
 * - It runs in one transaction that every repository it calls joins (Database.transaction): a request that does
 *   not succeed changes nothing, however many writes it made before failing.
 * - A create sent with an `Idempotency-Key` header is answered once: repeating the same request (same method, path
 *   and body) with the same key replays the first answer instead of creating again; the same key with a different
 *   request is refused (422). The answer is stored in the same transaction as the write, so no crash between them
 *   can lose the replay or leave an answer for a write that did not happen. Keys live 24 hours.
 * - Once it commits, this instance's cached reads of the organization are dropped, so a read after the answer
 *   sees the write without waiting for the org_changed notification that tells every instance
 *   (docs/decisions/001-read-cache.md). Dropped after the commit, not before: a read in between would cache the
 *   old data again.
 * - A write that changed what tokens may do (`authChanged`: a user disabled) has this instance re-read its
 *   users and revocations after the commit, before it answers: on PostgreSQL the notification may come a moment
 *   after the answer, and the caller's next request must already be judged by the change.
 * - Its first statement bumps the organization's version (org-version.ts), which takes the organization's write
 *   lock, and reads who writes (the audit trail's and the score entries' actor, requestActor) in the same
 *   statement; once the handler succeeded it appends what the route's permission declaration recorded
 *   (http/permissions.ts: who, what, before and after) to the organization's audit trail, in the same transaction:
 *   no write commits without its entry, and the lock orders the entries (docs/decisions/062-audit-chain.md). A
 *   write route that declares no permission fails here rather than run unchecked. A write that fails rolls the bump
 *   back with everything else; one that succeeds without changing anything still tells the caches to refill.
 */
export function writeUnit(services: Services): MiddlewareHandler<AppEnv> {
  const { database, cache } = services;
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const idempotency = await idempotencyOf(c);
    const key = idempotency?.key;
    const requestHash = idempotency?.requestHash ?? '';
    const reason = reasonOf(c);
    const auth = c.get('auth');
    const orgId = auth.orgId;
    let replay: StoredAnswer | undefined;
    // commentary appends wait while it runs (writes-first.ts)
    const written = services.writesFirst.begin();
    try {
      await database.transaction(async (tx) => {
        const actor = await lockForWrite(tx, auth);
        c.set('actor', actor);
        c.set('db', database.db);
        if (key !== undefined) {
          const claim = await claimIdempotencyKey(database.db, { orgId, key, requestHash });
          if (!claim.claimed) {
            replay = claim.stored;
            return;
          }
        }
        const notes: AuditNote[] = [];
        await collectAuditNotes(notes, next);
        if (c.error || c.res.status < 200 || c.res.status >= 300) throw new RollBack();
        if (c.get('permission') === undefined) throw new Error(`${c.req.method} ${c.req.path} declares no permission`);
        const single = c.get('audit');
        const audits = c.get('audits') ?? (single ? [single] : []);
        // a body's own reason (a correction's, a forced release's) where the route took one, else the header's
        const why = c.get('reason') ?? reason;
        // read once the handler is done, under the lock: the head the last committed write left
        let head: AuditHead | undefined =
          audits.length > 0 || notes.length > 0 ? await auditHeadOf(tx, orgId) : undefined;
        for (const audit of audits) {
          head = await appendAuditEntry(
            tx,
            orgId,
            {
              actor,
              action: audit.spec.action,
              resource: {
                type: audit.spec.resource,
                id: audit.resourceId === undefined ? null : String(audit.resourceId),
              },
              competitionId: audit.competitionId,
              before: audit.before,
              after: audit.after,
              reason: why,
            },
            head,
          );
        }
        // what the write did besides (a sign-off it withdrew: repositories/audit-notes.ts), after its own entry
        for (const note of notes) head = await appendAuditEntry(tx, orgId, { actor, ...note, reason: why }, head);
        if (key === undefined) return;
        // Only a JSON answer can be replayed; every create answers JSON.
        if (!c.res.headers.get('content-type')?.includes('json')) throw new RollBack();
        await storeIdempotentAnswer(database.db, {
          orgId,
          key,
          status: c.res.status,
          body: await c.res.clone().json(),
        });
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
      return;
    } finally {
      written();
    }
    if (replay) return replayed(c, replay, requestHash);
    cache.invalidate(orgId);
    if (c.get('authChanged')) await services.tokens.state.refresh();
  };
}

/**
 * A create's Idempotency-Key and the hash of the request it names (method, path, query and body), or undefined
 * without one: what the write unit, and the batch of judges' writes (entry-batches.ts), claim and replay.
 */
export async function idempotencyOf(c: Context<AppEnv>): Promise<{ key: string; requestHash: string } | undefined> {
  const key = c.req.method === 'POST' ? idempotencyKeyOf(c) : undefined;
  if (key === undefined) return undefined;
  const requestHash = createHash('sha256')
    // the query too: a sheet sent as CSV names its caption, round and division there
    .update(`${c.req.method} ${c.req.path}${new URL(c.req.url).search}\n${await c.req.text()}`)
    .digest('hex');
  return { key, requestHash };
}

/** The first answer of a request's Idempotency-Key, or 422 when the key named another request. */
export function replayed(c: Context<AppEnv>, replay: StoredAnswer, requestHash: string): Response {
  if (replay.requestHash !== requestHash) {
    throw new ApiProblem(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different request', [
      { name: 'Idempotency-Key', in: 'header', message: 'already used for another request' },
    ]);
  }
  c.header('idempotent-replayed', 'true');
  return c.json(replay.body as object, replay.status as 200);
}

function idempotencyKeyOf(c: Context<AppEnv>): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw new ApiProblem(400, 'invalid_header', 'Idempotency-Key must be 1 to 200 visible ASCII characters', [
      { name: 'Idempotency-Key', in: 'header', message: 'malformed' },
    ]);
  }
  return key;
}

/** The X-Audit-Reason header, trimmed (null when absent or blank); too long a one is a 400. */
export function reasonOf(c: Context<AppEnv>): string | null {
  const reason = c.req.header(REASON_HEADER)?.trim();
  if (reason === undefined || reason === '') return null;
  if (reason.length > REASON_MAX) {
    throw new ApiProblem(400, 'invalid_header', `X-Audit-Reason must be at most ${REASON_MAX} characters`, [
      { name: 'X-Audit-Reason', in: 'header', message: 'too long' },
    ]);
  }
  return reason;
}

/**
 * The organization's write lock and who writes, in one statement: the write unit's first, and that of the audited
 * transaction of a write outside the unit (http/audited-transaction.ts).
 */
export async function lockForWrite(tx: DbOrTx, auth: AuthContext): Promise<AuditActor> {
  return (await lockForWriters(tx, auth.orgId, [auth]))[0];
}

/** The same for several writers of one organization whose writes commit together (entry-batches.ts), in input order. */
export async function lockForWriters(tx: DbOrTx, orgId: number, auths: readonly AuthContext[]): Promise<AuditActor[]> {
  const { alongside } = await bumpOrgVersion(
    tx,
    orgId,
    sql`json_build_array(${sql.join(auths.map(writerSql), sql`, `)})`,
  );
  const rows = (alongside ?? []) as (WriterRow | null)[];
  return auths.map((auth, index) => actorFrom(auth, rows[index] ?? null));
}

/** Who writes, as the write unit's first statement reads it (writerSql): a user's names, or a key's. */
interface WriterRow {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  name?: string;
}

/** The writer's row, a scalar JSON the version bump selects alongside (org-version.ts). */
function writerSql(auth: AuthContext) {
  return auth.userId !== undefined
    ? sql`(SELECT json_build_object('email', u.email, 'firstName', u.first_name, 'lastName', u.last_name)
        FROM users u WHERE u.id = ${auth.userId} AND u.org_id = ${auth.orgId})`
    : sql`(SELECT json_build_object('name', a.name) FROM applications a WHERE a.id = ${auth.applicationId})`;
}

/** The audit trail's "who": the signed-in user (by name, else email), else the key (by its name). */
function actorFrom(auth: AuthContext, row: WriterRow | null): AuditActor {
  if (auth.userId !== undefined) {
    const name = `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim() || row?.email || '';
    return { kind: 'user', id: String(auth.userId), name };
  }
  return { kind: 'key', id: auth.clientId, name: row?.name ?? '' };
}

/** The writer of the write request under way, as its write unit read it at its start. */
export function requestActor(c: Context<AppEnv>): AuditActor {
  const actor = c.get('actor');
  if (!actor) throw new Error(`${c.req.method} ${c.req.path} asked for its writer outside the write unit`);
  return actor;
}
