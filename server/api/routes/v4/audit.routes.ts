/** The organization's audit trail: declarations (served by audit.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { errorResponses } from '../schemas/common.js';
import { Int, PositiveInt } from '../schemas/scalars.js';

const Actor = z.object({ kind: z.enum(['user', 'key']), id: z.string(), name: z.string() });

export const AuditEntry = z
  .object({
    seq: z.number().int().openapi({ description: "the entry's place in the organization's chain, from 1" }),
    at: z.string().openapi({ description: 'when the write committed its change (ISO 8601, UTC)' }),
    actor: Actor.openapi({ description: 'who wrote: a signed-in user, or a key (client id)' }),
    action: z.string().openapi({ example: 'performance.enter-scores' }),
    resource: z.object({ type: z.string(), id: z.string().nullable() }),
    before: z.unknown().openapi({ description: 'the resource before the write; null for a create' }),
    after: z.unknown().openapi({ description: 'the resource after the write; null for a delete' }),
    reason: z.string().nullable().openapi({ description: 'why, as the writer said (X-Audit-Reason)' }),
    hash: z.string().openapi({ description: 'SHA-256 (hex) of the canonical JSON of the entry without its hash' }),
    previousHash: z.string().openapi({ description: 'the hash of the entry before; 64 zeros for the first' }),
  })
  .openapi('AuditEntry');

export const listAudit = createRoute(
  permitted('read-audit', {
    method: 'get',
    path: '/audit/',
    summary: "The organization's audit trail: every write, who, when, before and after, and the hash chain",
    request: {
      query: z.strictObject({
        competitionId: PositiveInt.optional().openapi({
          description: "only the entries of this competition's resources",
        }),
        since: Int(0, Number.MAX_SAFE_INTEGER)
          .optional()
          .openapi({ description: 'only entries after this seq (the last seq of the previous page)' }),
        limit: Int(1, 1000).optional().openapi({ description: 'at most this many entries (default and maximum 1000)' }),
      }),
    },
    responses: {
      200: {
        description: 'Entries in order of seq',
        content: { 'application/json': { schema: z.object({ data: z.array(AuditEntry) }) } },
      },
      ...errorResponses,
    },
  }),
);
