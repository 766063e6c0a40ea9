import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.js';
import { problemResponse } from '../http/errors.js';
import { ApiProblem } from '../http/problem.js';
import { createRateLimiter, rateLimitHeaders, type RateLimitPolicy } from './rate-limiter.js';

/**
 * Limits each application (the bearer token's) to `limit.requests` per window on the routes after it, and each
 * address calling without a token (bearerAuth's anonymous callers) to `anonymousLimit.requests`; runs after
 * bearerAuth. Every answer carries the RateLimit headers; past the limit it is a 429 with Retry-After.
 */
export function rateLimit(limit: RateLimitPolicy, anonymousLimit: RateLimitPolicy): MiddlewareHandler<AppEnv> {
  const limiter = createRateLimiter(limit);
  const anonymousLimiter = createRateLimiter(anonymousLimit);
  return async (c, next) => {
    const anonymous = c.get('anonymous');
    const decision = anonymous
      ? anonymousLimiter.hit(`address:${anonymous.address}`)
      : limiter.hit(`application:${c.get('auth').applicationId}`);
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      return problemResponse(
        new ApiProblem(
          429,
          'rate_limited',
          `Rate limit of ${decision.limit} requests per ${decision.windowSeconds} seconds exceeded; retry in ${decision.resetSeconds} seconds`,
          [],
          headers,
        ),
      );
    }
    // Set before next(): headers added to a finished response make Hono copy the whole response.
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    await next();
    // Error responses are built outside the context and miss the prepared headers: add them in place.
    if (!c.res.headers.has('ratelimit-limit'))
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
