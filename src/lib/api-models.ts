/** Short names for the API's schemas; they follow whatever `api-types.ts` (generated) says. */
import type { components } from './api-types';

type Schemas = components['schemas'];

export type Problem = Schemas['Problem'];
export type Season = Schemas['Season'];
export type EventListItem = Schemas['EventListItem'];
export type Event = Schemas['Event'];
export type Competition = Schemas['Competition'];
export type Group = Schemas['Group'];
export type Division = Schemas['Division'];
export type DivisionRef = Schemas['DivisionRef'];
export type Schedule = Schemas['Schedule'];
export type ScheduleEntry = Schemas['ScheduleEntry'];
export type CompetitionScores = Schemas['CompetitionScores'];
export type DivisionRoundScores = Schemas['DivisionRoundScores'];
export type PerformanceScores = Schemas['PerformanceScores'];
export type SheetCategory = DivisionRoundScores['sheet']['categories'][number];
export type SheetCaption = SheetCategory['captions'][number];
export type GroupPerformance = Schemas['GroupPerformance'];
export type DivisionStandings = Schemas['DivisionStandings'];
export type StandingsEntry = Schemas['StandingsEntry'];

/** v4 list responses wrap their items in `data`. */
export interface ListOf<T> {
  data: T[];
}
