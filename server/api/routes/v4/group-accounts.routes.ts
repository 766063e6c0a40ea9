/**
 * A group's accounts, managed by the group's own administrators (decision 133) and by the circuit's: declarations
 * (served by group-accounts.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted, type Narrower } from '../../http/permissions.js';
import { bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { IntId, Text } from '../schemas/scalars.js';
import { GroupRoleField, PasswordLink } from './users.routes.js';

const groupAdministrators: Narrower = {
  permission: 'manage-group-accounts',
  limit: 'only the groups the caller administers',
};

export const GroupAccount = z
  .object({
    id: z.number().int().openapi({ description: "the account's user id" }),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: GroupRoleField,
    disabled: z.boolean(),
    passwordSet: z.boolean().openapi({ description: 'false until the person set a password through its link' }),
  })
  .openapi('GroupAccount');

const groupParams = z.object({ groupId: IntId('groupId') });
const accountParams = z.object({ groupId: IntId('groupId'), userId: IntId('userId') });

const lastAdministrator = {
  409: {
    description:
      "The caller is the group's last administrator and would step down or leave (`last_group_administrator`)",
    content: writeErrors[422].content,
  },
};

export const listGroupAccounts = createRoute(
  permitted(
    'manage-users',
    {
      method: 'get',
      path: '/groups/{groupId}/accounts',
      summary: "A group's accounts: its administrators, then its staff",
      request: { params: groupParams },
      responses: {
        200: {
          description: 'Administrators first, then by email',
          content: { 'application/json': { schema: z.object({ data: z.array(GroupAccount) }) } },
        },
        ...errorResponses,
        ...notFoundResponse,
      },
    },
    undefined,
    groupAdministrators,
  ),
);

const AddAccountBody = z
  .strictObject({
    email: Text(254)
      .min(3)
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'),
    role: GroupRoleField,
    firstName: Text(100).optional(),
    lastName: Text(100).optional(),
  })
  .openapi('AddGroupAccount');

export const addGroupAccount = createRoute(
  permitted(
    'manage-users',
    {
      method: 'post',
      path: '/groups/{groupId}/accounts',
      summary: "Add a person to the group's accounts; a new account's answer carries its one-time link (24 h)",
      description:
        "An email without an account gets one, with a one-time link to set its password (shown once: hand it over; no email is sent). A group's account of another group is added to this one, and signs in as it did. 409 for an email that is already one of this group's accounts, or one of the circuit's own accounts.",
      request: { params: groupParams, body: bodyOf(AddAccountBody, 'Who, and as what') },
      responses: {
        201: {
          description: 'Added',
          content: {
            'application/json': {
              schema: GroupAccount.extend({
                passwordLink: z.union([PasswordLink, z.null()]).openapi({
                  description: 'a new account: the link that sets its password; null for an account that had one',
                }),
              }),
            },
          },
        },
        409: {
          description:
            "Already one of this group's accounts (`account_exists`), or one of the circuit's own accounts (`circuit_account`)",
          content: writeErrors[422].content,
        },
        ...writeErrors,
      },
    },
    { action: 'group-account.add', resource: 'user' },
    groupAdministrators,
  ),
);

const ChangeAccountBody = z.strictObject({ role: GroupRoleField }).openapi('ChangeGroupAccount');

export const changeGroupAccount = createRoute(
  permitted(
    'manage-users',
    {
      method: 'post',
      path: '/groups/{groupId}/accounts/{userId}',
      summary: "Change an account's role in the group (POST, as the API's other updates)",
      request: { params: accountParams, body: bodyOf(ChangeAccountBody, 'The new role') },
      responses: {
        200: { description: 'The account', content: { 'application/json': { schema: GroupAccount } } },
        ...lastAdministrator,
        ...writeErrors,
      },
    },
    { action: 'group-account.update', resource: 'user', idParam: 'userId' },
    groupAdministrators,
  ),
);

export const removeGroupAccount = createRoute(
  permitted(
    'manage-users',
    {
      method: 'delete',
      path: '/groups/{groupId}/accounts/{userId}',
      summary: "Take a person off the group's accounts",
      description:
        'The account stays (it may act for other groups); in no group, it reads nothing. Its sessions read nothing of this group from the next request on.',
      request: { params: accountParams },
      responses: {
        204: { description: 'Removed' },
        ...lastAdministrator,
        ...writeErrors,
      },
    },
    { action: 'group-account.remove', resource: 'user', idParam: 'userId' },
    groupAdministrators,
  ),
);

export const newGroupAccountLink = createRoute(
  permitted(
    'manage-users',
    {
      method: 'post',
      path: '/groups/{groupId}/accounts/{userId}/password-link',
      summary:
        'A new one-time link (24 h) for an account of the group that lost its own; the one made before stops working',
      description:
        "For a person added to the group whose link was lost or expired before they set a password. A group administrator gets one only for an account that has not set a password yet and acts for no group but those it administers (anything else would hand it another person's way in); the circuit's administrator for any account (as with `POST /users/{userId}/password-link`). No email is sent: hand the link over. The body is empty (`{}`).",
      request: {
        params: accountParams,
        body: bodyOf(z.strictObject({}).openapi('NewGroupAccountLink'), 'Nothing: {}'),
      },
      responses: {
        201: {
          description: 'The account, with its new link (shown once)',
          content: { 'application/json': { schema: GroupAccount.extend({ passwordLink: PasswordLink }) } },
        },
        409: {
          description:
            "`password_set`: the person has set a password (the circuit's administrator makes them a new link); `other_groups`: the account acts for a group the caller does not administer; `user_disabled`: a disabled account gets no link",
          content: writeErrors[422].content,
        },
        ...writeErrors,
      },
    },
    { action: 'group-account.password-link', resource: 'user', idParam: 'userId' },
    groupAdministrators,
  ),
);
