import type { CaptionDef, ScoreSheet, SubcaptionDef, SubcaptionScore } from './types.js';
import { parseMicros, toMicros } from './decimal.js';

export interface ScoreProblem {
  /** which input is wrong: "scores[3].captionKey", "scores[3].score", "ge1.rep" (a missing line) */
  field: string;
  message: string;
}

export interface ValidateOptions {
  /** also report sheet lines that have no score (for a complete submission); default false */
  requireComplete?: boolean;
}

const MAX_SCORE_FRACTION_DIGITS = 3;

/**
 * Checks judges' numbers against a score sheet before they are stored or tabulated. Returns every problem found
 * (empty when the scores are acceptable) so a write API can report all bad fields at once.
 */
export function validateScores(
  sheet: ScoreSheet,
  scores: readonly SubcaptionScore[],
  options: ValidateOptions = {},
): ScoreProblem[] {
  const problems: ScoreProblem[] = [];
  const captions = new Map(
    sheet.categories.flatMap((category) => category.captions).map((caption) => [caption.key, caption]),
  );
  const seen = new Set<string>();

  scores.forEach((score, index) => {
    const field = `scores[${index}]`;
    const caption = captions.get(score.captionKey);
    if (!caption) {
      problems.push({
        field: `${field}.captionKey`,
        message: `unknown caption "${score.captionKey}" on sheet "${sheet.name}"`,
      });
      return;
    }
    const subcaption = caption.subcaptions.find((line) => line.key === score.subcaptionKey);
    if (!subcaption) {
      problems.push({
        field: `${field}.subcaptionKey`,
        message: `unknown subcaption "${score.subcaptionKey}" in caption "${caption.key}"`,
      });
      return;
    }
    const key = `${caption.key}.${subcaption.key}`;
    const line = lineName(caption, subcaption);
    if (seen.has(key)) problems.push({ field, message: `${line} is scored more than once` });
    seen.add(key);
    if (typeof score.score !== 'number' || !Number.isFinite(score.score)) {
      problems.push({ field: `${field}.score`, message: `${line} must be a number` });
      return;
    }
    if (score.score > subcaption.max) {
      problems.push({ field: `${field}.score`, message: `${line} can be at most ${subcaption.max}` });
      return;
    }
    if (score.score < 0) {
      problems.push({ field: `${field}.score`, message: `${line} cannot be below 0` });
      return;
    }
    if (!hasAtMostFractionDigits(score.score, MAX_SCORE_FRACTION_DIGITS)) {
      problems.push({
        field: `${field}.score`,
        message: `${line} is ${score.score}; judges' numbers have at most ${MAX_SCORE_FRACTION_DIGITS} fraction digits`,
      });
      return;
    }
    // A sheet that names its line's step (0.5, 0.1) takes only whole steps; one that names none, any thousandth.
    if (subcaption.step !== undefined && toMicros(score.score) % toMicros(subcaption.step) !== 0) {
      problems.push({
        field: `${field}.score`,
        message: `${line} is ${score.score}, not a step of ${subcaption.step}`,
      });
    }
  });

  if (options.requireComplete) {
    for (const caption of captions.values()) {
      for (const subcaption of caption.subcaptions) {
        const key = `${caption.key}.${subcaption.key}`;
        if (!seen.has(key)) problems.push({ field: key, message: `${lineName(caption, subcaption)} has no score` });
      }
    }
  }
  return problems;
}

/**
 * A line as the sheet names it, "Equipment: Excellence": what the judge and the tabulator read on the sheet, never
 * its keys (the field a problem names carries those).
 */
export const lineName = (caption: CaptionDef, subcaption: SubcaptionDef) => `${caption.name}: ${subcaption.name}`;

function hasAtMostFractionDigits(value: number, digits: number): boolean {
  const micros = toMicros(value);
  return micros % parseMicros(`0.${'0'.repeat(digits - 1)}1`) === 0;
}
