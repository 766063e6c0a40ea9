import { microsToText, toMicros } from './decimal.js';
import { PUBLISHED_FRACTION_DIGITS, roundHalfUp } from './rounding.js';

/**
 * Number formats of the v2 API, exactly as its specification gives them: totals and subtotals with 3 fraction
 * digits, category and caption scores with 2, subcaption scores integer-like.
 *
 * Recaps sometimes print a third digit on a caption (a doubled panel's 18.575, a weighted 19.363); v2 clients
 * parse two, so those are rounded half up to two here. The exact number, the one that was ranked, is in the v4
 * scores operation (a JSON number), and ranks always come from the exact numbers.
 */

/** Totals and subtotals: always three fraction digits ("87.300"). */
export function formatTotal(value: number): string {
  return microsToText(roundHalfUp(toMicros(value)), PUBLISHED_FRACTION_DIGITS, PUBLISHED_FRACTION_DIGITS);
}

/** Category scores: two fraction digits ("27.85"; 28.125 prints "28.13"). */
export function formatCategoryScore(value: number): string {
  return microsToText(roundHalfUp(toMicros(value), 2), 2, 2);
}

/** Caption scores: two fraction digits ("18.40"; 19.363 prints "19.36"). */
export function formatCaptionScore(value: number): string {
  return formatCategoryScore(value);
}

/**
 * A judge's raw subcaption number, "integer-like": whole numbers without a decimal point ("68"); a number with a
 * fraction (DCI and tenths-based sheets: 92.5, 9.5, 9.25) keeps exactly the digits it has, never padded and never
 * rounded, because the raw number is what the judge wrote.
 */
export function formatSubcaptionScore(value: number): string {
  return microsToText(toMicros(value), 0, 6);
}
