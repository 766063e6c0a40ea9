import { problemResponse } from '../http/problems.js';

/** Why a view cannot be answered; the route answers it as problem+json. */
export class ViewProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    /** the upstream's status when the upstream answered (a caller may treat a 404 as "not there") */
    readonly upstreamStatus?: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ViewProblem';
  }

  /** The answer that says it: a problem document with its status, code, detail and headers (a 503's Retry-After). */
  response(): Response {
    return problemResponse({ status: this.status, code: this.code, detail: this.detail, headers: this.headers });
  }
}
