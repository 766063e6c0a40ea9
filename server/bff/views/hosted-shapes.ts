/**
 * The upstream answers the BFF's views read, as far as the specification and the hosted service's public clients
 * know them, and no further: seasons are `{id, name}` only, event list items carry no dates, the v2 records are the
 * specification's. Each view checks what it reads against these, so an upstream that answers something else is
 * named in a clear error instead of breaking a page. Fields are checked only where a view uses them.
 */
import { z } from 'zod';

export const SeasonList = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type HostedSeason = z.infer<typeof SeasonList>['data'][number];

export const EventListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  eventTypeId: z.number().int(),
  eventType: z.string(),
  practice: z.boolean(),
});
export const EventList = z.object({ data: z.array(EventListItem) });
export type HostedEventListItem = z.infer<typeof EventListItem>;

export const EventDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  competitions: z.array(
    z.object({
      id: z.number().int(),
      guid: z.string(),
      name: z.string(),
      date: z.string(),
      standardScheduleUrl: z.string(),
    }),
  ),
});

export const GroupList = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      location: z.string(),
      circuitId: z.string(),
      division: z.object({ name: z.string() }),
      groupType: z.object({ id: z.number().int(), name: z.string() }),
    }),
  ),
});
export type HostedGroup = z.infer<typeof GroupList>['data'][number];

export const CompetitionRecord = z.object({
  EventGuid: z.string(),
  EventName: z.string(),
  Location: z.string(),
  Date: z.string(),
  CompetitionGuid: z.string(),
  CompetitionName: z.string(),
  ChiefJudge: z.string(),
  ScoresReleased: z.boolean(),
  CategoryRecapReleased: z.boolean(),
  RecapReleased: z.boolean(),
  GroupTypeID: z.number().int(),
  SeasonName: z.string(),
  IsCurrentSeason: z.boolean(),
});
export const CompetitionRecords = z.array(CompetitionRecord);
export type HostedCompetition = z.infer<typeof CompetitionRecord>;

/** A caption as the season's results keep it: its judge and number; the subcaption lines stay with the recap. */
const CaptionRecord = z.object({
  JudgeFirstName: z.string(),
  JudgeLastName: z.string(),
  Name: z.string(),
  Initials: z.string(),
  Score: z.string(),
  Rank: z.number().int(),
});
export type HostedCaption = z.infer<typeof CaptionRecord>;

/** Only what the season's results need: the subcaption lines stay with the recap, which the browser reads itself. */
export const PerformanceRecord = z.object({
  DivisionName: z.string(),
  DivisionInitials: z.string(),
  Round: z.string(),
  RoundName: z.string(),
  GroupName: z.string(),
  OrgGroupIdentifier: z.string(),
  TotalScore: z.string(),
  Rank: z.number().int(),
  Performed: z.boolean(),
  NoScoreReason: z.string(),
  Categories: z.array(z.object({ Name: z.string(), Captions: z.array(CaptionRecord) })),
});
export const PerformanceRecords = z.array(PerformanceRecord);
export type HostedPerformance = z.infer<typeof PerformanceRecord>;

/** A performance record whole, subcaption lines and all, as a recap's CSV export prints it (recap-csv.ts). */
const Numbered = { Name: z.string(), Score: z.string(), Rank: z.number().int() };
export const RecapRecord = PerformanceRecord.extend({
  SubtotalScore: z.string(),
  SubtotalRank: z.number().int(),
  Categories: z.array(
    z.object({
      ...Numbered,
      Captions: z.array(CaptionRecord.extend({ Subcaptions: z.array(z.object({ ...Numbered, Initials: z.string() })) })),
    }),
  ),
});
export const RecapRecords = z.array(RecapRecord);
export type HostedRecapRecord = z.infer<typeof RecapRecord>;
