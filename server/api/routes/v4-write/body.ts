import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { ApiProblem } from '../../http/problem.js';
import { NotFoundError, RuleViolation } from '../../db/write/errors.js';

/**
 * Write bodies come as JSON or as a form (specification: "a JSON or a form-encoded body, with the matching
 * Content-Type"); anything else is 415 before validation runs.
 */
export const requireWriteContentType: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'PATCH') {
    const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json' && type !== 'application/x-www-form-urlencoded') {
      throw new ApiProblem(415, 'unsupported_media_type', 'Send the body as application/json or application/x-www-form-urlencoded', [
        { name: 'Content-Type', in: 'header', message: type ? `${type} is not accepted` : 'missing' },
      ]);
    }
  }
  await next();
};

/** A body declared for both content types: form fields arrive as text, so schemas coerce. */
export const bodyOf = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  // `required: true` would make @hono/zod-openapi run the JSON and the form validator on every request, whatever
  // its Content-Type; with false each runs only for its own type (the 415 middleware refuses the rest). The
  // OpenAPI document marks these bodies required again (app.ts).
  required: false,
  description,
  content: {
    'application/json': { schema },
    'application/x-www-form-urlencoded': { schema },
  },
});

/** true/false from JSON, or "true"/"false"/"1"/"0" from a form. */
export const BoolField = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

export const IdField = z.coerce.number().int().positive().max(2_147_483_647);

export const Text = (max: number) => z.string().trim().max(max);

export const Timestamp = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: 'expected an ISO 8601 timestamp with a time zone, e.g. 2026-03-28T17:00:00.000Z',
  })
  .transform((value) => new Date(value));

/**
 * The validated body, whichever content type carried it (the validator of the other type does not run).
 * The 415 middleware guarantees one of them matched.
 */
export function validBody<T>(c: { req: { valid: unknown; header(name: string): string | undefined } }): T {
  const req = c.req as unknown as { valid(target: 'json' | 'form'): T };
  return (c.req.header('content-type') ?? '').toLowerCase().includes('json') ? req.valid('json') : req.valid('form');
}

/**
 * Forms cannot nest, so nested fields arrive flat with dotted names ("scores.rep=68"); this folds them into
 * objects before validation, leaving JSON bodies untouched.
 */
export function foldDottedFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const folded: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    const dot = name.indexOf('.');
    if (dot <= 0) {
      folded[name] = field;
      continue;
    }
    const head = name.slice(0, dot);
    const inner = (folded[head] ??= {}) as Record<string, unknown>;
    if (typeof inner === 'object' && inner !== null) inner[name.slice(dot + 1)] = field;
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
      throw new RuleViolation(fields[error.entity], `no ${error.entity} ${error.id ?? ''} in this organization`.replace('  ', ' '));
    }
    throw error;
  }
}
