/**
 * The limiter core: fixed windows counted in this process (docs/decisions/003-per-instance-rate-limits.md).
 * Shared by the data routes (per application) and the token endpoint (per client, or per address).
 */
export interface RateLimitPolicy {
  requests: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** whole seconds until the current window ends and the count starts over (at least 1) */
  resetSeconds: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for `key` and says whether it is within the limit. */
  hit(key: string): RateLimitDecision;
  /** Says whether one more request for `key` would be within the limit, without counting it. */
  peek(key: string): RateLimitDecision;
}

export function createRateLimiter(policy: RateLimitPolicy, now: () => number = Date.now): RateLimiter {
  const windowMs = policy.windowSeconds * 1000;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  // Drops windows that have ended, at most once per window length, so keys that stop calling do not pile up.
  function sweep(at: number): void {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, window] of windows) {
      if (at - window.start >= windowMs) windows.delete(key);
    }
  }

  function decision(at: number, start: number, used: number, allowed: boolean): RateLimitDecision {
    return {
      allowed,
      limit: policy.requests,
      remaining: Math.max(0, policy.requests - used),
      resetSeconds: Math.max(1, Math.ceil((start + windowMs - at) / 1000)),
      windowSeconds: policy.windowSeconds,
    };
  }

  return {
    hit(key) {
      const at = now();
      sweep(at);
      let window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return decision(at, window.start, window.count, window.count <= policy.requests);
    },
    peek(key) {
      const at = now();
      const window = windows.get(key);
      if (!window || at - window.start >= windowMs) return decision(at, at, 0, true);
      return decision(at, window.start, window.count, window.count < policy.requests);
    },
  };
}

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): the separate RateLimit-* fields many
 * clients read, the combined RateLimit field, and the policy. Past the limit, also Retry-After.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    RateLimit: `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`,
    'RateLimit-Policy': `${decision.limit};w=${decision.windowSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}
