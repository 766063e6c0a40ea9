/** The group operations' declarations: paths, parameters, bodies and answers (served by groups.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { GROUP_TYPE_IDS_DESCRIPTION } from '../../../../domain/group-types.js';
import { BoolField, bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, Paging, QueryBoolean, writeErrors } from '../schemas/common.js';
import { IntId, PositiveInt, SearchText, Text } from '../schemas/scalars.js';
import { Group, GroupPerformance, list } from '../schemas/v4.js';

/** The group list's filters, v4's and v3's. */
export const GroupQuery = z.strictObject({
  seasonId: PositiveInt.optional().openapi({ description: 'only groups performing in this season' }),
  divisionId: PositiveInt.optional(),
  groupTypeId: PositiveInt.optional().openapi({ description: GROUP_TYPE_IDS_DESCRIPTION }),
  active: QueryBoolean.optional(),
  pending: QueryBoolean.optional(),
  q: SearchText.optional(),
  ...Paging,
});

const groupParams = z.object({ groupId: IntId('groupId') });

export const listGroups = createRoute({
  method: 'get',
  path: '/groups/',
  summary: 'List groups',
  request: { query: GroupQuery },
  responses: {
    200: { description: 'Groups by name', content: { 'application/json': { schema: list(Group, 'GroupList') } } },
    ...errorResponses,
  },
});

export const getGroup = createRoute({
  method: 'get',
  path: '/groups/{groupId}',
  summary: 'Retrieve a group',
  request: { params: groupParams },
  responses: {
    200: { description: 'The group', content: { 'application/json': { schema: Group } } },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export const groupPerformances = createRoute({
  method: 'get',
  path: '/groups/{groupId}/performances',
  summary: "A group's performances and released results (extension)",
  request: { params: groupParams, query: z.strictObject({ seasonId: PositiveInt.optional() }) },
  responses: {
    200: {
      description: 'Oldest first; scores are null until released',
      content: { 'application/json': { schema: list(GroupPerformance, 'GroupPerformanceList') } },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const GroupFields = {
  name: Text(200).min(1),
  location: Text(200).optional(),
  circuitId: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, 'circuitId is numeric text')
    .optional(),
  divisionId: PositiveInt,
  active: BoolField.optional(),
  pending: BoolField.optional(),
};
const CreateGroupBody = z.strictObject(GroupFields).openapi('CreateGroup');
const UpdateGroupBody = z
  .strictObject({ ...GroupFields, name: GroupFields.name.optional(), divisionId: PositiveInt.optional() })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .openapi('UpdateGroup');

export const createGroup = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/groups/',
      summary: 'Create a group',
      request: { body: bodyOf(CreateGroupBody, 'The new group; division decides its group type') },
      responses: {
        201: { description: 'Created', content: { 'application/json': { schema: Group } } },
        ...writeErrors,
      },
    },
    { action: 'group.create', resource: 'group' },
  ),
);

export const updateGroup = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/groups/{groupId}',
      summary: 'Update a group (POST, as the specification has it)',
      request: { params: groupParams, body: bodyOf(UpdateGroupBody, 'Only the fields to change') },
      responses: {
        200: { description: 'The updated group', content: { 'application/json': { schema: Group } } },
        ...writeErrors,
      },
    },
    { action: 'group.update', resource: 'group', idParam: 'groupId' },
  ),
);
