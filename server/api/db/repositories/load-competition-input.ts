/** What `loadCompetition` takes: a whole competition as the recap importer and the sample circuit describe it. */
import type { ScoreSheet, SubcaptionScore } from '../../tabulation/types.js';
import { validateScores } from '../../tabulation/validate.js';
import { RuleViolation } from './errors.js';
import { checkSheet } from './sheet-rules.js';
import { requireText } from './support.js';

export interface LoadJudge {
  captionKey: string;
  firstName: string;
  lastName: string;
}

export interface LoadPerformance {
  groupName: string;
  groupLocation: string;
  performed: boolean;
  noScoreReason: string;
  /** empty for a performance not yet scored (a schedule) */
  scores: SubcaptionScore[];
  /** total penalty in points (positive) */
  penalty: number;
  /** scheduled start */
  performsAt?: Date | null;
  /** running order; defaults to the position in the section */
  order?: number;
}

/** One division of one round: the shape of the recap importer's `ImportedRecap` sections. */
export interface LoadSection {
  divisionName: string;
  roundNumber: number;
  roundName: string;
  /** group type of a division the load creates; the competition's when absent */
  groupTypeId?: number;
  sheet: ScoreSheet;
  judges: LoadJudge[];
  performances: LoadPerformance[];
}

export interface LoadCompetitionInput {
  /** event name */
  title: string;
  location: string;
  /** yyyy-mm-dd, the event's (first) day */
  date: string;
  chiefJudge?: string | null;
  /** the season to file the event under; otherwise the season containing `date` (or of `seasonYear`) */
  seasonId?: number;
  seasonYear?: number;
  /** group type of the competition, and of divisions and groups the load has to create */
  groupTypeId: number;
  /** whether the scores (and recaps) are published */
  released: boolean;
  sections: LoadSection[];
  /** add the competition to an existing event instead of creating one, or set the new event's flags */
  event?: {
    id?: number;
    guid?: string;
    eventTypeId?: number;
    practice?: boolean;
    videoEnabled?: boolean;
    commentaryEnabled?: boolean;
  };
  competition?: {
    /** defaults to the group type's name */
    name?: string;
    guid?: string;
    /** defaults to `date` as a calendar date (see `calendarDateTimestamp`) */
    startsAt?: Date;
    orgCompetitionId?: string;
    /** release only these round numbers (overrides `released` for the rounds; recaps stay unreleased) */
    releasedRounds?: number[];
  };
}

/** Refuses, naming the field, what the load would store wrong: every check runs before anything is written. */
export function checkSections(sections: readonly LoadSection[]): void {
  const seen = new Set<string>();
  sections.forEach((section, s) => {
    const at = `sections[${s}]`;
    requireText(`${at}.divisionName`, section.divisionName);
    if (!Number.isInteger(section.roundNumber) || section.roundNumber < 1) {
      throw new RuleViolation(`${at}.roundNumber`, 'roundNumber must be 1 or more');
    }
    const key = `${section.roundNumber}:${section.divisionName}`;
    if (seen.has(key))
      throw new RuleViolation(at, `division "${section.divisionName}" appears twice in round ${section.roundNumber}`);
    seen.add(key);
    checkSheet(`${at}.sheet`, section.sheet);
    const groups = new Set<string>();
    section.performances.forEach((performance, p) => {
      const performanceAt = `${at}.performances[${p}]`;
      requireText(`${performanceAt}.groupName`, performance.groupName);
      if (groups.has(performance.groupName)) {
        throw new RuleViolation(
          `${performanceAt}.groupName`,
          `"${performance.groupName}" performs twice in the section`,
        );
      }
      groups.add(performance.groupName);
      const problems = validateScores(section.sheet, performance.scores);
      if (problems.length > 0) throw new RuleViolation(`${performanceAt}.${problems[0].field}`, problems[0].message);
      if (!Number.isFinite(performance.penalty) || performance.penalty < 0) {
        throw new RuleViolation(`${performanceAt}.penalty`, 'a penalty is a positive number of points');
      }
    });
  });
}
