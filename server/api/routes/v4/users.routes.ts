/** The organization's users and their roles: declarations (served by users.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { ROLES } from '../../../../domain/roles.js';
import { permitted } from '../../http/permissions.js';
import { BoolField, bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { IntId, Text } from '../schemas/scalars.js';

const RoleField = z.enum(ROLES).openapi({ description: 'administrator, tabulator, chief-judge or judge' });

export const User = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: RoleField,
    disabled: z.boolean(),
  })
  .openapi('User');

const PasswordLink = z
  .object({
    url: z.string().openapi({ description: 'the one-time page that sets the password; hand it to the user' }),
    expiresAt: z.string().openapi({ description: '24 hours after it was made' }),
  })
  .openapi('PasswordLink');

const userParams = z.object({ userId: IntId('userId') });

export const listUsers = createRoute(
  permitted('manage-users', {
    method: 'get',
    path: '/users/',
    summary: "List the organization's users and their roles",
    responses: {
      200: {
        description: 'Users, oldest first',
        content: { 'application/json': { schema: z.object({ data: z.array(User) }) } },
      },
      ...errorResponses,
    },
  }),
);

const CreateUserBody = z
  .strictObject({
    email: Text(254)
      .min(3)
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'),
    role: RoleField.optional().openapi({ description: 'default administrator' }),
    firstName: Text(100).optional(),
    lastName: Text(100).optional(),
  })
  .openapi('CreateUser');

export const createUser = createRoute(
  permitted(
    'manage-users',
    {
      method: 'post',
      path: '/users/',
      summary: 'Create a user with a role; the answer carries a one-time link (24 h) to set its password',
      description: 'No email is sent: the administrator hands the link over. The link is shown once.',
      request: { body: bodyOf(CreateUserBody, 'The new user') },
      responses: {
        201: {
          description: 'Created',
          content: { 'application/json': { schema: User.extend({ passwordLink: PasswordLink }) } },
        },
        409: {
          description: 'A user with this email already exists in the organization',
          content: writeErrors[422].content,
        },
        ...writeErrors,
      },
    },
    { action: 'user.create', resource: 'user' },
  ),
);

const UpdateUserBody = z
  .strictObject({
    role: RoleField.optional(),
    disabled: BoolField.optional().openapi({ description: "true stops the user's sign-ins and tokens within seconds" }),
    firstName: Text(100).optional(),
    lastName: Text(100).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .openapi('UpdateUser');

export const updateUser = createRoute(
  permitted(
    'manage-users',
    {
      method: 'post',
      path: '/users/{userId}',
      summary: "Change a user's role, names, or disable it (POST, as the API's other updates)",
      request: { params: userParams, body: bodyOf(UpdateUserBody, 'Only the fields to change') },
      responses: {
        200: { description: 'The user', content: { 'application/json': { schema: User } } },
        409: {
          description: 'The change would leave the organization without an enabled administrator',
          content: writeErrors[422].content,
        },
        ...writeErrors,
        ...notFoundResponse,
      },
    },
    { action: 'user.update', resource: 'user', idParam: 'userId' },
  ),
);
