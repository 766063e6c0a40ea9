/** Who is calling: declarations (served by me.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { ROLES } from '../../../../domain/roles.js';
import { PERMISSIONS } from '../../http/permissions.js';
import { errorResponses } from '../schemas/common.js';

export const Me = z
  .object({
    user: z
      .object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() })
      .nullable()
      .openapi({ description: "the signed-in user (Authorization Code flow); null for a key's own token" }),
    role: z.enum(ROLES).nullable().openapi({ description: "the user's role; null for a key's own token" }),
    key: z.object({ clientId: z.string(), name: z.string(), readOnly: z.boolean() }),
    organization: z.object({ id: z.number().int(), guid: z.string(), name: z.string() }),
    permissions: z.array(z.enum(PERMISSIONS)).openapi({ description: 'what this token may do' }),
  })
  .openapi('Me');

export const getMe = createRoute({
  method: 'get',
  path: '/me',
  summary: 'The caller: its user and role (or its key), its organization and its permissions',
  responses: {
    200: { description: 'The caller', content: { 'application/json': { schema: Me } } },
    ...errorResponses,
  },
});
