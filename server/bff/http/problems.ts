/**
 * The BFF's own error answers: RFC 9457 problem details in the same shape as the API's (server/api/http/problem.ts),
 * so the web app's ApiError reads status and code the same way whichever side answered.
 */
import { UpstreamError } from '../upstream/upstream-error.js';

export interface BffProblem {
  status: number;
  code: string;
  detail: string;
  headers?: Record<string, string>;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function problemJson(problem: BffProblem): string {
  return JSON.stringify({
    type: 'about:blank',
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    code: problem.code,
    detail: problem.detail,
  });
}

export function problemResponse(problem: BffProblem): Response {
  return new Response(problemJson(problem), {
    status: problem.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-cache', ...problem.headers },
  });
}

/** What the browser sees when an upstream failure cannot be covered by a saved copy. */
export function problemForUpstream(error: UpstreamError): BffProblem {
  const retry = error.details.retryAfter ? { 'retry-after': error.details.retryAfter } : undefined;
  switch (error.reason) {
    case 'timeout':
      return {
        status: 504,
        code: 'upstream_timeout',
        detail:
          'The results API did not answer in time, and no saved copy of this data is available. Try again shortly.',
      };
    case 'rate_limited':
      return {
        status: 503,
        code: 'upstream_rate_limited',
        detail: 'The results API is limiting requests, and no saved copy of this data is available. Try again later.',
        headers: retry,
      };
    case 'unreachable':
    case 'unavailable':
      return {
        status: 503,
        code: 'upstream_unavailable',
        detail: 'The results API is unavailable, and no saved copy of this data is available. Try again shortly.',
        headers: retry,
      };
    case 'failed':
      return {
        status: 502,
        code: 'upstream_failed',
        detail: `The results API failed on this request (${error.details.upstreamStatus ?? 'server error'}), and no saved copy of this data is available.`,
      };
    case 'credentials_refused':
      return {
        status: 502,
        code: 'bff_credentials_refused',
        detail:
          "The results API refused this server's API credentials (API_CLIENT_ID / API_CLIENT_SECRET). An administrator must update them.",
      };
    case 'token_rejected':
      return {
        status: 502,
        code: 'upstream_token_rejected',
        detail: 'The results API rejected a freshly issued access token.',
      };
    case 'tls_untrusted':
      return {
        status: 502,
        code: 'upstream_tls_untrusted',
        detail:
          "The results API's TLS certificate is not trusted by this server: set API_CA_FILE (or NODE_EXTRA_CA_CERTS) to its CA certificate.",
      };
    case 'bad_response':
      return {
        status: 502,
        code: 'upstream_bad_response',
        detail: 'The results API gave an answer this server cannot use.',
      };
  }
}
