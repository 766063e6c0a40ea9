/** A group's own contests and sheets, for its accounts (decision 133): declarations (served by group-contests.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { errorResponses, notFoundResponse } from '../schemas/common.js';
import { IntId } from '../schemas/scalars.js';
import { SectionSheet } from '../schemas/sheet.js';
import { Correction, DivisionRef, GroupPerformance, list, PerformanceScores } from '../schemas/v4.js';

const contestParams = z.object({ groupId: IntId('groupId') });
const sheetParams = z.object({ groupId: IntId('groupId'), performanceId: IntId('performanceId') });

export const listGroupContests = createRoute(
  permitted('read-group', {
    method: 'get',
    path: '/groups/{groupId}/contests',
    summary: "A group's contests, newest first, for the group's own accounts (extension)",
    description:
      "Every performance of the group, newest first, each with its released result (null before release). A group's account reads only its own groups (403 for another); the circuit's administrator any group of the organization.",
    request: { params: contestParams },
    responses: {
      200: {
        description: 'Newest first; scores are null until released',
        content: { 'application/json': { schema: list(GroupPerformance, 'GroupContestList') } },
      },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);

export const GroupSheet = z
  .object({
    competition: z.object({
      id: z.number().int(),
      guid: z.string().uuid(),
      name: z.string(),
      date: z.string(),
      eventId: z.number().int(),
      eventName: z.string(),
      location: z.string(),
      chiefJudge: z.string(),
    }),
    round: z.object({ number: z.number().int(), name: z.string() }),
    division: DivisionRef,
    sheet: SectionSheet.openapi({ description: "the division and round's sheet: captions, lines and judges' names" }),
    performance: PerformanceScores.openapi({
      description: "the group's numbers: every caption's lines (each judge's), caption and category ranks, penalty",
    }),
    groupsInRound: z.number().int().openapi({ description: 'how many performances its division and round had' }),
    corrections: z
      .array(Correction)
      .openapi({ description: "changes to the group's numbers after release, oldest first, with their reasons" }),
    commentary: z
      .object({
        released: z
          .boolean()
          .openapi({ description: "its division and round's commentary is released (it may be withheld, or later)" }),
        recordings: z.array(
          z.object({
            id: z.number().int(),
            captionKey: z.string(),
            contentType: z.string(),
            durationMs: z.number().int().nullable(),
            audio: z.string().openapi({ description: 'the path of its audio (GET, Range; download=true to save it)' }),
          }),
        ),
      })
      .openapi({
        description:
          'the recording heard of each caption, once the commentary is released (none before): its marks are read with GET /commentary/recordings/{recordingId}',
      }),
  })
  .openapi('GroupSheet');

export const getGroupSheet = createRoute(
  permitted('read-group', {
    method: 'get',
    path: '/groups/{groupId}/contests/{performanceId}',
    summary: "A group's whole sheet of one released performance, for the group's own accounts (extension)",
    description:
      "Every judge's numbers with their lines, the caption and category ranks, the judges' names, the penalty and the corrections with their reasons. 404 until the performance's division and round is released, and for a performance of another group.",
    request: { params: sheetParams },
    responses: {
      200: { description: 'The sheet', content: { 'application/json': { schema: GroupSheet } } },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);
