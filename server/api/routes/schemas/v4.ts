/**
 * v4 shapes. Event, Competition and Group follow the specification field for field; Season, Division, Schedule
 * and Scores are our design of the shapes the specification leaves "not shown" (docs/api.md: "Designed shapes").
 */
import { z } from '@hono/zod-openapi';
import { STEP_KINDS } from '../../../../domain/schedule/itinerary.js';
import { SectionSheet } from './sheet.js';

export const EventListItem = z
  .object({
    id: z.number().int(),
    name: z.string(),
    location: z.string(),
    seasonId: z.number().int(),
    eventTypeId: z.number().int(),
    eventType: z.string(),
    practice: z.boolean(),
    videoEnabled: z.boolean(),
    commentaryEnabled: z.boolean(),
  })
  .openapi('EventListItem');

export const Competition = z
  .object({
    id: z.number().int(),
    guid: z.string().uuid(),
    name: z.string(),
    date: z
      .string()
      .openapi({ description: 'ISO 8601 UTC timestamp with milliseconds', example: '2026-03-28T17:00:00.000Z' }),
    standardScheduleUrl: z.string().url(),
    logisticalScheduleUrl: z.string().url(),
    recapUrl: z.string().url(),
  })
  .openapi('Competition');

/** The single retrieval: the list item without its three flags, with the event's competitions. */
export const Event = EventListItem.omit({ practice: true, videoEnabled: true, commentaryEnabled: true })
  .extend({ competitions: z.array(Competition) })
  .openapi('Event');

export const DivisionRef = z
  .object({ id: z.number().int(), name: z.string(), initials: z.string() })
  .openapi('DivisionRef');

export const GroupType = z.object({ id: z.number().int(), name: z.string() }).openapi('GroupType');

export const Group = z
  .object({
    id: z.number().int(),
    name: z.string(),
    location: z.string(),
    circuitId: z.string().openapi({
      description: "numeric text: the circuit's number for the group, or the group's id when it has none",
      example: '1042',
    }),
    division: DivisionRef,
    active: z.boolean(),
    pending: z.boolean(),
    groupType: GroupType,
  })
  .openapi('Group');

export const Division = z
  .object({
    id: z.number().int(),
    name: z.string(),
    initials: z.string(),
    groupType: GroupType,
    sortOrder: z.number().int().openapi({ description: "the circuit's order of classes, lowest first" }),
  })
  .openapi('Division');

export const Season = z
  .object({
    id: z.number().int(),
    guid: z.string().uuid(),
    name: z.string(),
    year: z.number().int(),
    startDate: z.string().openapi({ description: 'ISO 8601 date', example: '2026-01-01' }),
    endDate: z.string().openapi({ description: 'ISO 8601 date', example: '2026-04-30' }),
    current: z.boolean().openapi({
      description:
        "the organization's current season: the one it chose (`currentChosen`), else of those whose dates hold today one with a contest today first, then the latest to start (decision 123)",
    }),
    currentChosen: z
      .boolean()
      .openapi({ description: 'the circuit chose this season as its current one (POST /seasons/{id} with current)' }),
  })
  .openapi('Season');

export const Round = z
  .object({ number: z.number().int(), name: z.string(), scoresReleased: z.boolean() })
  .openapi('Round');

export const ItineraryStep = z
  .object({
    kind: z.enum([...STEP_KINDS, 'performance']),
    name: z.string(),
    location: z.string(),
    startsAt: z.string().openapi({ description: 'ISO 8601 UTC with milliseconds' }),
    endsAt: z.string().openapi({ description: 'ISO 8601 UTC with milliseconds' }),
  })
  .openapi('ItineraryStep');

export const ScheduleEntry = z
  .object({
    performanceId: z.number().int(),
    time: z
      .string()
      .nullable()
      .openapi({ description: 'performance time, ISO 8601 UTC with milliseconds; null when not yet set' }),
    order: z.number().int(),
    round: z.object({ number: z.number().int(), name: z.string() }),
    division: DivisionRef,
    group: z.object({ id: z.number().int(), name: z.string(), location: z.string() }),
    itinerary: z.array(ItineraryStep).optional().openapi({
      description:
        "the group's logistical steps for this performance in time order, the performance among them, from its division's template (decision 141); empty while the performance has no time; absent on services without logistical templates",
    }),
  })
  .openapi('ScheduleEntry');

export const Schedule = z
  .object({
    competition: z.object({ id: z.number().int(), guid: z.string().uuid(), name: z.string(), date: z.string() }),
    data: z.array(ScheduleEntry),
  })
  .openapi('Schedule');

const Ranked = { score: z.number(), rank: z.number().int().nullable() };

export const PerformanceScores = z
  .object({
    performanceId: z.number().int(),
    group: z.object({ id: z.number().int(), name: z.string(), location: z.string() }),
    performed: z.boolean(),
    noScoreReason: z.string(),
    total: z.object(Ranked),
    subtotal: z.object(Ranked),
    penalty: z.number(),
    categories: z.array(
      z.object({
        key: z.string(),
        ...Ranked,
        captions: z.array(
          z.object({ key: z.string(), ...Ranked, subcaptions: z.array(z.object({ key: z.string(), ...Ranked })) }),
        ),
      }),
    ),
  })
  .openapi('PerformanceScores');

/** What a correction changed (decision 083): a caption's lines, or a performance's penalty. */
export const CorrectedNumbers = z
  .object({
    scores: z
      .array(z.object({ subcaptionKey: z.string(), score: z.number() }))
      .optional()
      .openapi({ description: "a caption's numbers, line by line (empty: it had none)" }),
    penalty: z.number().optional().openapi({ description: "the performance's penalty, in points" }),
    performed: z
      .boolean()
      .optional()
      .openapi({ description: 'whether the group performed (false: did not perform, no score and no rank)' }),
  })
  .openapi('CorrectedNumbers');

export const Correction = z
  .object({
    at: z.string().openapi({ description: 'when, ISO 8601' }),
    reason: z.string(),
    performanceId: z.number().int(),
    captionKey: z
      .string()
      .nullable()
      .openapi({ description: 'the caption changed; null for a penalty or whether the group performed' }),
    before: CorrectedNumbers,
    after: CorrectedNumbers,
  })
  .openapi('Correction');

export const DivisionRoundScores = z
  .object({
    division: DivisionRef,
    round: z.object({ number: z.number().int(), name: z.string() }),
    sheet: SectionSheet,
    performances: z.array(PerformanceScores).openapi({ description: 'ordered by rank, unscored performances last' }),
    released: z.boolean().openapi({ description: 'false only in a preview (`preview=true`): not yet released' }),
    corrections: z.array(Correction).openapi({
      description:
        'changes to its numbers after release, oldest first (errata); the numbers above are the current ones',
    }),
  })
  .openapi('DivisionRoundScores');

export const CompetitionScores = z
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
    rounds: z.array(Round),
    data: z
      .array(DivisionRoundScores)
      .openapi({ description: 'released division/round sections only; every section with `preview=true`' }),
  })
  .openapi('CompetitionScores');

export const list = <T extends z.ZodTypeAny>(item: T, name: string) => z.object({ data: z.array(item) }).openapi(name);

/** Our extension: a group's released results, for the group page (docs/api.md: "Designed shapes"). */
export const GroupPerformance = z
  .object({
    performanceId: z.number().int(),
    competition: z.object({
      id: z.number().int(),
      guid: z.string().uuid(),
      name: z.string(),
      date: z.string(),
      eventId: z.number().int(),
      eventName: z.string(),
      seasonId: z.number().int(),
    }),
    division: DivisionRef,
    round: z.object({ number: z.number().int(), name: z.string() }),
    released: z.boolean().openapi({ description: "whether the round's scores are released" }),
    performed: z.boolean(),
    noScoreReason: z.string(),
    total: z.object(Ranked).nullable().openapi({ description: "null until the round's scores are released" }),
    subtotal: z.object(Ranked).nullable(),
    penalty: z.number().nullable(),
    categories: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        ...Ranked,
        captions: z
          .array(z.object({ key: z.string(), name: z.string(), ...Ranked }))
          .openapi({ description: "the category's captions as the sheet orders them (no subcaption lines)" }),
      }),
    ),
    groupsInRound: z.number().int().openapi({ description: 'how many performances its division and round had' }),
  })
  .openapi('GroupPerformance');

/** Our extension: season standings per division, from released scores. */
export const StandingsEntry = z
  .object({
    group: z.object({ id: z.number().int(), name: z.string(), location: z.string(), circuitId: z.string() }),
    rank: z.number().int(),
    bestScore: z.number(),
    latestScore: z.number(),
    latestCompetition: z.object({
      id: z.number().int(),
      guid: z.string().uuid(),
      name: z.string(),
      eventName: z.string(),
      date: z.string(),
    }),
    performances: z.number().int(),
  })
  .openapi('StandingsEntry');

export const DivisionStandings = z
  .object({ division: DivisionRef, groupType: GroupType, entries: z.array(StandingsEntry) })
  .openapi('DivisionStandings');

/** A scheduled performance as the write operations return it. */
export const Performance = z
  .object({
    id: z.number().int(),
    competitionId: z.number().int(),
    round: z.object({ number: z.number().int(), name: z.string() }),
    division: DivisionRef,
    group: z.object({ id: z.number().int(), name: z.string(), location: z.string() }),
    time: z.string().nullable(),
    order: z.number().int(),
    performed: z.boolean(),
    noScoreReason: z.string(),
  })
  .openapi('Performance');

/** A performance's result as score entry answers it: what the last tabulation gave, visible to reads once released. */
export const PerformanceTabulation = z
  .object({
    performanceId: z.number().int(),
    released: z.boolean(),
    performed: z.boolean(),
    total: z.object(Ranked).nullable(),
    subtotal: z.object(Ranked).nullable(),
    penalty: z.number(),
  })
  .openapi('PerformanceTabulation');
