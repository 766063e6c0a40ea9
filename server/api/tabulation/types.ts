/**
 * The tabulation model shared by the importer, the write path and the sample generator. The score sheet's own
 * types are the domain's (domain/score-sheet.ts); they are re-exported here for the tabulation's modules.
 * The vocabulary (category, caption, subcaption) is written there.
 */

export { COMBINE_RULES, ROUNDING_RULES } from '../../../domain/score-sheet.js';
export type {
  CaptionDef,
  CategoryDef,
  CombineRule,
  RoundingRule,
  ScoreSheet,
  SubcaptionDef,
} from '../../../domain/score-sheet.js';

/** One judge's raw number on one subcaption line of one performance. */
export interface SubcaptionScore {
  captionKey: string;
  subcaptionKey: string;
  score: number;
}

/** Input to tabulation: one performance of one division and round. */
export interface PerformanceInput {
  /** caller's id for the performance; echoed back in the results */
  id: string | number;
  /** false for a group that did not perform or was not scored: it gets no scores, 0 on every number, ranked last */
  performed: boolean;
  scores: SubcaptionScore[];
  /** sum of timing and other penalties, a positive number that is subtracted */
  penalty: number;
}

export interface RankedNumber {
  score: number;
  /**
   * standard competition ranking (1, 2, 2, 4) among the performances of the same division and round; a performance
   * that did not perform stands with 0 and ranks last, shared. Null only in results stored by versions before that
   * rule (read paths keep accepting it).
   */
  rank: number | null;
}

export interface SubcaptionResult extends RankedNumber {
  key: string;
}

export interface CaptionResult extends RankedNumber {
  key: string;
  subcaptions: SubcaptionResult[];
}

export interface PanelResult extends RankedNumber {
  /** the panel key shared by the panel's captions */
  key: string;
}

export interface CategoryResult extends RankedNumber {
  key: string;
  captions: CaptionResult[];
  /** doubled caption panels of the category (see `CaptionDef.panel`); empty when it has none */
  panels: PanelResult[];
}

export interface PerformanceResult {
  id: string | number;
  performed: boolean;
  categories: CategoryResult[];
  subtotal: RankedNumber;
  penalty: number;
  total: RankedNumber;
}
