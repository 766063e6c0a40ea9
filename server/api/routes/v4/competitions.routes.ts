/** The competition operations' declarations: paths, parameters, bodies and answers (served by competitions.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted } from '../../http/permissions.js';
import { BoolField, bodyOf } from '../../http/write-body.js';
import { Problem, errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text, Timestamp } from '../schemas/scalars.js';
import { CompetitionScores, Performance, Round, Schedule } from '../schemas/v4.js';
import {
  BaseVersion,
  CaptionEntry,
  conflictResponse,
  EntryStateField,
  Reason,
  ScoreLines,
} from '../schemas/score-entries.js';

const competitionParams = z.object({ competitionId: IntId('competitionId') });

export const getSchedule = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/schedule',
  summary: 'Retrieve schedule for a competition',
  request: {
    params: competitionParams,
    query: z.strictObject({
      view: z
        .enum(['standard', 'logistical'])
        .optional()
        .openapi({ description: 'both views list the same performances in performance order' }),
    }),
  },
  responses: {
    200: { description: 'Performances in order', content: { 'application/json': { schema: Schedule } } },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export const getScores = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/scores',
  summary: 'Retrieve competition scores',
  request: {
    params: competitionParams,
    query: z.strictObject({
      view: z
        .enum(['full', 'categories'])
        .optional()
        .openapi({ description: 'accepted for the recap links; the response is always complete' }),
      preview: BoolField.optional().openapi({
        description:
          'true: every division and round, released or not, for review before release (permission `read-unreleased`: administrators, tabulators, chief judges, full keys)',
      }),
    }),
  },
  responses: {
    200: {
      description:
        'Released division/round sections with every number and rank, each with its corrections after release',
      content: { 'application/json': { schema: CompetitionScores } },
    },
    403: {
      description: '`preview=true` without the permission `read-unreleased`',
      content: { 'application/problem+json': { schema: Problem } },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const AddPerformanceBody = z
  .strictObject({
    groupId: PositiveInt,
    divisionId: PositiveInt,
    round: Int(1, 20).optional().openapi({ description: 'round number, default 1' }),
    roundName: Text(100)
      .optional()
      .openapi({ description: 'names the round when this creates it ("Prelims", "Finals")' }),
    time: Timestamp.optional().openapi({
      description: 'performance time, ISO 8601 with time zone: what the schedule shows',
    }),
    order: Int(0, 10_000).optional(),
  })
  .openapi('AddPerformance');

export const addPerformance = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/performances',
      summary: "Add a performance (a group in a competition's division and round, at its time)",
      request: { params: competitionParams, body: bodyOf(AddPerformanceBody, 'The performance') },
      responses: {
        201: { description: 'Created', content: { 'application/json': { schema: Performance } } },
        ...writeErrors,
      },
    },
    { action: 'performance.create', resource: 'performance' },
  ),
);

const JudgeBody = z
  .strictObject({
    round: Int(1, 20),
    divisionId: PositiveInt,
    captionKey: Text(50).min(1),
    userId: PositiveInt.optional().openapi({
      description:
        'the judge user (role judge) who enters this caption; its names are printed unless firstName and lastName are given',
    }),
    firstName: Text(100).optional().openapi({ description: 'required without userId' }),
    lastName: Text(100).optional().openapi({ description: 'required without userId' }),
  })
  .openapi('SeatJudge');

export const seatJudge = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/judges',
      summary: "Seat a judge on a caption of a division's panel (score entry extension)",
      description:
        "By name (paper judging), by a judge user of the organization (`userId`: who then enters the caption with its own token and finds it in GET /me/seats), or both. Seating again replaces the seat; the caption's entries stay.",
      request: { params: competitionParams, body: bodyOf(JudgeBody, 'The judge and the caption') },
      responses: {
        200: {
          description: 'Seated',
          content: {
            'application/json': {
              schema: z.object({
                round: z.number().int(),
                divisionId: z.number().int(),
                captionKey: z.string(),
                firstName: z.string(),
                lastName: z.string(),
                userId: z.number().int().nullable(),
              }),
            },
          },
        },
        ...writeErrors,
      },
    },
    { action: 'panel.seat-judge', resource: 'panel', idParam: 'competitionId' },
  ),
);

/** Most entries one bulk write takes. */
export const BULK_ENTRIES_MAX = 1_000;

const BulkEntry = z.strictObject({
  performanceId: PositiveInt,
  captionKey: Text(50).min(1),
  scores: ScoreLines.optional(),
  state: EntryStateField.optional(),
  baseVersion: BaseVersion.optional(),
});

const BulkScoresBody = z
  .strictObject({
    entries: z.array(BulkEntry).min(1).max(BULK_ENTRIES_MAX),
    reason: Reason.optional(),
  })
  .openapi('BulkScores');

const CsvSheet = z.string().openapi({
  description:
    "A judge's sheet as CSV (RFC 4180): a header row, then a row per group. The first column is `performanceId` (or `group`: the group's name in the division and round), then one column per subcaption, named by its key; an empty cell leaves that line without a number. Query: captionKey, round and divisionId (required), state.",
  example: 'performanceId,voc,exc\n12,88.5,87\n13,80,79.5\n',
});

export const enterScoresInBulk = createRoute(
  permitted(
    'enter-scores',
    {
      method: 'post',
      path: '/competitions/{competitionId}/scores',
      summary: "Enter many caption entries at once, all or none; or a judge's sheet as CSV (score entry extension)",
      description:
        `Up to ${BULK_ENTRIES_MAX} entries of the competition, each as POST /performances/{performanceId}/scores takes it (state, baseVersion), with one reason for all. ` +
        'Every entry is checked before anything is written: a bad one is a 422 naming `entries[i]...` (409 score_conflict or entry_submitted with `current` for a stale or submitted entry) and nothing changes. ' +
        "Each division and round touched is tabulated once. With `Content-Type: text/csv` the body is one caption's sheet (captionKey, round and divisionId in the query); its errors name the row (the header is row 1) and the column. " +
        'Each performance changed gets its own audit entry. An `Idempotency-Key` makes a retry answer the first answer.',
      request: {
        params: competitionParams,
        query: z.strictObject({
          captionKey: Text(50).min(1).optional().openapi({ description: 'CSV only: the caption of the sheet' }),
          round: Int(1, 20).optional().openapi({ description: 'CSV only: the round' }),
          divisionId: PositiveInt.optional().openapi({ description: 'CSV only: the division' }),
          state: EntryStateField.optional().openapi({ description: "CSV only: the entries' state" }),
        }),
        body: {
          required: false,
          description: 'the entries (JSON), or a sheet (CSV)',
          content: { 'application/json': { schema: BulkScoresBody }, 'text/csv': { schema: CsvSheet } },
        },
      },
      responses: {
        200: {
          description: 'The entries as written, in the order sent (rows in CSV order)',
          content: { 'application/json': { schema: z.object({ data: z.array(CaptionEntry) }) } },
        },
        ...writeErrors,
        ...conflictResponse,
      },
    },
    undefined,
    { permission: 'enter-seated-scores', limit: 'only the captions the caller is seated on' },
  ),
);

const ReleaseBody = z
  .strictObject({
    round: Int(1, 20).optional().openapi({ description: 'one round; default every round' }),
    divisionId: PositiveInt.optional().openapi({
      description: "one division; default every division of the round(s), and the round's own flag is set",
    }),
    released: BoolField.optional().openapi({ description: 'default true; false withdraws released scores' }),
    force: BoolField.optional().openapi({
      description: 'release even what lacks captions or a required sign-off; needs a `reason`',
    }),
    reason: Text(500)
      .optional()
      .openapi({ description: "why: required with `force`; kept in the audit trail (as X-Audit-Reason's)" }),
  })
  .openapi('Release');

const SectionRelease = z.object({
  round: z.number().int(),
  divisionId: z.number().int(),
  division: z.string(),
  released: z.boolean(),
  overridden: z
    .object({
      missing: z.array(
        z.object({
          captionKey: z.string(),
          captionName: z.string(),
          performances: z.array(z.object({ id: z.number().int(), group: z.string() })),
        }),
      ),
      noSheet: z.boolean(),
      notSignedOff: z.boolean(),
    })
    .nullable()
    .openapi({ description: 'what a forced release let through; null when nothing was lacking' }),
});

export const release = createRoute(
  permitted(
    'release',
    {
      method: 'post',
      path: '/competitions/{competitionId}/release',
      summary: "Release (or withdraw) a competition's, a round's or a division and round's scores (extension)",
      description:
        'Releasing checks each division and round not yet released: every group that performed has every caption of the sheet (each judge of a doubled panel), and a sign-off where the organization requires one. Anything lacking refuses the whole request with 409 `release_refused`, whose `sections` name each missing caption and performance, unless `force: true` with a `reason`. Withdrawing (`released: false`) takes the same round and division.',
      request: {
        params: competitionParams,
        body: bodyOf(ReleaseBody, 'which round and division, whether released, and a forced release with its reason'),
      },
      responses: {
        200: {
          description: 'The rounds after the change, and each division and round it applied to',
          content: {
            'application/json': { schema: z.object({ rounds: z.array(Round), sections: z.array(SectionRelease) }) },
          },
        },
        409: {
          description:
            'Refused: `sections` lists each division and round with its `missing` captions and performances, `noSheet`, `notSignedOff`',
          content: { 'application/problem+json': { schema: Problem } },
        },
        ...writeErrors,
      },
    },
    { action: 'competition.release', resource: 'competition', idParam: 'competitionId' },
  ),
);
