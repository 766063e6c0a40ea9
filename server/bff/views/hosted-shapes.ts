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

/** Only what the season's results need: the breakdown stays with the recap, which the browser reads itself. */
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
});
export const PerformanceRecords = z.array(PerformanceRecord);
export type HostedPerformance = z.infer<typeof PerformanceRecord>;
