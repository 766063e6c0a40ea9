import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import type { Services } from '../services.js';
import { ApiProblem } from './problem.js';
import { claimIdempotencyKey, storeIdempotentAnswer, type StoredAnswer } from '../db/repositories/idempotency-keys.js';
import { appendAuditEntry, type AuditActor } from '../db/repositories/audit-log.js';
import { collectAuditNotes, type AuditNote } from '../db/repositories/audit-notes.js';
import { lockOrganization } from '../db/repositories/org-version.js';
import type { DbOrTx } from '../db/database.js';
import { applications, users } from '../db/schema.js';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from './context.js';

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
 * - It takes the organization's write lock first (org-version.ts lockOrganization), and once the handler succeeded
 *   it appends what the route's permission declaration recorded (http/permissions.ts: who, what, before and
 *   after) to the organization's audit trail, in the same transaction: no write commits without its entry, and
 *   the lock orders the entries (docs/decisions/062-audit-chain.md). A write route that declares no permission
 *   fails here rather than run unchecked.
 */
export function writeUnit(services: Services): MiddlewareHandler<AppEnv> {
  const { database, cache } = services;
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const key = c.req.method === 'POST' ? idempotencyKeyOf(c) : undefined;
    const reason = reasonOf(c);
    const auth = c.get('auth');
    const orgId = auth.orgId;
    const requestHash =
      key === undefined
        ? ''
        : createHash('sha256')
            // the query too: a sheet sent as CSV names its caption, round and division there
            .update(`${c.req.method} ${c.req.path}${new URL(c.req.url).search}\n${await c.req.text()}`)
            .digest('hex');
    let replay: StoredAnswer | undefined;
    try {
      await database.transaction(async () => {
        await lockOrganization(database.db, orgId);
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
        const actor = audits.length > 0 || notes.length > 0 ? await actorOf(database.db, auth) : undefined;
        for (const audit of audits) {
          await appendAuditEntry(database.db, orgId, {
            actor: actor!,
            action: audit.spec.action,
            resource: {
              type: audit.spec.resource,
              id: audit.resourceId === undefined ? null : String(audit.resourceId),
            },
            competitionId: audit.competitionId,
            before: audit.before,
            after: audit.after,
            reason: why,
          });
        }
        // what the write did besides (a sign-off it withdrew: repositories/audit-notes.ts), after its own entry
        for (const note of notes)
          if (actor) await appendAuditEntry(database.db, orgId, { actor, ...note, reason: why });
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
    }
    if (replay) {
      if (replay.requestHash !== requestHash) {
        throw new ApiProblem(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different request', [
          { name: 'Idempotency-Key', in: 'header', message: 'already used for another request' },
        ]);
      }
      c.header('idempotent-replayed', 'true');
      return c.json(replay.body as object, replay.status as 200);
    }
    cache.invalidate(orgId);
  };
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
 * A user's actor, once found in a request: a score write names it in its entries and again in its audit entry. A
 * user's AuthContext is made anew for every request (tokens.ts: with the user's standing), so nothing is kept past
 * one; a key's is shared by its token's requests and is looked up each time (a renamed key is named anew).
 */
const actors = new WeakMap<AuthContext, AuditActor>();

/** The audit trail's "who": the signed-in user (by name, else email), else the key (by its name). */
export async function actorOf(db: DbOrTx, auth: AuthContext): Promise<AuditActor> {
  const known = actors.get(auth);
  if (known) return known;
  const actor = await findActor(db, auth);
  if (auth.userId !== undefined) actors.set(auth, actor);
  return actor;
}

async function findActor(db: DbOrTx, auth: AuthContext): Promise<AuditActor> {
  if (auth.userId !== undefined) {
    const [user] = await db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, auth.userId), eq(users.orgId, auth.orgId)));
    const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || user?.email || '';
    return { kind: 'user', id: String(auth.userId), name };
  }
  const [application] = await db
    .select({ name: applications.name })
    .from(applications)
    .where(eq(applications.id, auth.applicationId));
  return { kind: 'key', id: auth.clientId, name: application?.name ?? '' };
}
