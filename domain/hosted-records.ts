/**
 * The hosted CompetitionSuite service's records, as far as its specification and public clients know them (issue
 * 10), and no further: seasons are `{id, name}` only, event list items carry no dates, the v2 records are the
 * specification's. The fake hosted service (server/fake-hosted) serves exactly these fields; the BFF's views read
 * them (server/bff/views/hosted-shapes.ts picks the fields each view relies on, so an upstream that answers
 * something else is named in a clear error instead of breaking a page).
 */
import { z } from 'zod';

const id = z.number().int();

export const HostedSeason = z.object({ id, name: z.string() });

export const HostedEventListItem = z.object({
  id,
  name: z.string(),
  location: z.string(),
  seasonId: id,
  eventTypeId: id,
  eventType: z.string(),
  practice: z.boolean(),
  videoEnabled: z.boolean(),
  commentaryEnabled: z.boolean(),
});

/** A competition in an event's detail: its schedules and recap are published pages (HTML), not JSON reads. */
export const HostedEventCompetition = z.object({
  id,
  guid: z.string(),
  name: z.string(),
  date: z.string(),
  standardScheduleUrl: z.string(),
  logisticalScheduleUrl: z.string(),
  recapUrl: z.string(),
});

export const HostedEventDetail = z.object({
  id,
  name: z.string(),
  location: z.string(),
  seasonId: id,
  eventTypeId: id,
  eventType: z.string(),
  competitions: z.array(HostedEventCompetition),
});

export const HostedGroup = z.object({
  id,
  name: z.string(),
  location: z.string(),
  circuitId: z.string(),
  active: z.boolean(),
  pending: z.boolean(),
  groupType: z.object({ id, name: z.string() }),
  division: z.object({ id, name: z.string(), initials: z.string() }),
});

/** v2's competition record (`/2018-03/competitions`). */
export const HostedCompetitionRecord = z.object({
  EventGuid: z.string(),
  EventName: z.string(),
  Location: z.string(),
  Date: z.string(),
  CompetitionGuid: z.string(),
  CompetitionName: z.string(),
  ChiefJudge: z.string(),
  RecapUrl: z.string(),
  CategoryRecapUrl: z.string(),
  PerformancesUrl: z.string(),
  ScoresReleased: z.boolean(),
  CategoryRecapReleased: z.boolean(),
  RecapReleased: z.boolean(),
  OrgCompetitionID: z.string(),
  GroupTypeID: id,
  SeasonGuid: z.string(),
  SeasonName: z.string(),
  IsCurrentSeason: z.boolean(),
  RegistrationUrl: z.string(),
});

export const HostedSubcaption = z.object({ Name: z.string(), Initials: z.string(), Score: z.string(), Rank: id });

/** One judge's caption in a v2 performance record: the judge as first and last name. */
export const HostedCaption = z.object({
  JudgeFirstName: z.string(),
  JudgeLastName: z.string(),
  Name: z.string(),
  Initials: z.string(),
  Score: z.string(),
  Rank: id,
  Subcaptions: z.array(HostedSubcaption),
});

export const HostedCategory = z.object({
  Name: z.string(),
  Score: z.string(),
  Rank: id,
  Captions: z.array(HostedCaption),
});

/** v2's performance record (`/2018-03/performances`); its breakdown (Categories) is the recap's, read by the app. */
export const HostedPerformanceRecord = z.object({
  DivisionName: z.string(),
  DivisionInitials: z.string(),
  Round: z.string(),
  RoundName: z.string(),
  GroupName: z.string(),
  OrgGroupIdentifier: z.string(),
  TotalScore: z.string(),
  Rank: id,
  SubtotalScore: z.string(),
  SubtotalRank: id,
  Performed: z.boolean(),
  NoScoreReason: z.string(),
  Categories: z.array(HostedCategory),
});
