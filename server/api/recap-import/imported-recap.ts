/**
 * What the importer makes of a recap page (`to-import.ts`): score sheets, raw scores and penalties per section, and
 * every number the page printed, to check a re-tabulation against. Types only, so every step of the import can
 * name them without importing another step.
 */
import type { ScoreSheet, SubcaptionScore } from '../tabulation/types.js';
import type { JudgeName } from './judge-name.js';

/** A published number with its published rank; score null where the cell is blank. */
export interface PublishedRanked {
  score: number | null;
  rank: number | null;
}

export interface PublishedCategory extends PublishedRanked {
  key: string;
  panels: (PublishedRanked & { key: string })[];
  captions: (PublishedRanked & { key: string; subcaptions: (PublishedRanked & { key: string })[] })[];
}

/** Everything the page printed for one group, keyed like the sheet, to check a re-tabulation against. */
export interface PublishedNumbers {
  /**
   * A category's number is its printed total column when the page has one, otherwise the number of its only caption
   * (single-judge categories print no separate total).
   */
  categories: PublishedCategory[];
  subtotal: PublishedRanked | null;
  penalty: number;
  total: PublishedRanked;
}

export interface ImportedPerformance {
  groupName: string;
  groupLocation: string;
  performed: boolean;
  /** why a listed group has no scores ("no scores published"), null when it performed */
  noScoreReason: string | null;
  scores: SubcaptionScore[];
  penalty: number;
  published: PublishedNumbers;
}

export interface ImportedJudge extends JudgeName {
  captionKey: string;
}

export interface ImportedSection {
  divisionName: string;
  /** from "Round N" in the section's label, else the section's position among the page's sections of its division */
  roundNumber: number;
  /** the section's label as printed ("Round 5", "Red Round", "SA WHITE"), "" when it has none */
  roundName: string;
  sheet: ScoreSheet;
  judges: ImportedJudge[];
  /** the judge of timing and penalties, when the page names one */
  penaltyJudge: JudgeName | null;
  performances: ImportedPerformance[];
}

/**
 * A section the importer deliberately leaves out, with the reason: festival sections publish words, not scores,
 * and some sections list their groups without any scores.
 */
export interface SkippedSection {
  divisionName: string;
  roundName: string;
  reason: string;
}

export interface ImportedRecap {
  title: string;
  location: string;
  /** ISO yyyy-mm-dd, null when the page prints no event date */
  date: string | null;
  chiefJudge: string | null;
  sections: ImportedSection[];
  skippedSections: SkippedSection[];
}
