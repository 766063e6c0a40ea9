import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.js';
import { problemResponse } from '../http/errors.js';
import { ApiProblem } from '../http/problem.js';
import { createRateLimiter, rateLimitHeaders, type RateLimitPolicy } from './rate-limiter.js';

/**
 * Limits each application (the bearer token's) to `limit.requests` per window on the routes after it; runs after
 * bearerAuth. Every answer carries the RateLimit headers; past the limit it is a 429 with Retry-After.
 */
export function rateLimit(limit: RateLimitPolicy): MiddlewareHandler<AppEnv> {
  const limiter = createRateLimiter(limit);
  return async (c, next) => {
    const decision = limiter.hit(`application:${c.get('auth').applicationId}`);
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
    await next();
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  };
}
