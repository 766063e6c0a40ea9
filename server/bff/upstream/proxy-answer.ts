/**
 * The read proxy's answer to the browser (or a view) from an outcome: the saved body coded as the browser accepts
 * (br or gzip, a tag per coding), 304 when the browser's copy is current whichever coding it came in, the stale
 * mark and Age during an outage, or the failure as problem+json.
 */
import { encodedEtag, isCompressible, negotiateEncoding, representationEtags } from '../http/compression.js';
import { problemForUpstream, problemJson, PROBLEM_CONTENT_TYPE, type BffProblem } from '../http/problems.js';
import { ifNoneMatchHolds } from '../../http-shared/if-none-match.js';
import type { Outcome } from './read-outcome.js';

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer<ArrayBuffer> | string | null;
}

export async function answerOf(
  outcome: Outcome,
  request: { acceptEncoding?: string; ifNoneMatch?: string },
  now: number,
): Promise<ProxyAnswer> {
  if (outcome.kind === 'failed') return problemAnswer(problemForUpstream(outcome.error));
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
    headers.age = String(Math.max(0, Math.floor((now - entry.validatedAt) / 1000)));
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

/** A problem as the proxy answers one: problem+json, never cached. */
export function problemAnswer(problem: BffProblem): ProxyAnswer {
  return {
    status: problem.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-cache', ...problem.headers },
    body: problemJson(problem),
  };
}
