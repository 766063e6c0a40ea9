/**
 * After an upstream 429 with Retry-After, no upstream call is made until then: the BFF answers from its saved copies
 * or says when to try again.
 */
import { UpstreamError } from './upstream-error.js';

/** A Retry-After longer than this is not trusted to silence the BFF. */
const MAX_RATE_LIMIT_PAUSE_MS = 5 * 60_000;

export interface RateLimitPause {
  /** while paused, the error a read answers with (its Retry-After the seconds left); otherwise undefined */
  current(): UpstreamError | undefined;
  /** an upstream failure: a 429 with Retry-After starts (or lengthens) the pause */
  note(error: UpstreamError): void;
}

export function createRateLimitPause(now: () => number): RateLimitPause {
  let pausedUntil = 0;
  return {
    current() {
      if (pausedUntil <= now()) return undefined;
      const seconds = String(Math.ceil((pausedUntil - now()) / 1000));
      return new UpstreamError('rate_limited', 'pausing after a 429', { retryAfter: seconds });
    },
    note(error) {
      if (error.reason !== 'rate_limited' || !error.details.retryAfter) return;
      pausedUntil = Math.max(
        pausedUntil,
        now() + Math.min(retryAfterMs(error.details.retryAfter), MAX_RATE_LIMIT_PAUSE_MS),
      );
    },
  };
}

function retryAfterMs(retryAfter: string): number {
  if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
  return Math.max(0, Date.parse(retryAfter) - Date.now());
}
