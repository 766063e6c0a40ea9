/** The division list's declaration (served by divisions.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { GROUP_TYPE_IDS_DESCRIPTION } from '../../../../domain/group-types.js';
import { errorResponses } from '../schemas/common.js';
import { PositiveInt } from '../schemas/scalars.js';
import { Division, list } from '../schemas/v4.js';

/** The division list's filters, v4's and v3's. */
export const DivisionQuery = z.strictObject({
  groupTypeId: PositiveInt.optional().openapi({ description: GROUP_TYPE_IDS_DESCRIPTION }),
});

export const listDivisions = createRoute({
  method: 'get',
  path: '/divisions/',
  summary: 'List all divisions',
  request: { query: DivisionQuery },
  responses: {
    200: {
      description: "Divisions in the circuit's order",
      content: { 'application/json': { schema: list(Division, 'DivisionList') } },
    },
    ...errorResponses,
  },
});
