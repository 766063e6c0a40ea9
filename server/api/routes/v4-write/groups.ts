import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { createGroup, updateGroup } from '../../db/write/groups.js';
import { findGroup } from '../../db/read/groups.js';
import { errorResponses, notFoundResponse, Problem } from '../schemas/common.js';
import { IntId, PositiveInt, Text } from '../schemas/scalars.js';
import { Group } from '../schemas/v4.js';
import { groupItem } from '../present/v4.js';
import { BoolField, bodyOf, referencing, validBody } from './body.js';

const unprocessable = { 422: { description: 'Well-formed but breaks a rule (named in errors)', content: { 'application/problem+json': { schema: Problem } } } };
const unsupported = { 415: { description: 'Body is neither JSON nor form-encoded', content: { 'application/problem+json': { schema: Problem } } } };
export const writeErrors = { ...errorResponses, ...notFoundResponse, ...unprocessable, ...unsupported };

const GroupFields = {
  name: Text(200).min(1),
  location: Text(200).optional(),
  circuitId: z.string().trim().regex(/^\d{0,20}$/, 'circuitId is numeric text').optional(),
  divisionId: PositiveInt,
  active: BoolField.optional(),
  pending: BoolField.optional(),
};
const CreateGroupBody = z.strictObject(GroupFields).openapi('CreateGroup');
const UpdateGroupBody = z
  .strictObject({ ...GroupFields, name: GroupFields.name.optional(), divisionId: PositiveInt.optional() })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .openapi('UpdateGroup');

const createRouteDef = createRoute({
  method: 'post',
  path: '/groups/',
  summary: 'Create a group',
  request: { body: bodyOf(CreateGroupBody, 'The new group; division decides its group type') },
  responses: { 201: { description: 'Created', content: { 'application/json': { schema: Group } } }, ...writeErrors },
});

const updateRouteDef = createRoute({
  method: 'post',
  path: '/groups/{groupId}',
  summary: 'Update a group (POST, as the specification has it)',
  request: { params: z.object({ groupId: IntId('groupId') }), body: bodyOf(UpdateGroupBody, 'Only the fields to change') },
  responses: { 200: { description: 'The updated group', content: { 'application/json': { schema: Group } } }, ...writeErrors },
});

export function groupWriteRoutes(services: Services) {
  const db = services.database.db;
  return newRouter()
    .openapi(createRouteDef, async (c) => {
      const orgId = c.get('auth').orgId;
      const row = await referencing({ division: 'divisionId' }, () => createGroup(db, orgId, validBody<z.infer<typeof CreateGroupBody>>(c)));
      services.cache.invalidate(orgId);
      return c.json(groupItem((await findGroup(db, orgId, row.id))!), 201);
    })
    .openapi(updateRouteDef, async (c) => {
      const orgId = c.get('auth').orgId;
      const { groupId } = c.req.valid('param');
      await referencing({ division: 'divisionId' }, () => updateGroup(db, orgId, { groupId, ...validBody<z.infer<typeof UpdateGroupBody>>(c) }));
      services.cache.invalidate(orgId);
      return c.json(groupItem((await findGroup(db, orgId, groupId))!), 200);
    });
}
