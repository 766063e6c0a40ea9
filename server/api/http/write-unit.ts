import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import type { Services } from '../services.js';
import { ApiProblem } from './problem.js';
import { claimIdempotencyKey, storeIdempotentAnswer, type StoredAnswer } from '../db/repositories/idempotency-keys.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

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
 */
export function writeUnit(services: Services): MiddlewareHandler<AppEnv> {
  const { database, cache } = services;
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const key = c.req.method === 'POST' ? idempotencyKeyOf(c) : undefined;
    const orgId = c.get('auth').orgId;
    const requestHash =
      key === undefined
        ? ''
        : createHash('sha256')
            .update(`${c.req.method} ${c.req.path}\n${await c.req.text()}`)
            .digest('hex');
    let replay: StoredAnswer | undefined;
    try {
      await database.transaction(async () => {
        if (key !== undefined) {
          const claim = await claimIdempotencyKey(database.db, { orgId, key, requestHash });
          if (!claim.claimed) {
            replay = claim.stored;
            return;
          }
        }
        await next();
        if (c.error || c.res.status < 200 || c.res.status >= 300) throw new RollBack();
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
