/**
 * Errors of the data routes, answered as RFC 9457 problem details. The OAuth endpoints answer RFC 6749
 * `{error, error_description}` instead (server/api/auth/oauth-error.ts).
 */
export interface FieldProblem {
  /** the parameter or body field, e.g. "seasonId" or "scores[2].score" */
  name: string;
  /** where it was: query, path, body, header */
  in: string;
  message: string;
}

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    /** stable machine-readable code, e.g. "not_found", "invalid_parameter" */
    readonly code: string,
    message: string,
    readonly errors: FieldProblem[] = [],
    readonly headers: Record<string, string> = {},
    /** members of the problem beyond the standard ones (e.g. the `permission` a 403 names) */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiProblem(404, 'not_found', `${what} was not found`);

export function problemBody(problem: ApiProblem) {
  return {
    ...problem.extensions,
    type: `about:blank`,
    title: titleFor(problem.status),
    status: problem.status,
    code: problem.code,
    detail: problem.message,
    ...(problem.errors.length > 0 ? { errors: problem.errors } : {}),
  };
}

function titleFor(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    413: 'Content Too Large',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Content',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  return titles[status] ?? 'Error';
}
