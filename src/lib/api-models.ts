/** Short names for the schemas of the API (`api-types.ts`) and of the BFF's views (`bff-types.ts`), both generated. */
import type { components } from './api-types';
import type { components as ViewComponents } from './bff-types';

type Schemas = components['schemas'];
type Views = ViewComponents['schemas'];

export type Problem = Schemas['Problem'];
export type Event = Schemas['Event'];
export type Competition = Schemas['Competition'];
export type Schedule = Schemas['Schedule'];
export type ScheduleEntry = Schemas['ScheduleEntry'];
export type PerformanceRecord = Schemas['PerformanceRecordV2'];

export type Season = Views['BffSeason'];
export type CalendarEntry = Views['BffCalendarEntry'];
export type CompetitionWinners = Views['BffSeasonWinners']['data'][number];
export type CompetitionSummary = Views['BffCompetitionSummary'];
export type RecapCorrection = Views['BffRecapCorrection'];
export type DivisionStandings = Views['BffDivisionStandings'];
export type StandingsEntry = DivisionStandings['entries'][number];
export type GroupSeason = Views['BffGroupSeason'];
export type GroupSeasons = Views['BffGroupSeasons'];
export type JudgeSeason = Views['BffJudgeSeason'];
export type HeadToHead = Views['BffHeadToHead'];
export type HeadToHeadMeeting = Views['BffHeadToHeadMeeting'];
export type HeadToHeadSeasons = Views['BffHeadToHeadSeasons'];
export type JudgeSheet = Views['BffJudgeSheet'];
export type GroupSeasonPerformance = Views['BffGroupSeasonPerformance'];
export type GroupRef = GroupSeason['group'];
export type GroupSummary = Views['BffGroupSummary'];
export type SearchIndex = Views['BffSearchIndex'];

// A judge's tablet (issue 28): the caller, its seats, a caption entry and the answers to writing one.
export type Me = Schemas['Me'];
export type MySeat = Schemas['MySeat'];
export type CaptionEntry = Schemas['CaptionEntry'];
export type CaptionScores = Schemas['CaptionScores'];
export type EnteredScores = Schemas['EnteredScores'];
export type EntryConflict = Schemas['EntryConflict'];
