/** The organization's changes, pushed as they commit: declaration (served by changes.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, Problem } from '../schemas/common.js';

export const streamChanges = createRoute({
  method: 'get',
  path: '/changes',
  summary:
    "The caller's organization's changes as they commit (Server-Sent Events: ready, change, gap, end; heartbeat comments)",
  description:
    "For a client that keeps a copy of the organization's data (the BFF): `ready` says the data version now, then a `change` " +
    'follows every committed write with the version it made, on whichever instance it was made. `gap` means changes may have ' +
    'gone unheard (the database connection was lost): read again whatever is kept. A reconnect with `Last-Event-ID` behind the ' +
    'version now gets a `change` at once. `end` says the server is closing: connect again. Says that the data changed, never what.',
  request: {
    headers: z.object({
      'last-event-id': z
        .string()
        .max(20)
        .optional()
        .openapi({ description: 'the last version heard; a change is sent at once when the version now is another' }),
    }),
  },
  responses: {
    200: {
      description: 'The event stream: `ready` and each `change` carry `{"version": N}` with N as the event id',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    503: {
      description: 'This instance holds as many change streams as it may: try another, or again later',
      content: { 'application/problem+json': { schema: Problem } },
    },
    ...errorResponses,
  },
});
