import { z } from '@hono/zod-openapi';
import type { HonoRequest, MiddlewareHandler } from 'hono';
import { ApiProblem } from './problem.js';
import { NotFoundError, RuleViolation } from '../db/repositories/errors.js';
import { unsafeFieldName } from './field-names.js';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const CSV_TYPE = 'text/csv';
/** The operations that also take a CSV body (a judge's sheet: POST /competitions/{id}/scores); the rest do not. */
const CSV_PATHS = [/^\/competitions\/[^/]+\/scores$/];

/** Deeper than any write body's shape (penalties[0].amount is three levels): more is an attack on the parser's callers. */
const MAX_BODY_DEPTH = 8;

const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

const invalidBody = (name: string, message: string) =>
  new ApiProblem(400, 'invalid_body', `Invalid field: ${name}`, [{ name, in: 'body', message }]);

/**
 * Every write body, before any validator or handler sees it: JSON or a form (specification: "a JSON or a
 * form-encoded body, with the matching Content-Type", else 415), or CSV where an operation takes a sheet; JSON
 * must be an object; and no field, at any depth,
 * may be named __proto__, constructor or prototype, so request data can never reach an object's prototype.
 */
export const checkWriteBody: MiddlewareHandler = async (c, next) => {
  if (!BODY_METHODS.has(c.req.method)) return next();
  const type = mediaTypeOf(c.req.header('content-type'));
  // No body at all (a withdraw, a new link: the path says it all): nothing to check here, and an operation that
  // takes a body refuses its absence with 400 (validBody; jsonBodyOf's required validator).
  if (type === '' && (await c.req.text()) === '') return next();
  if (type === JSON_TYPE) checkJsonBody(await c.req.text());
  else if (type === FORM_TYPE) checkFormFields(new URLSearchParams(await c.req.text()).keys());
  else if (type === CSV_TYPE && CSV_PATHS.some((pattern) => pattern.test(c.req.path))) {
    // a sheet's cells are read by position into the entries, never into an object by name (csv-sheet.ts)
  } else {
    throw new ApiProblem(
      415,
      'unsupported_media_type',
      'Send the body as application/json or application/x-www-form-urlencoded',
      [{ name: 'Content-Type', in: 'header', message: type ? `${type} is not accepted` : 'missing' }],
    );
  }
  await next();
};

function checkJsonBody(text: string): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiProblem(400, 'malformed_body', 'The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidBody('body', 'the body must be a JSON object of fields');
  }
  // Iterative, so a deeply nested body cannot exhaust the stack here.
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 1 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > MAX_BODY_DEPTH) throw invalidBody(item.path, `nested more than ${MAX_BODY_DEPTH} levels deep`);
    for (const [key, value] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (unsafeFieldName(key)) throw invalidBody(path, 'this field name is not accepted');
      pending.push({ value, path, depth: item.depth + 1 });
    }
  }
}

function checkFormFields(names: Iterable<string>): void {
  for (const name of names) {
    if (unsafeFieldName(name)) throw invalidBody(name, 'this field name is not accepted');
  }
}

/** A body declared for both content types: form fields arrive as text, so schemas coerce. */
export const bodyOf = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  // `required: true` would make @hono/zod-openapi run the JSON and the form validator on every request, whatever
  // its Content-Type; with false each runs only for its own type (the 415 middleware refuses the rest). The
  // OpenAPI document marks these bodies required again (app.ts).
  required: false,
  description,
  content: {
    [JSON_TYPE]: { schema },
    [FORM_TYPE]: { schema },
  },
});

/**
 * A body taken as JSON only (lists of objects, which a form cannot carry): any other declared type is refused with
 * 415 before validation (@hono/zod-openapi's media type gate).
 */
export const jsonBodyOf = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  required: true,
  description,
  content: { [JSON_TYPE]: { schema } },
});

/** true/false from JSON, or "true"/"false"/"1"/"0" from a form. */
export const BoolField = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

/** A request without a body to an operation that takes one (checkWriteBody lets it through for those that take none). */
export const missingBody = () => invalidBody('body', 'missing: send the fields as JSON or a form');

/**
 * The validated body, whichever content type carried it (the validator of the other type does not run); a 400
 * naming `body` when the request had none.
 */
export function validBody<Out extends { json: unknown; form: unknown }>(c: {
  req: HonoRequest<string, Out>;
}): Out['json'] {
  const type = mediaTypeOf(c.req.header('content-type'));
  if (type === JSON_TYPE) return c.req.valid('json');
  if (type === FORM_TYPE) return c.req.valid('form');
  throw missingBody();
}

/**
 * Forms cannot nest, so nested fields arrive flat with dotted names ("scores.rep=68"); this folds them into
 * objects before validation, leaving JSON bodies untouched. The objects have no prototype: the names are the
 * client's (checkWriteBody refuses the dangerous ones before this runs).
 */
export function foldDottedFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const folded = Object.create(null) as Record<string, unknown>;
  for (const [name, field] of Object.entries(value)) {
    const dot = name.indexOf('.');
    if (dot <= 0) {
      folded[name] = field;
      continue;
    }
    const head = name.slice(0, dot);
    if (!Object.hasOwn(folded, head)) folded[head] = Object.create(null);
    const inner = folded[head];
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
      (inner as Record<string, unknown>)[name.slice(dot + 1)] = field;
  }
  return folded;
}

/**
 * Ids named in the body are references: one the organization does not have (another organization's included) is
 * a rule break, 422 naming the field, while an id in the path stays 404. `fields` maps the repositories' entity
 * names to the body fields that carry them.
 */
export async function referencing<T>(fields: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFoundError && Object.hasOwn(fields, error.entity)) {
      throw new RuleViolation(
        fields[error.entity],
        `no ${error.entity} ${error.id ?? ''} in this organization`.replace('  ', ' '),
      );
    }
    throw error;
  }
}
