/**
 * Score sheets: what judges' numbers are made of and how they combine, the one catalogue of caption abbreviations
 * and their meanings (score-sheets/), shared by the API's tabulation and importer and the app's caption legend.
 *
 * Vocabulary (as the published recaps use it):
 * - A *category* is a top header of the recap ("General Effect", "Equipment Analysis", "Visual"). Its score is
 *   combined from its captions by `combine`.
 * - A *caption* is one judge's sheet inside a category ("General Effect 1" by J. Howell). With a doubled panel the
 *   category holds two captions of the same name, one per judge.
 * - A *subcaption* is a line on a caption sheet ("Rep", "Perf", "Voc", "Exc") with the raw number the judge gives.
 */

/**
 * How a category's score is made from its captions' totals: 'average', the mean of the captions (doubled analysis
 * panels); 'sum', the plain sum (General Effect: GE1 + GE2, or a single caption); 'sum-half', the sum halved (four
 * GE judges; drum corps Visual and Music). The one list of them: the type, the sheet checks and the API's schema
 * derive from it.
 */
export const COMBINE_RULES = ['average', 'sum', 'sum-half'] as const;
export type CombineRule = (typeof COMBINE_RULES)[number];

/** Each combine rule in a reader's words, for the app's legend. */
export const COMBINE_RULE_MEANINGS: Readonly<Record<CombineRule, string>> = {
  average: "the mean of its captions' scores (a doubled panel: two judges score the same caption)",
  sum: "the sum of its captions' scores",
  'sum-half': "the sum of its captions' scores, halved",
};

export interface SubcaptionDef {
  /** stable key within its caption, e.g. "rep" */
  key: string;
  name: string;
  initials: string;
  /** highest score a judge may give on this line */
  max: number;
  /**
   * factor applied to the raw score: differs between lines in a weighted ("*Tot") caption; the same for every line
   * of a plain ("Tot") caption (1, or a scale such as 0.1 where lines out of 100 make a caption out of 20)
   */
  weight: number;
  /**
   * the smallest change a judge may make on this line (0.5: halves, 0.1: tenths); the maximum is a whole number of
   * steps. Absent on sheets that predate it: any number with at most three fraction digits (`DEFAULT_STEP`).
   */
  step?: number;
}

/**
 * A line's step when its sheet names none: scores are stored in thousandths, so a thousandth is the finest a judge
 * can write (and what score entry has always accepted).
 */
export const DEFAULT_STEP = 0.001;

export const stepOf = (line: SubcaptionDef): number => line.step ?? DEFAULT_STEP;

export interface CaptionDef {
  /** stable key within the sheet, unique across categories, e.g. "ge1", "ea-1" */
  key: string;
  name: string;
  initials: string;
  /** true when the caption total is built from weighted subcaptions (recap header "*Tot") */
  weighted: boolean;
  subcaptions: SubcaptionDef[];
  /**
   * Captions sharing a panel key within a category are one doubled panel (drum corps "General Effect 1" with two
   * judges): their totals are averaged into the panel's score before the category's combine rule applies.
   * Captions without a panel take part in the combine rule on their own.
   */
  panel?: string;
}

export interface CategoryDef {
  key: string;
  name: string;
  combine: CombineRule;
  captions: CaptionDef[];
}

/**
 * What a sheet adds up from one step to the next. Every number is published rounded half up to three digits;
 * most sheets carry that rounded number on ('carry-rounded': a Sub Total is the sum of the printed categories),
 * some carry the exact one ('carry-exact', WGASC 2022-: captions 15.2625 and 18.1875, printed 15.263 and 18.188,
 * make a Sub Total of 68.950 where the printed numbers sum to 68.951), and some weigh lines by fractions printed
 * through four-digit weights and carry the exact fractions ('carry-fractions', FFCC Scholastic 2023-2025: a caption
 * prints 129 x 0.1667 = 21.504 and the Sub Total adds 129 / 6 = 21.5; server/api/tabulation/weight-fractions.ts).
 * The common one first.
 */
export const ROUNDING_RULES = ['carry-rounded', 'carry-exact', 'carry-fractions'] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];

/**
 * How a published recap prints a sheet where a page departs from the usual layout (a page imported from the hosted
 * service keeps its own, so our published page prints the same columns: decision 088). Absent fields: the usual.
 */
export interface RecapLayout {
  /** false: the page prints no Sub Total column */
  subtotal?: boolean;
  /**
   * the penalty blocks (one per penalty judge) and their column headers, left to right ([["Pen"]]; [["Pen", "Tot"]];
   * [["Pen"], ["Pen"]] for two judges); [] prints no penalty block
   */
  penalties?: string[][];
  /** per category, whether its own total column is printed (usually: when it holds several captions) */
  categoryTotals?: boolean[];
  /** the captions (by key) printed without a total column (a one-line caption: drum corps SoundSport) */
  untotalled?: string[];
  /** whether the grid has a location column; when absent, where some group of the section has a location */
  locations?: boolean;
}

export interface ScoreSheet {
  name: string;
  categories: CategoryDef[];
  /** 'carry-rounded' when absent */
  rounding?: RoundingRule;
  /**
   * Fraction digits of every published computed number: 3 (the default), or 4 where a sheet prints a doubled
   * panel's mean unrounded (TCGC 2019 championships: (26.775 + 26.70) / 2 = 26.7375, Sub Total 89.6875).
   */
  publishedDigits?: number;
  /**
   * Sub Total = the categories' sum x subtotalScale. 1 (the default) nearly everywhere; TCGC Cadet classes publish
   * 1.25 x the sum (96.388 from categories summing to 77.11).
   */
  subtotalScale?: number;
  /**
   * Total = (subtotal - penalty) / totalDivisor. 1 (the default) nearly everywhere; drum corps SoundSport sheets
   * publish the mean of their three captions as the total.
   */
  totalDivisor?: number;
  /** the published recap's layout where it is not the usual (`RecapLayout`); only the published pages read it */
  layout?: RecapLayout;
}
