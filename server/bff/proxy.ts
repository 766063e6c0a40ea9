/**
 * Forwards allowed reads to the upstream and protects it: identical concurrent reads share one upstream call, good
 * answers stay fresh for `cacheTtlMs` and are then revalidated with If-None-Match, and during an outage or rate
 * limit the last good answer is served marked `X-BFF-Stale: 1`. After a timeout or refused connection, a circuit
 * breaker answers that way at once instead of waiting again (circuit-breaker.ts). The browser's own conditional
 * requests are answered here, from the saved ETag; nothing of the browser's request but `Accept` reaches the upstream.
 */
import {
  EncodedBodies,
  encodedEtag,
  etagOf,
  isCompressible,
  negotiateEncoding,
  representationEtags,
} from './compression.js';
import { createCircuitBreaker } from './circuit-breaker.js';
import { ifNoneMatchHolds } from '../http-shared/if-none-match.js';
import type { BffConfig } from './config.js';
import type { LogLine } from './log.js';
import { problemForUpstream, problemJson, PROBLEM_CONTENT_TYPE } from './problems.js';
import { LruCache } from './response-cache.js';
import type { AccessToken, TokenCycler } from './token-cycler.js';
import { UpstreamError, isOutage, retryAfterOf, serverError } from './upstream-error.js';
import type { UpstreamHttp, UpstreamResponse } from './upstream-http.js';

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

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer<ArrayBuffer> | string | null;
}

export interface ReadProxy {
  read(request: ReadRequest): Promise<ProxyAnswer>;
  readonly cachedEntries: number;
  /** upstream calls made since start (token requests aside): what the live bench counts */
  readonly upstreamCalls: number;
}

interface SavedRead {
  body: Buffer<ArrayBuffer>;
  /** br and gzip forms of body, made on first request and kept with it (a 304 from the upstream keeps them too) */
  encoded: EncodedBodies;
  contentType: string;
  /** the ETag the browser sees: the upstream's, or one computed from the body when the upstream sent none */
  etag: string;
  /** the upstream's own ETag, the only one ever sent back to it */
  upstreamEtag?: string;
  totalCount?: string;
  /** already rewritten to /api/ paths */
  link?: string;
  /** when the upstream last confirmed this body (200 or 304) */
  validatedAt: number;
}

type Outcome =
  | { kind: 'saved'; entry: SavedRead; cache: 'HIT' | 'MISS' | 'REVALIDATED' | 'STALE' }
  | { kind: 'passthrough'; status: number; contentType: string; body: Buffer<ArrayBuffer> | string }
  | { kind: 'failed'; error: UpstreamError };

/** A Retry-After longer than this is not trusted to silence the BFF. */
const MAX_RATE_LIMIT_PAUSE_MS = 5 * 60_000;

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;
const ETAG = /^(?:W\/)?"[\x21\x23-\x7e]*"$/;

export function createReadProxy(deps: {
  config: BffConfig;
  http: UpstreamHttp;
  tokens: TokenCycler;
  now: () => number;
  log: (line: LogLine) => void;
}): ReadProxy {
  const { config, http, tokens, now, log } = deps;
  const saved = new LruCache<SavedRead>(config.cacheMaxEntries);
  const inFlight = new Map<string, Promise<Outcome>>();
  /** per key, the exchange revalidating reads wait for when one was already in flight as they came (revalidated) */
  const nextExchange = new Map<string, Promise<Outcome>>();
  /** set by an upstream 429 with Retry-After: until then no upstream call is made */
  let rateLimitedUntil = 0;
  let upstreamCalls = 0;
  const circuit = createCircuitBreaker(now, (open, error) =>
    log(
      open
        ? { level: 'warn', msg: 'circuit open', reason: error?.reason, detail: error?.message }
        : { level: 'info', msg: 'circuit closed' },
    ),
  );

  async function read(request: ReadRequest): Promise<ProxyAnswer> {
    const key = `${request.accept}\n${request.path}${request.search}`;
    const entry = saved.get(key);
    if (entry && !request.revalidate && now() - entry.validatedAt < config.cacheTtlMs) {
      return answer({ kind: 'saved', entry, cache: 'HIT' }, request);
    }
    if (rateLimitedUntil > now()) {
      const seconds = String(Math.ceil((rateLimitedUntil - now()) / 1000));
      const error = new UpstreamError('rate_limited', 'pausing after a 429', { retryAfter: seconds });
      return answer(fallback(error, entry), request);
    }
    const admission = circuit.admit(!inFlight.has(key));
    if (admission.open) {
      // The probe runs on its own; this read does not wait for it.
      if (admission.probe) {
        share(key, request, entry, true)
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
      return answer(fallback(admission.error, entry), request);
    }
    return answer(
      await (request.revalidate
        ? revalidated(key, request, entry)
        : (inFlight.get(key) ?? share(key, request, entry, false))),
      request,
    );
  }

  /**
   * A revalidating read wants what the upstream holds now, and an exchange already in flight may have been answered
   * before its change (a competition made a moment ago): it waits for that one and shares the next, started after
   * it, with any other revalidating read that arrived meanwhile. At most one upstream read waits per key.
   */
  function revalidated(key: string, request: ReadRequest, entry: SavedRead | undefined): Promise<Outcome> {
    const current = inFlight.get(key);
    if (!current) return share(key, request, entry, false);
    let next = nextExchange.get(key);
    if (!next) {
      next = current
        .catch(() => undefined)
        .then(() => {
          nextExchange.delete(key);
          return inFlight.get(key) ?? share(key, request, saved.get(key), false);
        });
      nextExchange.set(key, next);
    }
    return next;
  }

  /** The one upstream exchange for this key; identical reads meanwhile wait for it. */
  function share(key: string, request: ReadRequest, entry: SavedRead | undefined, probe: boolean): Promise<Outcome> {
    const shared = exchange(key, request, entry, probe).finally(() => inFlight.delete(key));
    inFlight.set(key, shared);
    return shared;
  }

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
      const response = await authorizedGet(`${request.path}${request.search}`, headers);
      circuit.record('answered');
      outcome = interpret(key, response, entry);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      circuit.record(error);
      outcome = { kind: 'failed', error };
    }
    if (outcome.kind !== 'failed') return outcome;

    const { error } = outcome;
    if (error.reason === 'rate_limited' && error.details.retryAfter) {
      rateLimitedUntil = Math.max(
        rateLimitedUntil,
        now() + Math.min(retryAfterMs(error.details.retryAfter), MAX_RATE_LIMIT_PAUSE_MS),
      );
    }
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

  /** One 401 earns one renewed token and one retry; a second 401 is an error, never a loop. */
  async function authorizedGet(pathAndQuery: string, headers: Record<string, string>): Promise<UpstreamResponse> {
    const get = (token: AccessToken) => {
      upstreamCalls += 1;
      return http.request({
        method: 'GET',
        pathAndQuery,
        headers: { ...headers, authorization: `Bearer ${token.value}` },
      });
    };
    const token = await tokens.token();
    const first = await get(token);
    if (first.status !== 401) return first;
    const second = await get(await tokens.renewAfterRejection(token));
    if (second.status === 401) {
      throw new UpstreamError('token_rejected', 'a renewed token was refused too (401 after one retry)', {
        upstreamStatus: 401,
      });
    }
    return second;
  }

  function interpret(key: string, response: UpstreamResponse, entry: SavedRead | undefined): Outcome {
    const { status, headers } = response;
    const contentType = String(headers['content-type'] ?? '');
    if (status === 304) {
      if (!entry?.upstreamEtag) {
        return {
          kind: 'failed',
          error: new UpstreamError('bad_response', 'unasked-for 304', { upstreamStatus: status }),
        };
      }
      entry.validatedAt = now();
      saved.set(key, entry);
      return { kind: 'saved', entry, cache: 'REVALIDATED' };
    }
    if (status === 429) {
      const error = new UpstreamError('rate_limited', `upstream answered ${status}`, {
        upstreamStatus: status,
        retryAfter: retryAfterOf(headers['retry-after']),
      });
      return { kind: 'failed', error };
    }
    if (status >= 500) return { kind: 'failed', error: serverError(status, 'upstream', headers['retry-after']) };
    if (status < 200 || (status >= 300 && status < 400)) {
      return {
        kind: 'failed',
        error: new UpstreamError('bad_response', `upstream answered ${status}`, { upstreamStatus: status }),
      };
    }
    if (status === 200) {
      // Only JSON is relayed: anything else on this origin could be a script or a page under our CSP's 'self'.
      if (!JSON_TYPE.test(contentType)) {
        return {
          kind: 'failed',
          error: new UpstreamError('bad_response', 'a 200 that is not JSON', { upstreamStatus: status }),
        };
      }
      const upstreamEtag = typeof headers.etag === 'string' && ETAG.test(headers.etag) ? headers.etag : undefined;
      const totalCount = headers['x-total-count'];
      const link = typeof headers.link === 'string' ? rewriteLinks(headers.link, config.apiBaseUrl) : undefined;
      const fresh: SavedRead = {
        body: response.body,
        encoded: new EncodedBodies(response.body),
        contentType,
        etag: upstreamEtag ?? etagOf(response.body),
        upstreamEtag,
        totalCount: typeof totalCount === 'string' && /^\d{1,15}$/.test(totalCount) ? totalCount : undefined,
        link: link || undefined,
        validatedAt: now(),
      };
      saved.set(key, fresh);
      return { kind: 'saved', entry: fresh, cache: 'MISS' };
    }
    // 4xx (and odd 2xx) pass through unchanged but are not saved; a saved copy of something now 404 is void.
    saved.delete(key);
    if (JSON_TYPE.test(contentType)) return { kind: 'passthrough', status, contentType, body: response.body };
    return {
      kind: 'passthrough',
      status,
      contentType: PROBLEM_CONTENT_TYPE,
      body: problemJson({ status, code: 'upstream_error', detail: `The results API answered ${status}.` }),
    };
  }

  function fallback(error: UpstreamError, entry: SavedRead | undefined): Outcome {
    if (entry && isOutage(error) && now() - entry.validatedAt <= config.staleMaxAgeMs) {
      return { kind: 'saved', entry, cache: 'STALE' };
    }
    return { kind: 'failed', error };
  }

  async function answer(outcome: Outcome, request: ReadRequest): Promise<ProxyAnswer> {
    if (outcome.kind === 'failed') {
      const problem = problemForUpstream(outcome.error);
      return {
        status: problem.status,
        headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-cache', ...problem.headers },
        body: problemJson(problem),
      };
    }
    if (outcome.kind === 'passthrough') {
      return {
        status: outcome.status,
        headers: { 'content-type': outcome.contentType, 'cache-control': 'no-cache' },
        body: outcome.body,
      };
    }
    const { entry, cache } = outcome;
    const compressible = isCompressible(entry.contentType, entry.body.length);
    const encoding = compressible ? negotiateEncoding(request.acceptEncoding) : undefined;
    const headers: Record<string, string> = {
      etag: encodedEtag(entry.etag, encoding),
      'cache-control': 'no-cache',
      'x-bff-cache': cache,
    };
    if (compressible) headers.vary = 'Accept-Encoding';
    if (cache === 'STALE') {
      headers['x-bff-stale'] = '1';
      headers.age = String(Math.max(0, Math.floor((now() - entry.validatedAt) / 1000)));
    }
    // Whichever coding the browser's copy came in, it holds this body.
    if (ifNoneMatchHolds(request.ifNoneMatch, representationEtags(entry.etag))) {
      return { status: 304, headers, body: null };
    }
    headers['content-type'] = entry.contentType;
    if (entry.totalCount) headers['x-total-count'] = entry.totalCount;
    if (entry.link) headers.link = entry.link;
    if (!encoding) return { status: 200, headers, body: entry.body };
    headers['content-encoding'] = encoding;
    return { status: 200, headers, body: (await entry.encoded.get(encoding)) as Buffer<ArrayBuffer> };
  }

  return {
    read,
    get cachedEntries() {
      return saved.size;
    },
    get upstreamCalls() {
      return upstreamCalls;
    },
  };
}

/**
 * Rewrites a Link header's targets from the upstream to /api/ paths. Targets elsewhere are dropped: the browser
 * could not follow them through the BFF anyway.
 */
function rewriteLinks(header: string, apiBaseUrl: string): string {
  const base = new URL(`${apiBaseUrl}/`);
  const basePath = base.pathname.replace(/\/$/, '');
  const links: string[] = [];
  for (const [, target, params] of header.matchAll(/<([^>]*)>([^,<]*)/g)) {
    if (!URL.canParse(target, base.href)) continue;
    const url = new URL(target, base);
    if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) continue;
    links.push(`</api${url.pathname.slice(basePath.length)}${url.search}>${params.trimEnd()}`);
  }
  return links.join(', ');
}

function retryAfterMs(retryAfter: string): number {
  if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
  return Math.max(0, Date.parse(retryAfter) - Date.now());
}
