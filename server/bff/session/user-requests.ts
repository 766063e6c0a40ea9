/**
 * A signed-in user's requests through the BFF (decision 086): the documented writes, and the reads that answer per
 * caller, sent to the API with the user's own token. Never through the shared read cache, never kept: the answer is
 * `private, no-store` and varies on the cookie. Only what the API documents for a write goes along: the body, its
 * Content-Type, Accept, `Idempotency-Key` and `If-Match`.
 */
import type { Context } from 'hono';
import { problemForUpstream, problemResponse } from '../http/problems.js';
import type { Session } from './session.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { UpstreamHttp } from '../upstream/upstream-http.js';

/** Far above any documented write (a bulk entry of 1,000 scores is some 200 KB), far below what would hurt. */
export const MAX_WRITE_BODY_BYTES = 2 * 1024 * 1024;

// If-None-Match: a console's poll of its own reads is answered 304 when nothing changed (decision 091).
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'idempotency-key', 'if-match', 'if-none-match'] as const;
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

export const PRIVATE_HEADERS = { 'cache-control': 'private, no-store', vary: 'Cookie' };

export async function forwardAsUser(deps: {
  c: Context;
  upstream: UpstreamHttp;
  session: Session;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** the upstream path and query, already checked against the allow-list */
  pathAndQuery: string;
  apiBaseUrl: string;
  requestId: string;
  /** Set-Cookie values that end the session, sent when the API refuses the user's token */
  endSession: string[];
}): Promise<Response> {
  const { c, upstream, session, method } = deps;
  const headers: Record<string, string> = {
    'user-agent': 'marching-results-bff',
    'x-request-id': deps.requestId,
    accept: 'application/json',
  };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = c.req.header(name);
    // Header values are the browser's: bounded, and only what a header may hold.
    if (value !== undefined && value.length <= 1024 && /^[\t\x20-\x7e]*$/.test(value)) headers[name] = value;
  }
  let body: Buffer | undefined;
  if (method !== 'GET') {
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > MAX_WRITE_BODY_BYTES) return tooLarge();
    const bytes = Buffer.from(await c.req.arrayBuffer());
    if (bytes.length > MAX_WRITE_BODY_BYTES) return tooLarge();
    if (bytes.length > 0) body = bytes;
  }

  let response;
  try {
    response = await upstream.request({
      method,
      pathAndQuery: deps.pathAndQuery,
      headers: { ...headers, authorization: `Bearer ${session.token}` },
      body,
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const problem = problemForUpstream(error);
    const unsure =
      method === 'GET'
        ? ''
        : ' The write may or may not have been applied: send it again with the same Idempotency-Key to be sure.';
    return problemResponse({ ...problem, detail: `${problem.detail}${unsure}`, headers: { ...PRIVATE_HEADERS } });
  }

  if (response.status === 401) return sessionEnded(deps.endSession);
  const out = new Headers(PRIVATE_HEADERS);
  for (const name of ['retry-after', 'etag', 'x-total-count']) {
    const value = response.headers[name];
    if (typeof value === 'string') out.set(name, value);
  }
  const location = response.headers.location;
  if (typeof location === 'string') {
    const rewritten = apiPathOf(location, deps.apiBaseUrl);
    if (rewritten) out.set('location', rewritten);
  }
  if (response.status === 204 || response.status === 304)
    return new Response(null, { status: response.status, headers: out });
  const contentType = String(response.headers['content-type'] ?? '');
  // Only JSON is relayed, as for reads (decision 018): this origin's CSP trusts 'self'.
  if (!JSON_TYPE.test(contentType)) {
    return problemResponse({
      status: response.status >= 400 ? response.status : 502,
      code: 'upstream_error',
      detail: `The results API answered ${response.status}.`,
      headers: { ...PRIVATE_HEADERS },
    });
  }
  out.set('content-type', contentType);
  return new Response(response.body, { status: response.status, headers: out });
}

/** The API refused the user's token (expired early, the user disabled, the key revoked): the person signs in again. */
export function sessionEnded(endSession: string[]): Response {
  const answer = problemResponse({
    status: 401,
    code: 'session_expired',
    detail: 'Your sign-in has ended. Sign in again; what you typed on this page is kept.',
    headers: { ...PRIVATE_HEADERS },
  });
  for (const cookie of endSession) answer.headers.append('set-cookie', cookie);
  return answer;
}

function tooLarge(): Response {
  return problemResponse({
    status: 413,
    code: 'body_too_large',
    detail: `A write's body may be at most ${MAX_WRITE_BODY_BYTES} bytes.`,
    headers: { ...PRIVATE_HEADERS },
  });
}

/** The API's Location as this origin's /api/ path, or undefined when it points elsewhere. */
function apiPathOf(location: string, apiBaseUrl: string): string | undefined {
  const base = new URL(`${apiBaseUrl}/`);
  if (!URL.canParse(location, base.href)) return undefined;
  const url = new URL(location, base);
  const basePath = base.pathname.replace(/\/$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) return undefined;
  return `/api${url.pathname.slice(basePath.length)}${url.search}`;
}
