import { z } from '@hono/zod-openapi';
import { Int } from './scalars.js';

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string().openapi({ example: 'invalid_parameter' }),
    detail: z.string(),
    errors: z
      .array(z.object({ name: z.string(), in: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: 'one entry per bad parameter or field' }),
  })
  .openapi('Problem');

/** Query booleans as real clients send them: true/false (also 1/0). */
export const QueryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const Paging = {
  limit: Int(1, 500).optional().openapi({
    description:
      "page size (at most 500); the next page is in Link. Without it the list is whole: every record (bounded by the organization's size). The total is always in X-Total-Count",
  }),
  offset: Int(0, 1_000_000).optional().openapi({ description: 'rows to skip (default 0)' }),
};

export const errorResponses = {
  400: {
    description: 'Bad Request: a parameter is unknown or malformed (named in errors)',
    content: { 'application/problem+json': { schema: Problem } },
  },
  401: {
    description: 'Missing, malformed, unknown or expired access token',
    content: { 'application/problem+json': { schema: Problem } },
  },
  429: {
    description: 'Rate limit exceeded (see Retry-After)',
    content: { 'application/problem+json': { schema: Problem } },
  },
} as const;

export const notFoundResponse = {
  404: {
    description: "Not found in the token's organization",
    content: { 'application/problem+json': { schema: Problem } },
  },
} as const;

/** Every write operation's failures: the read errors, and a body that breaks a rule or is of another type. */
export const writeErrors = {
  ...errorResponses,
  ...notFoundResponse,
  422: {
    description: 'Well-formed but breaks a rule (named in errors)',
    content: { 'application/problem+json': { schema: Problem } },
  },
  415: {
    description: 'Body is neither JSON nor form-encoded',
    content: { 'application/problem+json': { schema: Problem } },
  },
} as const;
