/**
 * A CompetitionSuite recap page as `parse-recap.ts` reads it: every published number kept as printed (text plus
 * rank), nothing computed. Types only, so the page, section and group readers can all name them.
 */

export interface PublishedNumber {
  /** exactly as printed ("18.575", ".2", "-4.50", "" for a blank cell, "Excellent" on festival sheets) */
  text: string;
  rank: number | null;
}

export interface ParsedCaption {
  /** caption header on drum corps pages ("General Effect 1"), otherwise the category name */
  name: string;
  /** index of the caption header cell this judge sits under (drum corps pages), for doubled caption panels */
  panelIndex: number | null;
  judge: string;
  subcaptions: string[];
  /**
   * the header over the caption total: "*Tot"/"Tot*" (weighted), "Tot" (plain) or "Rating"; "" when the caption
   * has a single line and no total column (drum corps SoundSport sheets), so its line is its total
   */
  totalHeader: string;
}

export interface ParsedPanel {
  name: string;
  captionIndexes: number[];
  /** true when the page prints the panel's own total (drum corps doubled captions) */
  hasTotal: boolean;
}

export interface ParsedCategory {
  name: string;
  captions: ParsedCaption[];
  panels: ParsedPanel[];
  /** true when the page prints a category total column after the captions */
  hasTotal: boolean;
}

export interface ParsedGroupCategory {
  /** `total` is null for a caption without a total column (see `ParsedCaption.totalHeader`) */
  captions: { subcaptions: PublishedNumber[]; total: PublishedNumber | null }[];
  /** one per panel that has a printed total, in panel order */
  panels: (PublishedNumber | null)[];
  total: PublishedNumber | null;
}

export interface ParsedGroup {
  name: string;
  location: string;
  categories: ParsedGroupCategory[];
  /** every column of the penalty block in page order, with its header */
  penalties: { header: string; number: PublishedNumber }[];
  subtotal: PublishedNumber | null;
  total: PublishedNumber;
}

export interface ParsedSection {
  /** 1-based position of the section on the page, used in error messages */
  index: number;
  divisionName: string;
  /** text in the top-left header cell ("Round 5", "Red Round", "SA WHITE", "") */
  roundLabel: string;
  /** festival sections publish words ("Excellent") instead of numbers */
  scoring: 'scores' | 'ratings';
  categories: ParsedCategory[];
  penaltyJudges: string[];
  hasSubtotal: boolean;
  /** true when the grid has a location column after the group names */
  hasLocationColumn: boolean;
  totalHeader: string;
  groups: ParsedGroup[];
}

export interface ParsedRecapPage {
  title: string;
  location: string;
  /** ISO yyyy-mm-dd, or null when the page does not print the event date (some 2013 pages) */
  date: string | null;
  chiefJudge: string | null;
  sections: ParsedSection[];
}
