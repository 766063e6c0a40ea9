/**
 * The shapes of the BFF's own views (`/api/bff/...`): what the pages need, derived from the operations every
 * upstream serves. They are declared once here; `npm run gen:api-types` turns them into src/lib/bff-types.ts.
 */
import { z } from '@hono/zod-openapi';

export const Season = z
  .object({
    id: z.number().int(),
    name: z.string(),
    year: z.number().int().nullable().openapi({ description: "v2's season year, read from the name (null: the name has none)" }),
    current: z.boolean().openapi({ description: 'the greatest name whose v2 listing does not say otherwise (IsCurrentSeason)' }),
  })
  .openapi('BffSeason');

export const SeasonList = z.object({ data: z.array(Season).openapi({ description: 'newest (greatest name) first' }) }).openapi('BffSeasonList');

const Released = {
  scoresReleased: z.boolean(),
  categoryRecapReleased: z.boolean(),
  recapReleased: z.boolean(),
};

export const CalendarEntry = z
  .object({
    competition: z.object({ guid: z.string(), name: z.string(), date: z.string(), groupTypeId: z.number().int(), ...Released }),
    event: z.object({
      guid: z.string(),
      name: z.string(),
      location: z.string(),
      id: z.number().int().nullable().openapi({ description: "the event's id (for /events/{id}), matched by name and location; null when no event matches" }),
      eventTypeId: z.number().int().nullable(),
      eventType: z.string().nullable(),
      practice: z.boolean(),
    }),
  })
  .openapi('BffCalendarEntry');

export const SeasonCalendar = z.object({ season: Season, data: z.array(CalendarEntry).openapi({ description: 'by date' }) }).openapi('BffSeasonCalendar');

const GroupRef = z.object({
  name: z.string(),
  orgGroupIdentifier: z.string().openapi({ description: "v2's OrgGroupIdentifier; empty when the circuit gives none (then the name identifies the group)" }),
  location: z.string().nullable().openapi({ description: "from the season's group list, matched by circuit id or name; null when none matches" }),
});

export const CompetitionSummary = z
  .object({
    competition: z.object({
      guid: z.string(),
      name: z.string(),
      date: z.string(),
      chiefJudge: z.string(),
      groupTypeId: z.number().int(),
      ...Released,
      id: z.number().int().nullable().openapi({ description: "the competition's id in its event's detail (for its schedule); null when unknown" }),
      scheduleUrl: z.string().nullable().openapi({ description: "the event detail's standardScheduleUrl: on the hosted service, the published schedule page" }),
    }),
    event: z.object({ guid: z.string(), name: z.string(), location: z.string(), id: z.number().int().nullable() }),
    season: z.object({ id: z.number().int(), name: z.string() }),
    groups: z.array(GroupRef).openapi({ description: "the groups of the competition's released performances, with their locations (v2 has none)" }),
  })
  .openapi('BffCompetitionSummary');



const Ranked = z.object({ score: z.number(), rank: z.number().int().nullable() });

export const DivisionStandings = z
  .object({
    division: z.object({ name: z.string(), initials: z.string() }),
    groupType: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    entries: z.array(
      z.object({
        rank: z.number().int(),
        group: GroupRef,
        bestScore: z.number(),
        latestScore: z.number(),
        latestCompetition: z.object({ guid: z.string(), name: z.string(), eventName: z.string(), date: z.string() }),
        performances: z.number().int(),
      }),
    ),
  })
  .openapi('BffDivisionStandings');

export const SeasonStandings = z
  .object({ season: Season, data: z.array(DivisionStandings).openapi({
      description: 'divisions by group type, then name; groups ranked by latest released total (three fraction digits, as v2 prints it), then by name; practice events left out',
    }) })
  .openapi('BffSeasonStandings');

export const GroupSeasonPerformance = z
  .object({
    competition: z.object({ guid: z.string(), name: z.string(), date: z.string(), eventName: z.string() }),
    practice: z.boolean().openapi({ description: 'at a practice event (v2 lists it only with practice events): standings leave it out' }),
    division: z.object({ name: z.string(), initials: z.string() }),
    round: z.object({ number: z.number().int(), name: z.string() }),
    performed: z.boolean(),
    noScoreReason: z.string(),
    total: Ranked.nullable(),
    groupsInRound: z.number().int(),
  })
  .openapi('BffGroupSeasonPerformance');

export const GroupSeason = z
  .object({
    season: Season,
    group: GroupRef.extend({ groupType: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
    data: z.array(GroupSeasonPerformance).openapi({ description: 'released performances, oldest first' }),
  })
  .openapi('BffGroupSeason');

export const GroupSeasons = z
  .object({
    group: GroupRef.extend({ groupType: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
    seasons: z
      .array(z.object({ season: Season, performances: z.number().int() }))
      .openapi({ description: 'the seasons with released performances of the group, newest first (the newest ten seasons looked at)' }),
  })
  .openapi('BffGroupSeasons');

export type SeasonView = z.infer<typeof Season>;
export type GroupSeasonsView = z.infer<typeof GroupSeasons>;
export type CalendarEntryView = z.infer<typeof CalendarEntry>;
export type CompetitionSummaryView = z.infer<typeof CompetitionSummary>;
export type DivisionStandingsView = z.infer<typeof DivisionStandings>;
export type GroupSeasonPerformanceView = z.infer<typeof GroupSeasonPerformance>;
export type GroupRefView = z.infer<typeof GroupRef>;
