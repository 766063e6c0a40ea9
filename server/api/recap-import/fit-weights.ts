import { MICROS_PER_UNIT } from '../tabulation/decimal.js';
import { roundRatioHalfUp } from '../tabulation/rounding.js';

/** One group's row of one caption: the judge's raw numbers and the published caption total, in micros. */
export interface CaptionRow {
  raw: number[];
  total: number;
}

/**
 * Weights read off the numbers: every row of a caption says that its raw numbers times the weights lie within half
 * a published thousandth of its printed total, so the weights that reproduce a caption are the points of a small
 * region, found exactly (integer arithmetic, no grid guessed beforehand). A sheet states its weights in at most four
 * digits, so the region's points are looked for in thousandths first (0.105), then ten-thousandths (0.1667,
 * 0.0875); the coarsest step that has any wins. Finer steps would fit nearly any two rows (rows of two different
 * sheets of a page print alike under 0.08647 / 0.21512), so they are not tried.
 */
export const THOUSANDTHS = 1_000;
const STEPS = [THOUSANDTHS, 100];
/** a step is skipped when the region spans more points than this along the first weight (the rows barely pin it) */
const MAX_POSITIONS = 20_000;
/** a region rarely holds more than a few points at its coarsest step; the likeliest are kept */
const MAX_POINTS = 8;
const HALF_A_THOUSANDTH = 500; // micros
const MICROS = MICROS_PER_UNIT;

export function captionTotal(weights: readonly number[], raw: readonly number[]): number {
  const sum = raw.reduce((total, value, line) => total + BigInt(value) * BigInt(weights[line]), 0n);
  return roundRatioHalfUp(sum, BigInt(MICROS));
}

export function reproducesAll(weights: readonly number[], rows: readonly CaptionRow[]): boolean {
  return rows.every((row) => captionTotal(weights, row.raw) === row.total);
}

/**
 * The range of raw x weights sums (micros x micros) that prints `total` half up at three digits: [low, high).
 * Plain numbers stay exact below 2^53 (raw numbers up to 1,000 times weights up to 9, far beyond any sheet); past
 * that a point could be missed, never wrongly taken: every point found is checked in BigInt (`reproducesAll`).
 */
function printedRange(total: number): [number, number] {
  return [(total - HALF_A_THOUSANDTH) * MICROS, (total + HALF_A_THOUSANDTH) * MICROS];
}

/** smallest integer >= n / d and largest integer < n / d, for d > 0 (see `printedRange` on exactness) */
const ceilDiv = (n: number, d: number) => Math.ceil(n / d);
const belowDiv = (n: number, d: number) => Math.ceil(n / d) - 1;

/**
 * One weight for every line (a plain "Tot" caption, a one-line caption, or a judge's lines weighed alike), fitted
 * exactly: the coarsest-step weight nearest the middle of the range every row allows. Null when no weight fits or
 * no row has a number to tell.
 */
export function fitEqualWeights(
  rows: readonly CaptionRow[],
  lineCount: number,
  finest = STEPS.at(-1)!,
): number[] | null {
  let low = 1;
  let high = Number.MAX_SAFE_INTEGER;
  let told = false;
  for (const row of rows) {
    const sum = row.raw.reduce((total, value) => total + value, 0);
    const [from, to] = printedRange(row.total);
    if (sum === 0) {
      if (from > 0 || to <= 0) return null;
      continue;
    }
    told = true;
    low = Math.max(low, ceilDiv(from, sum));
    high = Math.min(high, belowDiv(to, sum));
  }
  if (!told || low > high) return null;
  const middle = (low + high) / 2;
  for (const step of STEPS.filter((candidate) => candidate >= finest)) {
    const first = Math.ceil(low / step) * step;
    if (first > high) continue;
    const nearest = Math.min(Math.max(Math.round(middle / step) * step, first), Math.floor(high / step) * step);
    const weights = Array.from({ length: lineCount }, () => nearest);
    if (reproducesAll(weights, rows)) return weights;
  }
  return null;
}

/**
 * Every two-line weighting on the coarsest step (down to `finest` micros) that reproduces every row, the likeliest
 * first: lines weighed alike, then nearest the exact solution of the two rows that pin the weights best. Empty when the rows do not pin two
 * weights (one row, or rows in proportion) or nothing fits. `centre` is that exact solution (for readings such as
 * shares of the caption's points).
 */
export function fitTwoWeights(
  rows: readonly CaptionRow[],
  finest = STEPS.at(-1)!,
): { points: number[][]; centre: number[] | null } {
  const pair = bestPair(rows);
  if (!pair) return { points: [], centre: null };
  const [first, second] = pair;
  const solveAt = (t1: number, t2: number) => solvePair(first, second, t1, t2);
  const centre = solveAt(first.total, second.total);
  // the region lies inside the parallelogram the two rows allow: its corners bound the first weight
  const corners = [-1, 1].flatMap((a) =>
    [-1, 1].map((b) => solveAt(first.total + a * HALF_A_THOUSANDTH, second.total + b * HALF_A_THOUSANDTH)),
  );
  // (the corners are computed in floating point: a step of slack on each side keeps every point of the region)
  const lowest = Math.max(1, Math.floor(Math.min(...corners.map((corner) => corner[0]))) - STEPS[0]);
  const highest = Math.ceil(Math.max(...corners.map((corner) => corner[0]))) + STEPS[0];
  for (const step of STEPS.filter((candidate) => candidate >= finest)) {
    const from = Math.ceil(lowest / step) * step;
    if ((highest - from) / step > MAX_POSITIONS) break;
    const points: number[][] = [];
    for (let w1 = from; w1 <= highest; w1 += step) {
      const range = secondWeightRange(rows, w1);
      if (!range) continue;
      for (let w2 = Math.max(step, Math.ceil(range[0] / step) * step); w2 <= range[1]; w2 += step) {
        if (reproducesAll([w1, w2], rows)) points.push([w1, w2]);
      }
    }
    if (points.length > 0) {
      const distance = (point: number[]) => Math.hypot(point[0] - centre[0], point[1] - centre[1]);
      points.sort((a, b) => Number(a[0] !== a[1]) - Number(b[0] !== b[1]) || distance(a) - distance(b));
      return { points: points.slice(0, MAX_POINTS), centre };
    }
  }
  return { points: [], centre };
}

/** The second weights (micros) that, with the first, print every row's total; null when none. */
function secondWeightRange(rows: readonly CaptionRow[], w1: number): [number, number] | null {
  let low = 1;
  let high = Number.MAX_SAFE_INTEGER;
  for (const row of rows) {
    const [from, to] = printedRange(row.total);
    const rest = row.raw[0] * w1;
    if (row.raw[1] === 0) {
      if (rest < from || rest >= to) return null;
      continue;
    }
    low = Math.max(low, ceilDiv(from - rest, row.raw[1]));
    high = Math.min(high, belowDiv(to - rest, row.raw[1]));
    if (low > high) return null;
  }
  return [low, high];
}

/** The two rows whose raw numbers are furthest from proportional (largest determinant): they pin the weights best. */
function bestPair(rows: readonly CaptionRow[]): [CaptionRow, CaptionRow] | null {
  let best: { magnitude: bigint; pair: [CaptionRow, CaptionRow] } | null = null;
  // raw numbers repeat across a big section: a few hundred rows hold the best pair as well as all of them would
  const considered = rows.slice(0, 200);
  for (let i = 0; i < considered.length; i += 1) {
    for (let j = i + 1; j < considered.length; j += 1) {
      const [a1, b1] = considered[i].raw.map(BigInt);
      const [a2, b2] = considered[j].raw.map(BigInt);
      const determinant = a1 * b2 - a2 * b1;
      const magnitude = determinant < 0n ? -determinant : determinant;
      if (magnitude > 0n && (!best || magnitude > best.magnitude))
        best = { magnitude, pair: [considered[i], considered[j]] };
    }
  }
  return best?.pair ?? null;
}

/** The weights (micros, fractional) at which the two rows sum to exactly t1 and t2. */
function solvePair(first: CaptionRow, second: CaptionRow, t1: number, t2: number): number[] {
  const [a1, b1] = first.raw;
  const [a2, b2] = second.raw;
  const determinant = a1 * b2 - a2 * b1;
  return [((t1 * b2 - t2 * b1) * MICROS) / determinant, ((a1 * t2 - a2 * t1) * MICROS) / determinant];
}
