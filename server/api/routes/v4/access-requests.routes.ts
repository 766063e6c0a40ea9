/**
 * "Find my group" requests (decision 133), decided by the circuit: declarations (served by access-requests.ts). The
 * form that makes them is the sign-in side's own page (routes/oauth/request-access.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { bodyOf } from '../../http/write-body.js';
import { errorResponses, writeErrors } from '../schemas/common.js';
import { IntId, Text } from '../schemas/scalars.js';
import { GroupRoleField, PasswordLink, User } from './users.routes.js';

export const ACCESS_REQUEST_STATES = ['pending', 'approved', 'refused'] as const;

export const AccessRequest = z
  .object({
    id: z.number().int(),
    group: z.object({ id: z.number().int(), name: z.string() }),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: GroupRoleField.openapi({ description: 'the role asked for' }),
    message: z.string(),
    createdAt: z.string().openapi({ description: 'when it was sent, ISO 8601' }),
    state: z.enum(ACCESS_REQUEST_STATES),
    decidedAt: z.string().nullable(),
    decidedBy: z.object({ id: z.number().int(), email: z.string() }).nullable(),
    reason: z.string().openapi({ description: "the circuit's reason, when it gave one" }),
  })
  .openapi('AccessRequest');

export const listAccessRequests = createRoute(
  permitted('manage-users', {
    method: 'get',
    path: '/access-requests/',
    summary: '"Find my group" requests: the waiting ones oldest first, or the decided ones newest first',
    request: {
      query: z.strictObject({
        state: z.enum(ACCESS_REQUEST_STATES).optional().openapi({ description: 'default pending' }),
      }),
    },
    responses: {
      200: {
        description: 'The requests (500 at most)',
        content: { 'application/json': { schema: z.object({ data: z.array(AccessRequest) }) } },
      },
      ...errorResponses,
    },
  }),
);

const DecideBody = z
  .strictObject({
    decision: z.enum(['approve', 'refuse']),
    role: GroupRoleField.optional().openapi({ description: 'approve as this role instead of the one asked for' }),
    reason: Text(500).optional().openapi({ description: 'why (kept with the request and in the audit trail)' }),
  })
  .openapi('DecideAccessRequest');

export const decideAccessRequest = createRoute(
  permitted(
    'manage-users',
    {
      method: 'post',
      path: '/access-requests/{requestId}',
      summary: 'Approve or refuse a "find my group" request',
      description:
        "Approving makes the account (its one-time link, 24 h, is in the answer: hand it over; no email is sent) or, for an email that is a group's account already, adds the group to it. 409 when the request was decided already, or its email is one of the circuit's own accounts.",
      request: {
        params: z.object({ requestId: IntId('requestId') }),
        body: bodyOf(DecideBody, 'The decision'),
      },
      responses: {
        200: {
          description: 'Decided',
          content: {
            'application/json': {
              schema: z.object({
                request: AccessRequest,
                user: z.union([User, z.null()]).openapi({ description: 'the account, when approved' }),
                passwordLink: z.union([PasswordLink, z.null()]).openapi({
                  description: 'a new account: the link that sets its password; null otherwise',
                }),
              }),
            },
          },
        },
        409: {
          description:
            "Decided already (`already_decided`), or the email is one of the circuit's own accounts (`circuit_account`)",
          content: writeErrors[422].content,
        },
        ...writeErrors,
      },
    },
    { action: 'access-request.decide', resource: 'access-request', idParam: 'requestId' },
  ),
);
