/** The division operations' declarations: the list, creating and updating a division, its sheet (served by divisions.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { GROUP_TYPE_IDS_DESCRIPTION } from '../../../../domain/group-types.js';
import { permitted } from '../../http/permissions.js';
import { bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text } from '../schemas/scalars.js';
import { DivisionSheet, ScoreSheetInput } from '../schemas/sheet.js';
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

const divisionParams = z.object({ divisionId: IntId('divisionId') });

const DivisionFields = {
  name: Text(200).min(1),
  initials: Text(20).min(1),
  groupTypeId: PositiveInt.openapi({ description: GROUP_TYPE_IDS_DESCRIPTION }),
  sortOrder: Int(-100_000, 100_000).optional().openapi({ description: "the circuit's order of classes, lowest first" }),
  sheetKey: Text(100)
    .min(1)
    .optional()
    .openapi({ description: 'a catalogue sheet (GET /score-sheets/) by its key; or send `sheet`' }),
  sheet: ScoreSheetInput.optional().openapi({
    description:
      "the circuit's own sheet, in the shape GET /divisions/{id}/sheet and a section of GET /competitions/{id}/scores answer (JSON bodies only)",
  }),
};

const CreateDivisionBody = z.strictObject(DivisionFields).openapi('CreateDivision');
const UpdateDivisionBody = z
  .strictObject({
    ...DivisionFields,
    name: DivisionFields.name.optional(),
    initials: DivisionFields.initials.optional(),
    groupTypeId: DivisionFields.groupTypeId.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .openapi('UpdateDivision');

export const createDivision = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/divisions/',
      summary: 'Create a division with its score sheet (extension)',
      description:
        'The division is judged on a catalogue sheet (`sheetKey`) or on its own (`sheet`): one of the two. A sheet that cannot be scored is refused with 422 naming the field (a category without a caption, a maximum not above 0, a step that does not divide it, a key used twice).',
      request: { body: bodyOf(CreateDivisionBody, 'The new division; its name is unique in the organization') },
      responses: {
        201: { description: 'Created', content: { 'application/json': { schema: Division } } },
        ...writeErrors,
      },
    },
    { action: 'division.create', resource: 'division' },
  ),
);

export const updateDivision = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/divisions/{divisionId}',
      summary: 'Update a division: name, initials, group type, order or score sheet (extension)',
      description:
        'A new sheet applies to every round of the division that has no score yet; a round with scores keeps the sheet it was scored on. The group type changes only while the division has no groups and no performances.',
      request: { params: divisionParams, body: bodyOf(UpdateDivisionBody, 'Only the fields to change') },
      responses: {
        200: { description: 'The updated division', content: { 'application/json': { schema: Division } } },
        ...writeErrors,
      },
    },
    { action: 'division.update', resource: 'division', idParam: 'divisionId' },
  ),
);

export const getDivisionSheet = createRoute({
  method: 'get',
  path: '/divisions/{divisionId}/sheet',
  summary: "A division's score sheet (extension)",
  request: { params: divisionParams },
  responses: {
    200: {
      description: 'The sheet new rounds of the division are judged on',
      content: { 'application/json': { schema: DivisionSheet } },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});
