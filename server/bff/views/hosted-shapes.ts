/**
 * What the BFF's views read of the hosted service's records (domain/hosted-records.ts, the one description of
 * them): each view checks the fields it uses, and only those, so an upstream that answers something else is named
 * in a clear error instead of breaking a page, and a field no view uses never fails a read.
 */
// zod through @hono/zod-openapi, imported before domain/'s records are made: it gives zod's schemas `.openapi()`,
// which only schemas made after it have, and the API's v2 schemas call it on these same records. Both sides run in
// one process (server/start.ts, the tests), and the BFF may be loaded first.
import { z } from '@hono/zod-openapi';
import {
  HostedCaption,
  HostedCategory,
  HostedCompetitionRecord,
  HostedEventCompetition,
  HostedEventDetail,
  HostedEventListItem,
  HostedGroup as HostedGroupRecord,
  HostedPerformanceRecord,
  HostedSeason as HostedSeasonRecord,
} from '../../../domain/hosted-records.js';

/** `current` is our API's (decision 123): the hosted service gives `{id, name}` only. */
export const SeasonList = z.object({ data: z.array(HostedSeasonRecord.extend({ current: z.boolean().optional() })) });
export type HostedSeason = z.infer<typeof HostedSeasonRecord>;

export const EventListItem = HostedEventListItem.pick({
  id: true,
  name: true,
  location: true,
  eventTypeId: true,
  eventType: true,
  practice: true,
});
export const EventList = z.object({ data: z.array(EventListItem) });
export type HostedEventListItem = z.infer<typeof EventListItem>;

export const EventDetail = HostedEventDetail.pick({ id: true, name: true }).extend({
  competitions: z.array(
    HostedEventCompetition.pick({ id: true, guid: true, name: true, date: true, standardScheduleUrl: true }),
  ),
});

const GroupItem = HostedGroupRecord.pick({ name: true, location: true, circuitId: true, groupType: true }).extend({
  division: HostedGroupRecord.shape.division.pick({ name: true }),
});
export const GroupList = z.object({ data: z.array(GroupItem) });
export type HostedGroup = z.infer<typeof GroupItem>;

export const CompetitionRecord = HostedCompetitionRecord.pick({
  EventGuid: true,
  EventName: true,
  Location: true,
  Date: true,
  CompetitionGuid: true,
  CompetitionName: true,
  ChiefJudge: true,
  ScoresReleased: true,
  CategoryRecapReleased: true,
  RecapReleased: true,
  GroupTypeID: true,
  SeasonName: true,
  IsCurrentSeason: true,
});
export const CompetitionRecords = z.array(CompetitionRecord);
export type HostedCompetition = z.infer<typeof CompetitionRecord>;

/** A caption as the season's results keep it: its judge and number (compute/judged-sections.ts). */
const CaptionRecord = HostedCaption.pick({
  JudgeFirstName: true,
  JudgeLastName: true,
  Name: true,
  Initials: true,
  Score: true,
  Rank: true,
});

/** What the season's results need: totals, and each caption's judge and number; the subcaption lines stay with the recap. */
export const PerformanceRecord = HostedPerformanceRecord.pick({
  DivisionName: true,
  DivisionInitials: true,
  Round: true,
  RoundName: true,
  GroupName: true,
  OrgGroupIdentifier: true,
  TotalScore: true,
  Rank: true,
  Performed: true,
  NoScoreReason: true,
}).extend({
  Categories: z.array(
    HostedCategory.pick({ Name: true, Score: true, Rank: true }).extend({ Captions: z.array(CaptionRecord) }),
  ),
});
export const PerformanceRecords = z.array(PerformanceRecord);
export type HostedPerformance = z.infer<typeof PerformanceRecord>;

/** A performance record whole, subcaption lines and all, as a recap's CSV export prints it (compute/recap-csv.ts). */
export const RecapRecord = HostedPerformanceRecord;
export const RecapRecords = z.array(RecapRecord);
export type HostedRecapRecord = z.infer<typeof RecapRecord>;

/**
 * A released competition's v2 records as a season's results hold them (compute/season-index.ts,
 * compute/judged-sections.ts).
 */
export interface CompetitionResults {
  record: HostedCompetition;
  practice: boolean;
  performances: HostedPerformance[];
}
