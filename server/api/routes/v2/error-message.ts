import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.js';

/**
 * v2 errors as the hosted service's clients read them: the hosted service answers `{"Message": "..."}` and its
 * clients test for that key, so every problem+json answer under /2018-03/ (401, 404, 400, 429, ...) also carries
 * `Message`, the same sentence as `detail`. The body stays RFC 9457 problem details for everyone else.
 */
export const v2ErrorMessage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!(c.res.headers.get('content-type') ?? '').startsWith('application/problem+json')) return;
  const problem = (await c.res.clone().json()) as { detail?: unknown };
  if (typeof problem.detail !== 'string') return;
  // Hono copies the old answer's headers onto the new one: a length of the old body must not survive.
  c.res.headers.delete('content-length');
  c.res = new Response(JSON.stringify({ ...problem, Message: problem.detail }), {
    status: c.res.status,
    headers: c.res.headers,
  });
};
