import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.js';
import type { Services } from '../../services.js';
import { ApiProblem } from '../../http/problem.js';
import { claimIdempotencyKey, storeIdempotentAnswer, type StoredAnswer } from '../../db/repositories/idempotency-keys.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** Thrown inside the transaction to roll it back when the request did not succeed; never leaves this module. */
class NothingToStore extends Error {}

/**
 * Retries without duplicates: a create sent with an `Idempotency-Key` header is answered once; repeating the same
 * request (same method, path and body) with the same key replays the first answer instead of creating again.
 * The same key with a different request is refused (422). Keys live 24 hours.
 *
 * The request runs in one transaction that its writes join (Database.transaction), and its answer is stored in
 * that same transaction: the write and the stored answer commit together or not at all, so no crash between
 * them can lose the replay or leave an answer for a write that did not happen. A request that does not succeed
 * rolls back whole and stores nothing.
 */
export function idempotency(services: Services): MiddlewareHandler<AppEnv> {
  const { database } = services;
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || c.req.method !== 'POST') return next();
    if (!KEY_PATTERN.test(key)) {
      throw new ApiProblem(400, 'invalid_header', 'Idempotency-Key must be 1 to 200 visible ASCII characters', [
        { name: 'Idempotency-Key', in: 'header', message: 'malformed' },
      ]);
    }
    const orgId = c.get('auth').orgId;
    const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${await c.req.text()}`).digest('hex');
    let replay: StoredAnswer | undefined;
    try {
      await database.transaction(async () => {
        const claim = await claimIdempotencyKey(database.db, { orgId, key, requestHash });
        if (!claim.claimed) {
          replay = claim.stored;
          return;
        }
        await next();
        const succeeded = !c.error && c.res.status >= 200 && c.res.status < 300 && c.res.headers.get('content-type')?.includes('json');
        if (!succeeded) throw new NothingToStore();
        await storeIdempotentAnswer(database.db, { orgId, key, status: c.res.status, body: await c.res.clone().json() });
      });
    } catch (error) {
      if (!(error instanceof NothingToStore)) throw error;
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
    // The handler dropped the cached reads before the commit; a read on this instance in between may have cached
    // the old data again. Drop them once more now that the write is visible.
    services.cache.invalidate(orgId);
  };
}
