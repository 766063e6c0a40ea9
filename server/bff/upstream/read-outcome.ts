/**
 * What the read proxy makes of an upstream answer: a body to keep and serve (JSON only), a 4xx to pass on unkept,
 * or a failure; and, for a failure during an outage, the saved copy that is served instead (marked stale).
 */
import { EncodedBodies, etagOf } from '../http/compression.js';
import { problemJson, PROBLEM_CONTENT_TYPE } from '../http/problems.js';
import { UpstreamError, isOutage, retryAfterOf, serverError } from './upstream-error.js';
import type { UpstreamResponse } from './upstream-http.js';

export interface SavedRead {
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

/** `saved` is kept (or kept again) by the proxy; a `passthrough` drops any saved copy of its key. */
export type Outcome =
  | { kind: 'saved'; entry: SavedRead; cache: 'HIT' | 'MISS' | 'REVALIDATED' | 'STALE' }
  | { kind: 'passthrough'; status: number; contentType: string; body: Buffer<ArrayBuffer> | string }
  | { kind: 'failed'; error: UpstreamError };

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;
const ETAG = /^(?:W\/)?"[\x21\x23-\x7e]*"$/;

/** `entry` is the saved copy the request was conditional on: a 304 confirms it (as of `now`). */
export function interpretUpstream(
  response: UpstreamResponse,
  entry: SavedRead | undefined,
  now: number,
  apiBaseUrl: string,
): Outcome {
  const { status, headers } = response;
  const contentType = String(headers['content-type'] ?? '');
  if (status === 304) {
    if (!entry?.upstreamEtag) {
      return {
        kind: 'failed',
        error: new UpstreamError('bad_response', 'unasked-for 304', { upstreamStatus: status }),
      };
    }
    entry.validatedAt = now;
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
    const link = typeof headers.link === 'string' ? rewriteLinks(headers.link, apiBaseUrl) : undefined;
    const fresh: SavedRead = {
      body: response.body,
      encoded: new EncodedBodies(response.body),
      contentType,
      etag: upstreamEtag ?? etagOf(response.body),
      upstreamEtag,
      totalCount: typeof totalCount === 'string' && /^\d{1,15}$/.test(totalCount) ? totalCount : undefined,
      link: link || undefined,
      validatedAt: now,
    };
    return { kind: 'saved', entry: fresh, cache: 'MISS' };
  }
  // 4xx (and odd 2xx) pass through unchanged but are not saved; a saved copy of something now 404 is void.
  if (JSON_TYPE.test(contentType)) return { kind: 'passthrough', status, contentType, body: response.body };
  return {
    kind: 'passthrough',
    status,
    contentType: PROBLEM_CONTENT_TYPE,
    body: problemJson({ status, code: 'upstream_error', detail: `The results API answered ${status}.` }),
  };
}

/** During an outage the saved copy, if it is no older than `staleMaxAgeMs`; otherwise the failure. */
export function staleFallback(
  error: UpstreamError,
  entry: SavedRead | undefined,
  now: number,
  staleMaxAgeMs: number,
): Outcome {
  if (entry && isOutage(error) && now - entry.validatedAt <= staleMaxAgeMs) {
    return { kind: 'saved', entry, cache: 'STALE' };
  }
  return { kind: 'failed', error };
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
