import { PUBLISHED_FRACTION_DIGITS } from '../../../domain/scores.js';
import { MICROS_PER_UNIT } from './decimal.js';

/**
 * The published rounding, as read from the 3,404 real CompetitionSuite recaps of the archive (2014-2026,
 * docs/recap-archive.md):
 *
 * - Every computed number (caption total, doubled-panel average, category, total) is rounded HALF UP (away from
 *   zero) to THREE fraction digits; nothing is truncated. Evidence: a weighted caption 75 x 0.075 + 78.5 x 0.175 =
 *   19.3625 is printed 19.363 (truncation would give 19.362); a drum corps Music category (18.90 + 18.375 + 18.90) / 2
 *   = 28.0875 is printed 28.088; a SoundSport total 224 / 3 is printed 74.667.
 * - Caption totals usually need only two digits, which is why pages print "20.40", but they keep a third when the
 *   weights produce one ("19.363"); doubled panels print their average to three ("18.575").
 * - What the next step adds up is, on most sheets, the rounded number (the subtotal is the sum of the printed
 *   categories), and on some the exact one (`RoundingRule` 'carry-exact'); a few sheets print four digits
 *   (`ScoreSheet.publishedDigits`). Subtotals and totals are printed with three digits ("87.300": domain/scores.ts).
 */

/** Rounds a micro amount half away from zero to `digits` fraction digits. */
export function roundHalfUp(micros: number, digits: number = PUBLISHED_FRACTION_DIGITS): number {
  return roundQuotientHalfUp(micros, 1, digits);
}

/**
 * (micros / divisor) rounded half away from zero to `digits` fraction digits in one step: rounding to micros first
 * and then to three digits could turn 0.0004997 into 0.0005 and then up, which the published numbers never do.
 */
export function roundQuotientHalfUp(
  micros: number,
  divisor: number,
  digits: number = PUBLISHED_FRACTION_DIGITS,
): number {
  if (!Number.isInteger(divisor) || divisor <= 0) throw new Error(`divisor must be a positive integer: ${divisor}`);
  return roundRatioHalfUp(BigInt(micros), BigInt(divisor), digits);
}

/** (numerator / denominator) micros rounded half away from zero to `digits` fraction digits, exactly. */
export function roundRatioHalfUp(
  numerator: bigint,
  denominator: bigint,
  digits: number = PUBLISHED_FRACTION_DIGITS,
): number {
  const unit = MICROS_PER_UNIT / 10 ** digits;
  if (!Number.isInteger(unit)) throw new Error(`cannot round micros to ${digits} digits`);
  const scaled = denominator * BigInt(unit);
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = Number((magnitude * 2n + scaled) / (scaled * 2n)) * unit;
  return numerator < 0n ? -rounded : rounded;
}
