/** The season operations' declarations: the list, creating and updating a season (served by seasons.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { bodyOf } from '../../http/write-body.js';
import { errorResponses, writeErrors } from '../schemas/common.js';
import { Int, IntId, IsoDate, Text } from '../schemas/scalars.js';
import { list, Season } from '../schemas/v4.js';

export const listSeasons = createRoute({
  method: 'get',
  path: '/seasons/',
  summary: 'List all seasons',
  request: { query: z.strictObject({}) },
  responses: {
    200: {
      description: 'Seasons, oldest first',
      content: { 'application/json': { schema: list(Season, 'SeasonList') } },
    },
    ...errorResponses,
  },
});

const seasonParams = z.object({ seasonId: IntId('seasonId') });

const SeasonFields = {
  name: Text(200).min(1),
  startDate: IsoDate.openapi({ description: 'first day, YYYY-MM-DD' }),
  endDate: IsoDate.openapi({ description: 'last day, YYYY-MM-DD (not before startDate)' }),
  year: Int(1900, 2200)
    .optional()
    .openapi({ description: 'the year the circuit names the season by; default the year of endDate' }),
};
const CreateSeasonBody = z.strictObject(SeasonFields).openapi('CreateSeason');
const UpdateSeasonBody = z
  .strictObject({
    name: SeasonFields.name.optional(),
    startDate: SeasonFields.startDate.optional(),
    endDate: SeasonFields.endDate.optional(),
    year: SeasonFields.year,
    current: z.boolean().optional().openapi({
      description:
        "true: the circuit's current season from now on (the one chosen before no longer is); false on the chosen one: none chosen, the dates decide again",
    }),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change')
  .openapi('UpdateSeason');

export const createSeason = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/seasons/',
      summary: 'Create a season (extension)',
      request: { body: bodyOf(CreateSeasonBody, 'The new season; its name is unique in the organization') },
      responses: {
        201: { description: 'Created', content: { 'application/json': { schema: Season } } },
        ...writeErrors,
      },
    },
    { action: 'season.create', resource: 'season' },
  ),
);

export const updateSeason = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/seasons/{seasonId}',
      summary:
        "Update a season's name, dates or year, or choose it as the current season (extension; POST, as group updates are)",
      request: { params: seasonParams, body: bodyOf(UpdateSeasonBody, 'Only the fields to change') },
      responses: {
        200: { description: 'The updated season', content: { 'application/json': { schema: Season } } },
        ...writeErrors,
      },
    },
    { action: 'season.update', resource: 'season', idParam: 'seasonId' },
  ),
);
