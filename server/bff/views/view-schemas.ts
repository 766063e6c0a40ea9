/**
 * The shapes the BFF's views share, and those its modules build (reads/calendar.ts, reads/group-summary.ts,
 * reads/search-index.ts...): declared once here, so the modules that build them need no view module. A view's own
 * envelope ({season, data} and the like) is declared in its `<name>.view.ts`. `npm run gen:api-types` turns them into
 * src/lib/bff-types.ts.
 */
import { z } from '@hono/zod-openapi';

export const Season = z
  .object({
    id: z.number().int(),
    name: z.string(),
    year: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "v2's season year, read from the name (null: the name has none)" }),
    current: z.boolean().openapi({
      description:
        "the upstream's current season: on our API the one its seasons mark (decision 123); on the hosted service the greatest name whose v2 listing does not say otherwise (IsCurrentSeason)",
    }),
  })
  .openapi('BffSeason');

const Released = {
  scoresReleased: z.boolean(),
  categoryRecapReleased: z.boolean(),
  recapReleased: z.boolean(),
};

export const CalendarEntry = z
  .object({
    competition: z.object({
      guid: z.string(),
      name: z.string(),
      date: z.string(),
      groupTypeId: z.number().int(),
      ...Released,
    }),
    event: z.object({
      guid: z.string(),
      name: z.string(),
      location: z.string(),
      id: z.number().int().nullable().openapi({
        description: "the event's id (for /events/{id}), matched by name and location; null when no event matches",
      }),
      eventTypeId: z.number().int().nullable(),
      eventType: z.string().nullable(),
      practice: z.boolean(),
    }),
  })
  .openapi('BffCalendarEntry');

export const GroupRef = z.object({
  name: z.string(),
  orgGroupIdentifier: z.string().openapi({
    description: "v2's OrgGroupIdentifier; empty when the circuit gives none (then the name identifies the group)",
  }),
  location: z
    .string()
    .nullable()
    .openapi({ description: "from the season's group list, matched by circuit id or name; null when none matches" }),
});

/** A competition as the lookup finds it (reads/competition-lookup.ts). */
const CompetitionFound = z.object({
  competition: z.object({
    guid: z.string(),
    name: z.string(),
    date: z.string(),
    chiefJudge: z.string(),
    groupTypeId: z.number().int(),
    ...Released,
    id: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "the competition's id in its event's detail (for its schedule); null when unknown" }),
    scheduleUrl: z.string().nullable().openapi({
      description: "the event detail's standardScheduleUrl: on the hosted service, the published schedule page",
    }),
  }),
  event: z.object({ guid: z.string(), name: z.string(), location: z.string(), id: z.number().int().nullable() }),
  season: z.object({ id: z.number().int(), name: z.string() }),
  groups: z.array(GroupRef).openapi({
    description: "the groups of the competition's released performances, with their locations (v2 has none)",
  }),
});

/** The view: what the lookup found, and whether the schedule is there to read as data. */
export const CompetitionSummary = CompetitionFound.extend({
  competition: CompetitionFound.shape.competition.extend({
    scheduleData: z.boolean().openapi({
      description:
        'whether the upstream serves the schedule as data (our API: /competitions/{id}/schedule); false on the hosted service, whose schedule is the page at scheduleUrl',
    }),
  }),
}).openapi('BffCompetitionSummary');

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

export const GroupSeasonPerformance = z
  .object({
    competition: z.object({ guid: z.string(), name: z.string(), date: z.string(), eventName: z.string() }),
    practice: z
      .boolean()
      .openapi({ description: 'at a practice event (v2 lists it only with practice events): standings leave it out' }),
    division: z.object({ name: z.string(), initials: z.string() }),
    round: z.object({ number: z.number().int(), name: z.string() }),
    performed: z.boolean(),
    noScoreReason: z.string(),
    total: Ranked.nullable(),
    categories: z
      .array(
        z.object({
          name: z.string(),
          score: z.number(),
          rank: z.number().int().nullable(),
          captions: z
            .array(z.object({ name: z.string(), score: z.number(), rank: z.number().int().nullable() }))
            .openapi({ description: "the category's captions, score and rank as the recap prints them" }),
        }),
      )
      .openapi({
        description:
          "each category's score and rank as the recap prints them, in the sheet's order; empty when not scored",
      }),
    groupsInRound: z.number().int(),
  })
  .openapi('BffGroupSeasonPerformance');

const GroupSeasonResult = z.object({
  division: GroupSeasonPerformance.shape.division,
  best: z.number(),
  latest: z.object({ score: z.number(), competition: GroupSeasonPerformance.shape.competition }),
  performances: z.number().int().openapi({ description: 'scored performances counted (practice left out)' }),
});

export const GroupSeasons = z
  .object({
    group: GroupRef.extend({ groupType: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
    seasons: z
      .array(
        z.object({
          season: Season,
          performances: z.number().int(),
          results: z.array(GroupSeasonResult).openapi({
            description:
              "per division the group competed in, its best and latest released total, the standings rule's numbers (practice left out); empty when none was scored",
          }),
        }),
      )
      .openapi({
        description:
          'the seasons with released performances of the group, newest first (the newest ten seasons looked at)',
      }),
  })
  .openapi('BffGroupSeasons');

const RankedOrNot = z.object({
  score: z.number(),
  rank: z.number().int().nullable().openapi({ description: "null: v2's rank 0, no rank printed" }),
});

export const JudgeSheet = z
  .object({
    competition: z.object({ guid: z.string(), name: z.string(), date: z.string(), eventName: z.string() }),
    division: z.object({ name: z.string(), initials: z.string() }),
    round: z.object({ number: z.number().int(), name: z.string() }),
    category: z.string(),
    caption: z.object({ name: z.string(), initials: z.string() }),
    doubled: z.boolean().openapi({ description: 'the category holds another caption of this name (a doubled panel)' }),
    partner: z.string().nullable().openapi({ description: "the other judge's name on a doubled panel" }),
    rows: z
      .array(
        z.object({
          group: z.object({ name: z.string(), orgGroupIdentifier: z.string() }),
          score: z.number().openapi({ description: "this judge's caption score, as v2 prints it" }),
          rank: z.number().int().nullable(),
          final: RankedOrNot.openapi({ description: "the group's total and rank in that division and round" }),
          partner: RankedOrNot.nullable().openapi({
            description: "the other judge's caption score on a doubled panel",
          }),
          panel: RankedOrNot.openapi({
            description:
              "the panel's number: the group's score and rank in this caption's category (every judge of it together)",
          }),
        }),
      )
      .openapi({ description: "the groups this judge scored, in the recap's order" }),
  })
  .openapi('BffJudgeSheet');

export const GroupName = z.object({ name: z.string(), orgGroupIdentifier: z.string() });

export const HeadToHeadMeeting = z
  .object({
    competition: z.object({ guid: z.string(), name: z.string(), date: z.string(), eventName: z.string() }),
    division: z.object({ name: z.string(), initials: z.string() }),
    round: z.object({ number: z.number().int(), name: z.string() }),
    groups: z.array(GroupName.nullable()).openapi({
      description: 'each asked group in the order asked, as this recap names it; null: it did not perform here',
    }),
    captions: z.array(
      z.object({
        category: z.string(),
        name: z.string(),
        judge: z.string().nullable(),
        scores: z.array(RankedOrNot.nullable()).openapi({ description: 'per asked group, in order' }),
      }),
    ),
    totals: z.array(RankedOrNot.nullable()).openapi({ description: 'per asked group, in order' }),
  })
  .openapi('BffHeadToHeadMeeting');

export const HeadToHeadPair = z
  .object({
    meetings: z
      .number()
      .int()
      .openapi({ description: 'the rounds in which the first group and this one both performed' }),
    wins: z.number().int().openapi({ description: 'of those, the rounds the first group won by total' }),
    losses: z.number().int().openapi({ description: 'the rounds this group won by total' }),
    ties: z.number().int(),
    meanMargin: z.number().nullable().openapi({
      description: "the mean of the first group's total minus this group's, to three digits; null without a meeting",
    }),
  })
  .openapi('BffHeadToHeadPair');

export const HeadToHeadSeasons = z
  .object({
    groups: z.array(GroupName).openapi({ description: 'the groups asked for, in order' }),
    seasonsLookedAt: z.number().int().openapi({ description: 'how many of the newest seasons were looked through' }),
    data: z
      .array(
        z.object({
          season: Season,
          performances: z
            .array(z.number().int())
            .openapi({ description: "each group's released performances in the season, in the groups' order" }),
          meetings: z.number().int().openapi({ description: 'the rounds in which two or more of them performed' }),
          pairs: z
            .array(HeadToHeadPair)
            .openapi({ description: 'the first group against each other group, in order (one fewer than the groups)' }),
        }),
      )
      .openapi({ description: 'each season in which the first group and another of them performed, newest first' }),
  })
  .openapi('BffHeadToHeadSeasons');

const CompetitionRef = z.object({ guid: z.string(), name: z.string(), date: z.string(), eventName: z.string() });
const DivisionRef = z.object({ name: z.string(), initials: z.string() });
const RoundRef = z.object({ number: z.number().int(), name: z.string() });

export const GroupSummary = z
  .object({
    group: GroupRef,
    latest: z
      .object({
        season: z.object({ id: z.number().int(), name: z.string() }),
        competition: CompetitionRef,
        division: DivisionRef,
        round: RoundRef,
        total: Ranked,
        groupsInRound: z.number().int(),
      })
      .nullable()
      .openapi({
        description:
          'the most recent scored performance, however old: the newest seasons first, then the older seasons whose group list registers the group; null when none',
      }),
    scheduleKnown: z.boolean().openapi({
      description:
        'false where the upstream publishes schedules as pages only (the hosted service): then next is always null',
    }),
    next: z
      .object({
        competition: CompetitionRef,
        division: DivisionRef,
        round: RoundRef,
        time: z
          .string()
          .nullable()
          .openapi({ description: "when the group performs (the competition's schedule); null until it is set" }),
      })
      .nullable()
      .openapi({
        description: "the first performance of the current season from today on whose round's scores are not released",
      }),
  })
  .openapi('BffGroupSummary');

const seasonName = z.string().openapi({ description: 'the newest season it appears in' });
export const SearchIndex = z
  .object({
    groups: z
      .array(
        z.object({
          name: z.string(),
          orgGroupIdentifier: z.string(),
          location: z.string(),
          division: z.string().openapi({
            description:
              "its division in that season: tells apart a school's guard and its percussion, which share a name and a town",
          }),
          kind: z.string().openapi({ description: 'what it is (its group type): Color Guard, Percussion, Winds' }),
          season: seasonName,
        }),
      )
      .openapi({ description: 'one per group identity (circuit id, else name), newest season first' }),
    events: z
      .array(z.object({ id: z.number().int(), name: z.string(), location: z.string(), season: seasonName }))
      .openapi({ description: 'every event of every season, newest season first' }),
    competitions: z
      .array(z.object({ guid: z.string(), name: z.string(), eventName: z.string(), date: z.string() }))
      .openapi({ description: 'newest first' }),
    judges: z
      .array(
        z.object({
          name: z.string(),
          season: seasonName,
          seasonId: z.number().int().openapi({ description: 'that season: the judge page shows a season' }),
        }),
      )
      .openapi({ description: "the competitions' chief judges, as v2's listing names them" }),
  })
  .openapi('BffSearchIndex');

export type SeasonView = z.infer<typeof Season>;
export type HeadToHeadMeetingView = z.infer<typeof HeadToHeadMeeting>;
export type HeadToHeadPairView = z.infer<typeof HeadToHeadPair>;
export type HeadToHeadSeasonsView = z.infer<typeof HeadToHeadSeasons>;
export type JudgeSheetView = z.infer<typeof JudgeSheet>;
export type GroupSeasonsView = z.infer<typeof GroupSeasons>;
export type GroupSeasonResultView = z.infer<typeof GroupSeasonResult>;
export type CalendarEntryView = z.infer<typeof CalendarEntry>;
export type CompetitionSummaryView = z.infer<typeof CompetitionFound>;
export type DivisionStandingsView = z.infer<typeof DivisionStandings>;
export type GroupSeasonPerformanceView = z.infer<typeof GroupSeasonPerformance>;
export type GroupRefView = z.infer<typeof GroupRef>;
export type GroupSummaryView = z.infer<typeof GroupSummary>;
export type SearchIndexView = z.infer<typeof SearchIndex>;

/** A correction's numbers of a caption, line by line in the sheet's order; null where the line had no number. */
const CorrectedLine = z.object({
  name: z.string().openapi({ description: "the line's name, as v2 names the subcaption" }),
  before: z.number().nullable(),
  after: z.number().nullable(),
});

/**
 * One correction after release (the API's errata, decision 083), addressed as v2 addresses the number: the division,
 * round and group of the v2 records, and a caption by its category's and its own v2 names (`occurrence`: which of the
 * category's captions of that name, a doubled panel having two).
 */
export const RecapCorrection = z
  .object({
    division: z.object({ name: z.string() }),
    round: z.object({ number: z.number().int(), name: z.string() }),
    group: z
      .object({ name: z.string() })
      .nullable()
      .openapi({ description: 'null: the performance was deleted since (the correction stays published)' }),
    change: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('caption'),
        category: z.string(),
        caption: z.string(),
        occurrence: z.number().int().min(1),
        lines: z.array(CorrectedLine),
      }),
      z.object({ kind: z.literal('penalty'), before: z.number(), after: z.number() }),
      z.object({ kind: z.literal('performed'), before: z.boolean(), after: z.boolean() }),
    ]),
    at: z.string().openapi({ description: 'when, ISO 8601' }),
    reason: z.string(),
  })
  .openapi('BffRecapCorrection');
export type RecapCorrectionView = z.infer<typeof RecapCorrection>;
