/**
 * Why an upstream exchange gave no usable answer. Each reason maps to one BFF status and problem code; the
 * outage-like reasons let the proxy fall back to its last good copy.
 */
export type UpstreamFailureReason =
  /** connection refused/reset, DNS failure */
  | 'unreachable'
  /** no complete answer within the timeout */
  | 'timeout'
  /** the upstream's 503: it says it cannot serve now */
  | 'unavailable'
  /** the upstream's other 5xx (500, 502, 504...): it answered, and failed on this request */
  | 'failed'
  /** the upstream's 429 */
  | 'rate_limited'
  /** the token endpoint refused the client id/secret */
  | 'credentials_refused'
  /** a freshly issued token was refused too (401 after the one retry) */
  | 'token_rejected'
  /** the upstream's certificate is not trusted */
  | 'tls_untrusted'
  /** an answer the BFF cannot use (malformed token response, unexpected status or content type, too large) */
  | 'bad_response';

export class UpstreamError extends Error {
  constructor(
    readonly reason: UpstreamFailureReason,
    message: string,
    readonly details: { upstreamStatus?: number; retryAfter?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'UpstreamError';
  }
}

/** Outages worth riding out with a saved copy; configuration and contract errors are not. */
export function isOutage(error: UpstreamError): boolean {
  return (
    error.reason === 'unreachable' ||
    error.reason === 'timeout' ||
    error.reason === 'unavailable' ||
    error.reason === 'failed' ||
    error.reason === 'rate_limited'
  );
}

/** An upstream 5xx: a 503 says the upstream is unavailable; any other is a failure of the upstream on this request. */
export function serverError(status: number, what: string, retryAfter: string | string[] | undefined): UpstreamError {
  return new UpstreamError(status === 503 ? 'unavailable' : 'failed', `${what} answered ${status}`, {
    upstreamStatus: status,
    retryAfter: retryAfterOf(retryAfter),
  });
}

/** `Retry-After` as sent (delta-seconds or HTTP date), or undefined when missing or malformed. */
export function retryAfterOf(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const trimmed = text.trim();
  if (/^\d{1,9}$/.test(trimmed)) return trimmed;
  return Number.isNaN(Date.parse(trimmed)) ? undefined : trimmed;
}
