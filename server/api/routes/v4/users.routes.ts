/** The organization's users and their roles: declarations (served by users.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { GROUP_ROLES, ROLES } from '../../../../domain/roles.js';
import { permitted } from '../../http/permissions.js';
import { BoolField, bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { IntId, PositiveInt, Text } from '../schemas/scalars.js';

const RoleField = z.enum(ROLES).openapi({
  description:
    "the circuit's administrator, tabulator, chief-judge or judge; or a group's group-administrator or group-staff (with groupIds)",
});

export const GroupRoleField = z.enum(GROUP_ROLES).openapi({
  description: "group-administrator (adds and removes the group's accounts) or group-staff (reads the group's sheets)",
});

/** The groups a group's account acts for (decision 133). */
export const UserGroup = z
  .object({ id: z.number().int(), name: z.string(), role: GroupRoleField })
  .openapi('UserGroup');

const GroupIds = z
  .array(PositiveInt)
  .min(1)
  .max(50)
  .openapi({ description: "a group's account: the groups of the organization it acts for, each with its role" });

export const User = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: RoleField,
    disabled: z.boolean(),
    passwordSet: z
      .boolean()
      .openapi({ description: 'false until the user sets a password with its one-time link: it cannot sign in yet' }),
    groups: z.array(UserGroup).openapi({ description: "a group's account: its groups; empty for the circuit's roles" }),
  })
  .openapi('User');

export const PasswordLink = z
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
    groupIds: GroupIds.optional().openapi({ description: 'required with a group role, refused with any other' }),
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
    groupIds: GroupIds.optional().openapi({
      description: "a group's account: its groups, all of them (each takes the account's role); only with a group role",
    }),
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
          description:
            'The change would leave the organization without an enabled administrator (`last_administrator`)',
          content: writeErrors[422].content,
        },
        ...writeErrors,
        ...notFoundResponse,
      },
    },
    { action: 'user.update', resource: 'user', idParam: 'userId' },
  ),
);

export const newPasswordLink = createRoute(
  permitted(
    'manage-users',
    {
      method: 'post',
      path: '/users/{userId}/password-link',
      summary: 'A new one-time link (24 h) for the user to set its password; the link made before stops working',
      description:
        'For a link lost before it was used, one that expired, or a password forgotten (the password stays until the ' +
        'new link sets another). No email is sent: the administrator hands the link over. The body is empty (`{}`).',
      request: { params: userParams, body: bodyOf(z.strictObject({}).openapi('NewPasswordLink'), 'Nothing: {}') },
      responses: {
        201: {
          description: 'The user, with its new link (shown once)',
          content: { 'application/json': { schema: User.extend({ passwordLink: PasswordLink }) } },
        },
        409: {
          description: '`user_disabled`: a disabled user gets no link (enable it first)',
          content: writeErrors[422].content,
        },
        ...writeErrors,
        ...notFoundResponse,
      },
    },
    { action: 'user.password-link', resource: 'user', idParam: 'userId' },
  ),
);
