/**
 * Failed authentications (token requests, sign-ins), limited per remote address and per subject and address
 * (docs/decisions/003-per-instance-rate-limits.md). Only failures are counted, so a client that knows its secret
 * is never slowed down by them; and no count is kept per subject alone, so nobody who merely knows a client id or
 * an email can lock its owner out: the attacker's address runs out, the owner's does not.
 */
import { createRateLimiter, type RateLimitDecision, type RateLimitPolicy } from './rate-limiter.js';

/**
 * An address may be shared (an office, a campus NAT, a CI runner): it has room for this many subjects' failures
 * before everything from it is refused, while one subject from one address gets `policy.requests`.
 */
export const CLIENTS_PER_ADDRESS = 4;

export interface FailureLimiter {
  /**
   * Whether another attempt from `address` (for `subject`, when it names one) may be made: the decision that
   * refuses it, else the one with the fewest failures left. Checked before the credentials are, so a right
   * guess made past the limit is refused like a wrong one and cannot be told apart.
   */
  check(address: string, subject?: string): RateLimitDecision;
  /** Counts a failed attempt; returns the decision after it (for the RateLimit headers). */
  fail(address: string, subject?: string): RateLimitDecision;
}

export function createFailureLimiter(policy: RateLimitPolicy, now?: () => number): FailureLimiter {
  const perAddress = createRateLimiter({ ...policy, requests: policy.requests * CLIENTS_PER_ADDRESS }, now);
  const perSubjectAndAddress = createRateLimiter(policy, now);
  // Keys are strings made from request data, held in Maps only (never object keys); the separator cannot occur
  // in an address.
  const pairKey = (address: string, subject: string) => `${address}|${subject}`;

  const tighter = (decisions: RateLimitDecision[]) =>
    decisions.find((decision) => !decision.allowed) ?? decisions.reduce((a, b) => (b.remaining < a.remaining ? b : a));

  return {
    check(address, subject) {
      const decisions = [perAddress.peek(address)];
      if (subject !== undefined) decisions.push(perSubjectAndAddress.peek(pairKey(address, subject)));
      return tighter(decisions);
    },
    fail(address, subject) {
      const decisions = [perAddress.hit(address)];
      if (subject !== undefined) decisions.push(perSubjectAndAddress.hit(pairKey(address, subject)));
      return tighter(decisions);
    },
  };
}
