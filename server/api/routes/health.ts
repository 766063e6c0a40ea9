/**
 * Health checks for a load balancer (docs/several-machines.md): liveness says the process answers, readiness says
 * it can serve now, which needs the database. Neither needs a token; neither says anything about the data.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../router.js';
import type { Services } from '../services.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/errors.js';

/** A readiness check answers within this, whatever the database does (a partition makes a query hang). */
const READY_CHECK_MS = 1000;

const Liveness = z.object({ status: z.literal('ok') }).openapi('Liveness');
const Readiness = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    database: z.enum(['up', 'down']).openapi({ description: 'whether the database answered a query just now' }),
    notifications: z.enum(['live', 'lost']).openapi({
      description:
        "whether other instances' writes are being heard (the read cache is in use only while live; lost, reads go to the database)",
    }),
  })
  .openapi('Readiness');

const liveness = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Liveness: the process is up and answering (no database involved)',
  description: 'A load balancer or supervisor restarts an instance that stops answering this.',
  security: [],
  responses: { 200: { description: 'Alive', content: { 'application/json': { schema: Liveness } } } },
});

const readiness = createRoute({
  method: 'get',
  path: '/health/ready',
  summary: 'Readiness: the instance can serve now (its database answers)',
  description: `A load balancer sends traffic only to instances answering 200. 503 (with Retry-After) while the database cannot be reached; the check itself answers within ${READY_CHECK_MS} ms.`,
  security: [],
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: Readiness } } },
    503: {
      description: 'Not ready: the database is unreachable',
      content: { 'application/json': { schema: Readiness } },
    },
  },
});

export function healthRoutes(services: Services) {
  const { database } = services;
  return newRouter()
    .openapi(liveness, (c) => c.json({ status: 'ok' as const }, 200, { 'cache-control': 'no-store' }))
    .openapi(readiness, async (c) => {
      let timer: NodeJS.Timeout | undefined;
      const up = await Promise.race([
        database.ping().catch(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_CHECK_MS))),
      ]);
      clearTimeout(timer);
      const body = {
        database: up ? ('up' as const) : ('down' as const),
        notifications: database.notificationsLive() ? ('live' as const) : ('lost' as const),
      };
      if (up) return c.json({ status: 'ready' as const, ...body }, 200, { 'cache-control': 'no-store' });
      return c.json({ status: 'unavailable' as const, ...body }, 503, {
        'cache-control': 'no-store',
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    });
}
