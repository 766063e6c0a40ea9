/** Who is calling: declarations (served by me.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { ROLES } from '../../../../domain/roles.js';
import { PERMISSIONS, permitted } from '../../http/permissions.js';
import { errorResponses } from '../schemas/common.js';
import { PositiveInt } from '../schemas/scalars.js';
import { CaptionEntry } from '../schemas/score-entries.js';
import { UserGroup } from './users.routes.js';

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
    groups: z.array(UserGroup).openapi({
      description: "a group's account: the groups it acts for, each with its role there; empty otherwise",
    }),
  })
  .openapi('Me');

export const getMe = createRoute(
  permitted(
    'read',
    {
      method: 'get',
      path: '/me',
      summary: 'The caller: its user and role (or its key), its organization, its permissions and its groups',
      responses: {
        200: { description: 'The caller', content: { 'application/json': { schema: Me } } },
        ...errorResponses,
      },
    },
    undefined,
    { permission: 'read-group', limit: 'its own account (a group account reads nothing else of the organization)' },
  ),
);

const SeatLine = z.object({
  key: z.string(),
  name: z.string(),
  initials: z.string(),
  max: z.number(),
  step: z
    .number()
    .openapi({ description: 'the smallest change of a number on this line (0.001 unless the sheet says)' }),
  weight: z.number().openapi({
    description:
      "the factor the tabulation applies to this line's number: the caption's score is the sum of number x weight (Rep 82.5 x 0.1 + Perf 80 x 0.1 = 16.25)",
  }),
});

export const MySeat = z
  .object({
    competition: z.object({
      id: z.number().int(),
      guid: z.string(),
      name: z.string(),
      date: z.string(),
      commentaryEnabled: z.boolean().openapi({
        description: "its event records commentary (the event's commentaryEnabled): the tablet offers recording",
      }),
    }),
    round: z.object({ number: z.number().int(), name: z.string(), released: z.boolean() }),
    division: z.object({ id: z.number().int(), name: z.string(), initials: z.string() }),
    category: z.object({ key: z.string(), name: z.string() }),
    caption: z.object({
      key: z.string(),
      name: z.string(),
      initials: z.string(),
      subcaptions: z.array(SeatLine),
      digits: z.number().int().openapi({
        description:
          "fraction digits the caption's score is published with, rounded half up (the sheet's; 3 nearly everywhere)",
      }),
    }),
    performances: z
      .array(
        z.object({
          id: z.number().int(),
          order: z.number().int(),
          time: z.string().nullable(),
          performed: z.boolean(),
          group: z.object({ id: z.number().int(), name: z.string() }),
          entry: CaptionEntry,
        }),
      )
      .openapi({
        description: "the division and round's performances in running order, each with the caption's entry",
      }),
  })
  .openapi('MySeat');

export const getMySeats = createRoute({
  method: 'get',
  path: '/me/seats',
  summary: "The caller's seats: each caption it judges, its sheet lines, and the performances with its entries",
  description:
    "A judge user's seats (POST /competitions/{id}/judges with its userId), by competition time, round and division, each with the caption's subcaptions (maximum, step) and the performances in running order with the caption's entry (scores, state, version): what a judge's tablet needs. Empty for a caller seated nowhere (a key's own token included).",
  request: {
    query: z.strictObject({
      competitionId: PositiveInt.optional().openapi({ description: 'only this competition' }),
    }),
  },
  responses: {
    200: {
      description: 'The seats',
      content: { 'application/json': { schema: z.object({ data: z.array(MySeat) }) } },
    },
    ...errorResponses,
  },
});
