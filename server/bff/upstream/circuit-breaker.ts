/**
 * The upstream circuit breaker (docs/decisions/010-bff-circuit-breaker.md). A timeout or a refused connection opens
 * it: while open, reads answer at once (the saved copy, or the error that opened it) instead of each waiting for
 * the same timeout. One read at a time is let through in the background as a probe, at most one per
 * PROBE_INTERVAL_MS; any answer from the upstream closes the circuit. With no probe failing for OPEN_MS (no traffic),
 * it closes by itself and the next read simply tries.
 *
 * States: closed; open; open with a probe in flight.
 */
import { UpstreamError } from './upstream-error.js';

/** How long a failure keeps the circuit open when no probe says otherwise. */
export const OPEN_MS = 30_000;
/** The least time between two probes' starts (refused connections fail fast; a hung API is probed once per timeout). */
export const PROBE_INTERVAL_MS = 1_000;

export type Admission =
  /** closed: call the upstream */
  | { open: false }
  /** open: answer at once with `error`'s fallback; when `probe`, also make this call in the background, then call probeDone() */
  | { open: true; error: UpstreamError; probe: boolean };

export interface CircuitBreaker {
  /** `canProbe`: this read could be sent as the probe (no identical read is already waiting on the upstream) */
  admit(canProbe: boolean): Admission;
  /** the outcome of an upstream call: an answer of any status, or the error that stopped it */
  record(outcome: 'answered' | UpstreamError): void;
  /** a function of its own: called detached, as the probe's `finally` */
  probeDone: () => void;
}

/** Failures that cost the caller the connect or answer timeout: what the breaker exists to stop paying per read. */
const opensCircuit = (error: UpstreamError) => error.reason === 'timeout' || error.reason === 'unreachable';

export function createCircuitBreaker(
  now: () => number,
  onChange: (open: boolean, error?: UpstreamError) => void,
): CircuitBreaker {
  let open: { error: UpstreamError; since: number; lastProbeAt: number; probing: boolean } | undefined;

  const close = () => {
    open = undefined;
    onChange(false);
  };

  return {
    admit(canProbe) {
      if (!open) return { open: false };
      if (!open.probing && now() - open.since >= OPEN_MS) {
        close();
        return { open: false };
      }
      const probe = canProbe && !open.probing && now() - open.lastProbeAt >= PROBE_INTERVAL_MS;
      if (probe) {
        open.probing = true;
        open.lastProbeAt = now();
      }
      return { open: true, error: open.error, probe };
    },
    record(outcome) {
      if (outcome === 'answered' || !opensCircuit(outcome)) {
        // Any answer, even an error status, shows the upstream is reachable and answering in time.
        if (open) close();
      } else if (open) {
        open.error = outcome;
        open.since = now();
      } else {
        open = { error: outcome, since: now(), lastProbeAt: now(), probing: false };
        onChange(true, outcome);
      }
    },
    probeDone() {
      if (open) open.probing = false;
    },
  };
}
