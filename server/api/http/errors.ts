import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError, core } from 'zod';

type ZodIssue = core.$ZodIssue;
import { ApiProblem, problemBody, type FieldProblem } from './problem.js';
import type { AppEnv } from './context.js';
import { NotFoundError, RuleViolation } from '../db/repositories/errors.js';
import { CommentaryRefused, refusalProblem } from './commentary-problems.js';
import { describeDbError, isDatabaseUnavailable, isRetryableConflict } from '../db/failures.js';

/** The one error handler: problem+json for every failure, and never a 5xx message or stack to the client. */
export function answerError(error: unknown, c: Context<AppEnv>): Response {
  if (error instanceof ApiProblem) return problemResponse(error);
  if (error instanceof CommentaryRefused) return problemResponse(refusalProblem(error));
  if (error instanceof NotFoundError) {
    const entity = error.entity.charAt(0).toUpperCase() + error.entity.slice(1);
    return problemResponse(
      new ApiProblem(404, 'not_found', `${entity}${error.id === undefined ? '' : ` ${error.id}`} was not found`),
    );
  }
  if (error instanceof RuleViolation) {
    return problemResponse(
      new ApiProblem(422, 'rule_violation', error.message, [{ name: error.field, in: 'body', message: error.message }]),
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 400 && /malformed/i.test(error.message)) {
      return problemResponse(new ApiProblem(400, 'malformed_body', `The request body is malformed: ${error.message}`));
    }
    const message = status === 413 ? 'The request body is too large' : error.message || 'Request failed';
    const code = status === 413 ? 'body_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
    return problemResponse(new ApiProblem(status, code, message));
  }
  if (isMalformedJson(error)) {
    return problemResponse(new ApiProblem(400, 'malformed_body', 'The request body is not valid JSON'));
  }
  const requestId: string | undefined = c.get('requestId');
  // A database that cannot serve now (down, restarting, a time limit hit, still a conflict after the unit's own
  // retries) is the client's to retry, not a fault: 503 with Retry-After (docs/decisions/048-database-timeouts-and-outages.md).
  if (isDatabaseUnavailable(error) || isRetryableConflict(error)) {
    console.error(
      JSON.stringify({
        level: 'warn',
        msg: 'database unavailable',
        requestId,
        method: c.req.method,
        path: c.req.path,
        ...describeDbError(error),
      }),
    );
    return problemResponse(databaseUnavailable());
  }
  // Ids and codes only: a failed query's message and stack carry its parameters, which are request bodies.
  console.error(
    JSON.stringify({
      level: 'error',
      requestId,
      method: c.req.method,
      path: c.req.path,
      ...describeDbError(error),
      // frames only: the stack's first line repeats the message
      stack: error instanceof Error ? error.stack?.split('\n').slice(1, 9).join('\n') : undefined,
    }),
  );
  return problemResponse(
    new ApiProblem(500, 'internal_error', `Something went wrong on our side (request ${requestId ?? 'unknown'})`),
  );
}

/** Seconds a client is asked to wait before trying again while the database cannot serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

export function databaseUnavailable(): ApiProblem {
  return new ApiProblem(
    503,
    'database_unavailable',
    'The database cannot serve this request right now; try again shortly',
    [],
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );
}

export function problemResponse(problem: ApiProblem): Response {
  return new Response(JSON.stringify(problemBody(problem)), {
    status: problem.status,
    headers: {
      'content-type': 'application/problem+json; charset=utf-8',
      'cache-control': 'no-store',
      ...problem.headers,
    },
  });
}

const PLACE_OF_TARGET: Record<string, string> = { json: 'body', form: 'body', param: 'path' };

/** Turns a zod validation failure of one request part into a 400 that names every bad parameter. */
export function validationProblem(error: ZodError, target: string): ApiProblem {
  const place = PLACE_OF_TARGET[target] ?? target;
  const all: FieldProblem[] = error.issues.flatMap(specificIssues).flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      const message = `unknown ${target === 'query' ? 'parameter' : 'field'}`;
      return issue.keys.map((key) => ({ name: [...path, key].join('.'), in: place, message }));
    }
    return [{ name: path.join('.') || place, in: place, message: issue.message }];
  });
  // One entry per field: a value can break several checks at once (99999999999999999999 is neither safe nor small).
  const errors = all.filter((problem, index) => all.findIndex((other) => other.name === problem.name) === index);
  const names = errors.map((e) => e.name).join(', ');
  const what = target === 'query' ? 'query parameter' : target === 'param' ? 'path parameter' : 'field';
  return new ApiProblem(
    400,
    target === 'query' || target === 'param' ? 'invalid_parameter' : 'invalid_body',
    `Invalid ${what}: ${names}`,
    errors,
  );
}

/**
 * A value that fits none of a union's forms is reported as the one form whose type it has (a map of scores with
 * one bad number names that number), not as "Invalid input" for the whole field.
 */
function specificIssues(issue: ZodIssue): ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const sameType = issue.errors.filter(
    (branch) => !branch.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
  );
  if (sameType.length !== 1) return [issue];
  return sameType[0].flatMap((inner) => specificIssues({ ...inner, path: [...issue.path, ...inner.path] }));
}

function isMalformedJson(error: unknown): boolean {
  return (
    error instanceof SyntaxError ||
    (error instanceof Error && /JSON/.test(error.message) && /parse|Unexpected/.test(error.message))
  );
}
