import { MICROS_PER_UNIT } from './decimal.js';
import { roundRatioHalfUp } from './rounding.js';

/**
 * An exact rational number n / d (d > 0). Sheets that carry unrounded numbers from one step to the next (a caption
 * of 15.2625 into a Sub Total, a doubled panel's mean of thirds) need more than micros can hold; BigInt fractions
 * keep every digit, and `roundExact` makes the published number in one step.
 */
export interface Exact {
  n: bigint;
  d: bigint;
}

const MICROS = BigInt(MICROS_PER_UNIT);

export const ZERO: Exact = { n: 0n, d: 1n };

export function fromMicrosExact(micros: number): Exact {
  return reduce(BigInt(micros), MICROS);
}

/** The sum of raw numbers times weights, both in micros. */
export function weightedSum(values: readonly number[], weights: readonly number[]): Exact {
  const sum = values.reduce((total, value, i) => total + BigInt(value) * BigInt(weights[i]), 0n);
  return reduce(sum, MICROS * MICROS);
}

export function addExact(values: readonly Exact[]): Exact {
  return values.reduce((total, value) => reduce(total.n * value.d + value.n * total.d, total.d * value.d), ZERO);
}

/** value x numerator / denominator (a mean, a halving, a sheet's scale). */
export function scaleExact(value: Exact, numerator: bigint, denominator: bigint): Exact {
  return reduce(value.n * numerator, value.d * denominator);
}

export function subtractExact(a: Exact, b: Exact): Exact {
  return reduce(a.n * b.d - b.n * a.d, a.d * b.d);
}

/** The number rounded half away from zero to `digits` fraction digits, in micros. */
export function roundExact(value: Exact, digits: number): number {
  return roundRatioHalfUp(value.n * MICROS, value.d, digits);
}

function reduce(n: bigint, d: bigint): Exact {
  const divisor = gcd(n < 0n ? -n : n, d);
  return divisor > 1n ? { n: n / divisor, d: d / divisor } : { n, d };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
