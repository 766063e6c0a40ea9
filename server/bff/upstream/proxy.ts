/**
 * Forwards allowed reads to the upstream and protects it: identical concurrent reads share one upstream call, good
 * answers stay fresh for `cacheTtlMs` and are then revalidated with If-None-Match, and during an outage or rate
 * limit the last good answer is served marked `X-BFF-Stale: 1`. After a timeout or refused connection, a circuit
 * breaker answers that way at once instead of waiting again (circuit-breaker.ts). The browser's own conditional
 * requests are answered here, from the saved ETag; nothing of the browser's request but `Accept` reaches the upstream.
 */
import type { BffConfig } from '../config.js';
import type { LogLine } from '../http/log.js';
import { createAuthorizedGet } from './authorized-get.js';
import { createCircuitBreaker } from './circuit-breaker.js';
import { createCoalescer } from './coalesce.js';
import { answerOf, type ProxyAnswer } from './proxy-answer.js';
import { createRateLimitPause } from './rate-limit-pause.js';
import { interpretUpstream, staleFallback, type Outcome, type SavedRead } from './read-outcome.js';
import { LruCache } from './response-cache.js';
import type { TokenCycler } from './token-cycler.js';
import { UpstreamError } from './upstream-error.js';
import type { UpstreamHttp } from './upstream-http.js';

export interface ReadRequest {
  /** the upstream path, already checked against the allow-list, e.g. "/events/12" */
  path: string;
  /** the raw query string with its "?", or "" */
  search: string;
  accept: string;
  /** the browser's Accept-Encoding: saved JSON goes out as br or gzip when it allows */
  acceptEncoding?: string;
  /** the browser's If-None-Match, answered by the BFF itself */
  ifNoneMatch?: string;
  requestId: string;
  /** ask the upstream even while the saved copy is fresh (the live watcher, decision 033) */
  revalidate?: boolean;
}

export interface ReadProxy {
  read(request: ReadRequest): Promise<ProxyAnswer>;
  readonly cachedEntries: number;
  /** upstream calls made since start (token requests aside): what the live bench counts */
  readonly upstreamCalls: number;
}

export function createReadProxy(deps: {
  config: BffConfig;
  http: UpstreamHttp;
  tokens: TokenCycler;
  now: () => number;
  log: (line: LogLine) => void;
}): ReadProxy {
  const { config, now, log } = deps;
  const saved = new LruCache<SavedRead>(config.cacheMaxEntries);
  const exchanges = createCoalescer<Outcome>();
  const upstream = createAuthorizedGet(deps.http, deps.tokens);
  const pause = createRateLimitPause(now);
  const circuit = createCircuitBreaker(now, (open, error) =>
    log(
      open
        ? { level: 'warn', msg: 'circuit open', reason: error?.reason, detail: error?.message }
        : { level: 'info', msg: 'circuit closed' },
    ),
  );
  const fallback = (error: UpstreamError, entry: SavedRead | undefined) =>
    staleFallback(error, entry, now(), config.staleMaxAgeMs);

  async function read(request: ReadRequest): Promise<ProxyAnswer> {
    const key = `${request.accept}\n${request.path}${request.search}`;
    const entry = saved.get(key);
    const answer = async (outcome: Outcome) => answerOf(outcome, request, now());
    if (entry && !request.revalidate && now() - entry.validatedAt < config.cacheTtlMs) {
      return answer({ kind: 'saved', entry, cache: 'HIT' });
    }
    const paused = pause.current();
    if (paused) return answer(fallback(paused, entry));
    const admission = circuit.admit(!exchanges.busy(key));
    if (admission.open) {
      // The probe runs on its own; this read does not wait for it.
      if (admission.probe) {
        exchanges
          .start(key, () => exchange(key, request, entry, true))
          .catch((error: unknown) =>
            log({
              level: 'error',
              msg: 'probe failed',
              detail: error instanceof Error ? error.message : String(error),
              requestId: request.requestId,
            }),
          )
          .finally(circuit.probeDone);
      }
      return answer(fallback(admission.error, entry));
    }
    // A revalidating read wants what the upstream holds now: an exchange already in flight may have been answered
    // before its change (a competition made a moment ago), so it shares the next one, started after it.
    return answer(
      await (request.revalidate
        ? exchanges.after(key, () => exchange(key, request, saved.get(key), false))
        : exchanges.join(key, () => exchange(key, request, entry, false))),
    );
  }

  /** The one upstream exchange for this key; identical reads meanwhile wait for it (coalesce.ts). */
  async function exchange(
    key: string,
    request: ReadRequest,
    entry: SavedRead | undefined,
    probe: boolean,
  ): Promise<Outcome> {
    const started = now();
    const headers: Record<string, string> = {
      accept: request.accept,
      'user-agent': 'marching-results-bff',
      'x-request-id': request.requestId,
    };
    if (entry?.upstreamEtag) headers['if-none-match'] = entry.upstreamEtag;

    let outcome: Outcome;
    try {
      const response = await upstream.get(`${request.path}${request.search}`, headers);
      circuit.record('answered');
      outcome = interpretUpstream(response, entry, now(), config.apiBaseUrl);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      circuit.record(error);
      outcome = { kind: 'failed', error };
    }
    if (outcome.kind === 'saved') saved.set(key, outcome.entry);
    if (outcome.kind === 'passthrough') saved.delete(key);
    if (outcome.kind !== 'failed') return outcome;

    const { error } = outcome;
    pause.note(error);
    const result = fallback(error, entry);
    log({
      level: 'warn',
      msg: 'upstream failure',
      reason: error.reason,
      detail: error.message,
      upstreamStatus: error.details.upstreamStatus,
      path: request.path,
      served: probe ? 'probe' : result.kind === 'saved' ? 'stale' : 'error',
      durationMs: now() - started,
      requestId: request.requestId,
    });
    return result;
  }

  return {
    read,
    get cachedEntries() {
      return saved.size;
    },
    get upstreamCalls() {
      return upstream.calls;
    },
  };
}
