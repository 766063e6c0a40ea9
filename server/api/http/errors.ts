import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { ApiProblem, problemBody, type FieldProblem } from './problem.js';
import { NotFoundError, RuleViolation } from '../db/write/errors.js';

/** The one error handler: problem+json for every failure, and never a 5xx message or stack to the client. */
export function answerError(error: unknown, c: Context): Response {
  if (error instanceof ApiProblem) return problemResponse(error);
  if (error instanceof NotFoundError) {
    const entity = error.entity.charAt(0).toUpperCase() + error.entity.slice(1);
    return problemResponse(new ApiProblem(404, 'not_found', `${entity}${error.id === undefined ? '' : ` ${error.id}`} was not found`));
  }
  if (error instanceof RuleViolation) {
    return problemResponse(new ApiProblem(422, 'rule_violation', error.message, [{ name: error.field, in: 'body', message: error.message }]));
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 400 && /malformed/i.test(error.message)) {
      return problemResponse(new ApiProblem(400, 'malformed_body', `The request body is malformed: ${error.message}`));
    }
    const message = status === 413 ? 'The request body is too large' : error.message || 'Request failed';
    return problemResponse(new ApiProblem(status, status === 413 ? 'body_too_large' : 'bad_request', message));
  }
  if (isMalformedJson(error)) {
    return problemResponse(new ApiProblem(400, 'malformed_body', 'The request body is not valid JSON'));
  }
  const requestId = c.get('requestId' as never) as string | undefined;
  console.error(JSON.stringify({ level: 'error', requestId, method: c.req.method, path: c.req.path, error: String(error), stack: (error as Error)?.stack }));
  return problemResponse(new ApiProblem(500, 'internal_error', `Something went wrong on our side (request ${requestId ?? 'unknown'})`));
}

export function problemResponse(problem: ApiProblem): Response {
  return new Response(JSON.stringify(problemBody(problem)), {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', 'cache-control': 'no-store', ...problem.headers },
  });
}

/** Turns a zod validation failure of one request part into a 400 that names every bad parameter. */
export function validationProblem(error: ZodError, target: string): ApiProblem {
  const errors: FieldProblem[] = error.issues.map((issue) => {
    const unknownKeys = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys : [];
    const name = unknownKeys.length > 0 ? unknownKeys.join(', ') : issue.path.map(String).join('.') || target;
    const message = unknownKeys.length > 0 ? `unknown ${target === 'query' ? 'parameter' : 'field'}` : issue.message;
    return { name, in: target === 'json' || target === 'form' ? 'body' : target, message };
  });
  const names = [...new Set(errors.map((e) => e.name))].join(', ');
  const what = target === 'query' ? 'query parameter' : target === 'param' ? 'path parameter' : 'field';
  return new ApiProblem(400, target === 'query' || target === 'param' ? 'invalid_parameter' : 'invalid_body', `Invalid ${what}: ${names}`, errors);
}

function isMalformedJson(error: unknown): boolean {
  return error instanceof SyntaxError || (error instanceof Error && /JSON/.test(error.message) && /parse|Unexpected/.test(error.message));
}
