import { microsToText, toMicros } from './decimal.js';
import { PUBLISHED_FRACTION_DIGITS, roundHalfUp } from './rounding.js';

/**
 * Number formats of the v2 API, matching how the recaps print them.
 *
 * Caption and category scores are "two fraction digits" ("20.40"), but the published rule keeps a third digit
 * when the number has one (a doubled panel's 18.575, a weighted 19.363): cutting it would print a different
 * number from the one used for ranking, so these formats show 2 digits, or 3 when the third is not zero.
 */

/** Totals and subtotals: always three fraction digits ("87.300"). */
export function formatTotal(value: number): string {
  return microsToText(roundHalfUp(toMicros(value)), PUBLISHED_FRACTION_DIGITS, PUBLISHED_FRACTION_DIGITS);
}

/** Category scores: two fraction digits, three when needed ("27.85", "28.125"). */
export function formatCategoryScore(value: number): string {
  return microsToText(roundHalfUp(toMicros(value)), 2, PUBLISHED_FRACTION_DIGITS);
}

/** Caption scores: two fraction digits, three when needed ("18.40", "19.363"). */
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
