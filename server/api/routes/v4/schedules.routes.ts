/**
 * The schedule builder (issue 40, item 2; decision 138): a competition's draft, publishing it as a version, and the
 * published versions; served by schedules.ts. The published times are the performances' (GET
 * /competitions/{id}/schedule and the standard schedule page answer them, unchanged in shape).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { BLOCK_KINDS, CONFLICT_KINDS, MAX_REASON, MAX_TITLE } from '../../../../domain/schedule/times.js';
import { permitted } from '../../http/permissions.js';
import { bodyOf, BoolField, jsonBodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text, Timestamp } from '../schemas/scalars.js';

const competitionParams = z.object({ competitionId: IntId('competitionId') });
/** minutes are checked by the rules (a 422 naming the field), so any whole number in this wide range is well-formed */
const Minutes = Int(-100_000, 100_000);

const BlockBody = z.strictObject({
  kind: z.enum(BLOCK_KINDS),
  title: Text(MAX_TITLE * 2).openapi({ description: `1 to ${MAX_TITLE} characters` }),
  minutes: Minutes.openapi({ description: 'its length: 1 to 600 minutes' }),
});

export const DraftBody = z
  .strictObject({
    startsAt: Timestamp.openapi({ description: 'when the first item starts, ISO 8601 with time zone' }),
    endsAt: Timestamp.nullable()
      .optional()
      .openapi({ description: "the venue's end time: after the start; null or absent: none" }),
    gapMinutes: Minutes.optional().openapi({
      description:
        'the least time between two performances of one group, or of two groups of one name stem: 0 to 240 (default 30)',
    }),
    intervals: z
      .array(z.strictObject({ divisionId: PositiveInt, minutes: Minutes }))
      .max(200)
      .openapi({ description: "each division's interval in minutes, 1 to 120: every division with a performance" }),
    items: z
      .array(z.union([z.strictObject({ performanceId: PositiveInt }), z.strictObject({ block: BlockBody })]))
      .max(2000)
      .openapi({
        description:
          "the day's sequence, the first performs first: every performance of the competition once, each division and round in its running order, and blocks (break, meal, awards, other) anywhere",
      }),
  })
  .openapi('ScheduleDraftRequest');

const When = z.string().openapi({ description: 'ISO 8601' });

const TimedPerformance = z.object({
  kind: z.literal('performance'),
  performanceId: z.number().int(),
  group: z.object({ id: z.number().int(), name: z.string() }),
  division: z.object({ id: z.number().int(), name: z.string() }),
  round: z.object({ number: z.number().int(), name: z.string() }),
  order: z.number().int().openapi({ description: 'its place in its division and round' }),
  startsAt: When,
  endsAt: When,
  published: When.nullable().openapi({ description: 'its time in the latest published version; null: not in it' }),
  moved: z.boolean().openapi({ description: 'its time here differs from the latest published version' }),
});

const TimedBlock = z.object({
  kind: z.literal('block'),
  blockKind: z.enum(BLOCK_KINDS),
  title: z.string(),
  minutes: z.number().int(),
  startsAt: When,
  endsAt: When,
});

const Move = z
  .object({
    performanceId: z.number().int(),
    groupName: z.string(),
    from: When.nullable().openapi({ description: 'null: new in this version' }),
    to: When.nullable().openapi({ description: 'null: no longer scheduled' }),
  })
  .openapi('ScheduleMove');

const Conflict = z
  .object({
    kind: z.enum(CONFLICT_KINDS),
    items: z.array(z.number().int()).openapi({ description: "the items' places in `items` (0 is the first)" }),
    message: z.string(),
  })
  .openapi('ScheduleConflict');

const VersionSummary = {
  number: z.number().int(),
  publishedAt: When,
  publishedBy: z.string(),
  reason: z.string().openapi({ description: 'why it changed (empty for the first version)' }),
};

export const ScheduleVersion = z
  .object({
    ...VersionSummary,
    items: z.array(
      z.union([
        z.object({
          kind: z.literal('performance'),
          performanceId: z.number().int(),
          groupId: z.number().int(),
          groupName: z.string(),
          divisionId: z.number().int(),
          divisionName: z.string(),
          roundNumber: z.number().int(),
          startsAt: When,
          endsAt: When,
        }),
        z.object({
          kind: z.literal('block'),
          blockKind: z.enum(BLOCK_KINDS),
          title: z.string(),
          minutes: z.number().int(),
          startsAt: When,
          endsAt: When,
        }),
      ]),
    ),
    moved: z
      .array(Move)
      .openapi({ description: 'what moved since the version before (the first: every performance new)' }),
  })
  .openapi('ScheduleVersion');

export const ScheduleDraft = z
  .object({
    competition: z.object({ id: z.number().int(), guid: z.string(), name: z.string() }),
    saved: z
      .object({ at: When, by: z.string() })
      .nullable()
      .openapi({ description: 'null: never saved (the default: the competition time, 12-minute intervals)' }),
    startsAt: When,
    endsAt: When.nullable(),
    gapMinutes: z.number().int(),
    intervals: z.array(z.object({ divisionId: z.number().int(), divisionName: z.string(), minutes: z.number().int() })),
    items: z.array(z.union([TimedPerformance, TimedBlock])),
    conflicts: z
      .array(Conflict)
      .openapi({ description: 'what publishing would put wrong; publishing refuses them unless told' }),
    published: z.object(VersionSummary).nullable().openapi({ description: 'the latest version; null: none yet' }),
    moved: z.array(Move).openapi({ description: 'what publishing this draft would move since the latest version' }),
  })
  .openapi('ScheduleDraft');

export const getDraft = createRoute(
  permitted('set-up', {
    method: 'get',
    path: '/competitions/{competitionId}/schedule/draft',
    summary: "A competition's schedule draft with its computed times and conflicts (schedule builder extension)",
    request: { params: competitionParams },
    responses: {
      200: {
        description: 'The draft, saved or the default',
        content: { 'application/json': { schema: ScheduleDraft } },
      },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);

export const saveDraft = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/schedule/draft',
      summary: "Save a competition's schedule draft whole (schedule builder extension)",
      description:
        'Nothing is published. A rule broken (an interval of 0, an end before the start, a block without a title, a performance missing, twice or out of its running order) is a 422 naming the field.',
      request: { params: competitionParams, body: jsonBodyOf(DraftBody, 'the whole draft') },
      responses: {
        200: { description: 'The draft saved, computed', content: { 'application/json': { schema: ScheduleDraft } } },
        ...writeErrors,
      },
    },
    { action: 'schedule.save-draft', resource: 'schedule', idParam: 'competitionId' },
  ),
);

const PublishBody = z
  .strictObject({
    reason: Text(MAX_REASON * 2)
      .optional()
      .openapi({ description: `why it changes: required once a version is published (at most ${MAX_REASON})` }),
    despiteConflicts: BoolField.optional().openapi({ description: 'publish although the draft has conflicts' }),
  })
  .openapi('SchedulePublishRequest');

export const publish = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/schedule/versions',
      summary: "Publish a competition's schedule draft as its next version (schedule builder extension)",
      description:
        "Writes every performance's computed time (the standard schedule page and GET /competitions/{id}/schedule show them) and records the version: who, when, why. Refused (422) with conflicts unless `despiteConflicts`, and without a `reason` once a version exists.",
      request: {
        params: competitionParams,
        body: bodyOf(PublishBody, 'the reason, and whether conflicts are accepted'),
      },
      responses: {
        201: { description: 'The version published', content: { 'application/json': { schema: ScheduleVersion } } },
        ...writeErrors,
      },
    },
    { action: 'schedule.publish', resource: 'schedule', idParam: 'competitionId' },
  ),
);

export const listVersions = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/schedule/versions',
  summary:
    "A competition's published schedule versions, oldest first, each with what moved (schedule builder extension)",
  request: { params: competitionParams },
  responses: {
    200: {
      description: 'Every version; the last is the current one',
      content: {
        'application/json': { schema: z.object({ data: z.array(ScheduleVersion) }).openapi('ScheduleVersions') },
      },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});
