import { fromMicrosExact, type Exact } from './exact.js';

/**
 * Some sheets weigh a line by a fraction that no decimal holds (FFCC Scholastic 2023-2025: General Effect lines a
 * sixth, Performance lines a third) and publish through the four-digit weight (0.1667, 0.3333): the caption prints
 * the raw numbers times that weight, while the Sub Total adds the exact fractions (129/6 + 124/3 = 62.833, where
 * 21.5043 + 41.3292 would make 62.834). Sheets state their fractions with small denominators; twelfths are the
 * finest the archive's sheets split a caption into.
 */
const LARGEST_DENOMINATOR = 12n;
const FOUR_DIGITS = 100n; // a four-digit weight is a whole number of 100 micros

/**
 * The exact fraction a weight (micros) stands for on a 'carry-fractions' sheet: the one with the smallest
 * denominator whose four-digit rounding is the weight (0.1667 -> 1/6, 0.3333 -> 1/3, 0.6667 -> 2/3); a weight that
 * is no such rounding (0.1, 0.0875, 0.3332) stands for itself.
 */
export function carriedWeight(weightMicros: number): Exact {
  const weight = BigInt(weightMicros);
  if (weight <= 0n || weight % FOUR_DIGITS !== 0n) return fromMicrosExact(weightMicros);
  for (let denominator = 2n; denominator <= LARGEST_DENOMINATOR; denominator += 1n) {
    // the nearest numerator, then the check that p/q rounds half up to the weight at four digits (in micros)
    const numerator = (weight * denominator + 500_000n) / 1_000_000n;
    if (numerator === 0n) continue;
    const rounded = (((numerator * 1_000_000n * 2n) / denominator + FOUR_DIGITS) / (FOUR_DIGITS * 2n)) * FOUR_DIGITS;
    if (rounded === weight) return { n: numerator, d: denominator };
  }
  return fromMicrosExact(weightMicros);
}

/** True when some weight stands for a fraction other than itself (the only sheets 'carry-fractions' changes). */
export function hasFractionWeights(weightsMicros: readonly number[]): boolean {
  return weightsMicros.some((weight) => {
    const carried = carriedWeight(weight);
    return carried.n * 1_000_000n !== BigInt(weight) * carried.d;
  });
}
