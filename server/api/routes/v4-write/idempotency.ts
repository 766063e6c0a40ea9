import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.js';
import type { Services } from '../../services.js';
import { ApiProblem } from '../../http/problem.js';
import { idempotencyKeys } from '../../db/schema.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * Retries without duplicates: a create sent with an `Idempotency-Key` header is answered once; repeating the same
 * request (same method, path and body) with the same key replays the first answer instead of creating again.
 * The same key with a different request is refused (422). Keys live 24 hours.
 */
export function idempotency(services: Services): MiddlewareHandler<AppEnv> {
  const db = services.database.db;
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
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.orgId, orgId), eq(idempotencyKeys.key, key), sql`${idempotencyKeys.createdAt} > now() - interval '24 hours'`));
    if (stored) {
      if (stored.requestHash !== requestHash) {
        throw new ApiProblem(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different request', [
          { name: 'Idempotency-Key', in: 'header', message: 'already used for another request' },
        ]);
      }
      c.header('idempotent-replayed', 'true');
      return c.json(stored.body as object, stored.status as 200);
    }
    await next();
    if (c.res.status >= 200 && c.res.status < 300 && c.res.headers.get('content-type')?.includes('json')) {
      const body = await c.res.clone().json();
      await db
        .insert(idempotencyKeys)
        .values({ orgId, key, requestHash, status: c.res.status, body })
        .onConflictDoUpdate({
          target: [idempotencyKeys.orgId, idempotencyKeys.key],
          set: { requestHash, status: c.res.status, body, createdAt: new Date() },
        });
    }
  };
}
