/**
 * What a database failure means for the caller, read from the error itself: drizzle wraps the driver's error
 * (`cause`), the driver carries PostgreSQL's SQLSTATE (`code`) or Node's socket error code. Nothing here looks at
 * messages that hold data: a failed query's message carries its parameters (whole request bodies), so only codes
 * and a fixed description ever reach a log line (describeDbError).
 */

/** SQLSTATEs after which running the same unit again can succeed: the database chose it as a victim. */
const RETRYABLE = new Set(['40P01' /* deadlock_detected */, '40001' /* serialization_failure */]);

/**
 * SQLSTATEs and socket codes that mean "the database cannot serve this now", answered 503 with Retry-After:
 * connection exceptions (08...), the server shutting down or starting (57P01-57P03), our own time limits
 * (statement_timeout 57014, lock_timeout 55P03, idle_in_transaction_session_timeout 25P03), too many connections.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '55P03', '25P03', '53300', '08000', '08003']);
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** The driver's own errors for a connection that is gone or never came (they carry no code). */
const UNAVAILABLE_DRIVER =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Query read timeout|terminating connection)/;

function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause)
    chain.push(current);
  return chain;
}

/** The SQLSTATE or socket error code of a failure, wherever in the cause chain it is. */
export function dbErrorCode(error: unknown): string | undefined {
  for (const link of chainOf(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export function isRetryableConflict(error: unknown): boolean {
  const code = dbErrorCode(error);
  return code !== undefined && RETRYABLE.has(code);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = dbErrorCode(error);
  if (code !== undefined) return UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET.has(code) || code.startsWith('08');
  return chainOf(error).some((link) => link instanceof Error && UNAVAILABLE_DRIVER.test(link.message));
}

/**
 * A failure as a log line may carry it: the error's class, its code and, for errors that are not query failures,
 * the first line of the message. A drizzle query failure says only that a query failed (its SQL text is fixed, but
 * its message goes on with the parameters, so neither is logged); PostgreSQL's own message (the cause) names
 * constraints and relations, never values, unless it is a DETAIL, which lives in another field and is dropped.
 */
export function describeDbError(error: unknown): { error: string; code?: string; cause?: string } {
  const chain = chainOf(error);
  const described = chain.map((link) => {
    if (!(link instanceof Error)) return typeof link;
    if (link.constructor.name === 'DrizzleQueryError' || link.message.startsWith('Failed query:'))
      return `${link.constructor.name}: query failed`;
    // a data exception (class 22) may quote the offending value
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return `${link.constructor.name}: data exception`;
    return `${link.constructor.name}: ${link.message.split('\n')[0].slice(0, 160)}`;
  });
  return { error: described[0] ?? 'unknown', code: dbErrorCode(error), cause: described[1] };
}
