import { MICROS_PER_UNIT } from '../tabulation/decimal.js';
import { roundRatioHalfUp } from '../tabulation/rounding.js';

/** One group's row of one caption: the judge's raw numbers and the published caption total, in micros. */
export interface CaptionRow {
  raw: number[];
  total: number;
}

export interface WeightQuestion {
  /** rows of this caption in the section being imported: every one must be reproduced */
  rows: CaptionRow[];
  /**
   * rows of captions with the same name and lines in the page's sections (one list per section: sections may be
   * judged on different sheets), to solve from when this section is small
   */
  pageRows: CaptionRow[][];
  /** plain ("Tot") captions weigh every line alike: only equal weights are candidates */
  plain: boolean;
  /**
   * weights known from the sheet catalogue (in micros) for a caption of this name with these lines, and for any
   * caption with these lines
   */
  catalogue: { sameCaption: number[][]; sameLines: number[][] };
}

const SEARCH_STEP = 10_000; // a last-resort search walks hundredths only, so a single row has a unique answer

/**
 * Every weighting of a caption's lines, in micros, under which every row's published total is reproduced exactly
 * under the published rounding, the likeliest first. Candidates, in order: the catalogue's sheets for a caption of
 * this name, solved from this section's rows, solved from the rows of each other section of the page with the same
 * caption (and from all of them), the catalogue's weights for these lines under any caption name, and (for
 * one-row sections) the only hundredths pair that fits. Empty when nothing reproduces every row.
 */
export function inferWeights(question: WeightQuestion): number[][] {
  const lineCount = question.rows[0]?.raw.length ?? question.pageRows.flat()[0]?.raw.length ?? 0;
  if (lineCount === 0) return [];
  // A known sheet of this caption beats a solution from a few rows, which can fit them by accident (two nearly
  // equal rows of a single-judge section fit 0.258 / 0.033 as well as 0.105 / 0.195).
  // A plain caption of a known sheet's points weighs its lines alike (0.07 / 0.13 becomes 0.1 / 0.1).
  const known = (sheets: number[][]) => (question.plain ? sheets.map(evenly) : sheets);
  const candidates: number[][] = [...known(question.catalogue.sameCaption)];
  for (const rows of [question.rows, ...question.pageRows, question.pageRows.flat()]) {
    const solved = solve(rows, lineCount, question.plain);
    if (solved) candidates.push(...sheetWeightsNear(solved));
  }
  candidates.push(...known(question.catalogue.sameLines));
  const fitting: number[][] = [];
  for (const weights of candidates) {
    const shaped = weights.length === lineCount && weights.every((weight) => weight > 0 && (!question.plain || weight === weights[0]));
    const fits = shaped && reproducesAll(weights, question.rows);
    if (fits && !fitting.some((known) => known.every((weight, i) => weight === weights[i]))) fitting.push(weights);
  }
  if (fitting.length > 0) return fitting;
  const unique = searchUnique(question.rows, lineCount, question.plain);
  return unique ? [unique] : [];
}

export function captionTotal(weights: readonly number[], raw: readonly number[]): number {
  const sum = raw.reduce((total, value, line) => total + BigInt(value) * BigInt(weights[line]), 0n);
  return roundRatioHalfUp(sum, BigInt(MICROS_PER_UNIT));
}

function reproducesAll(weights: readonly number[], rows: readonly CaptionRow[]): boolean {
  return rows.every((row) => captionTotal(weights, row.raw) === row.total);
}

/**
 * The weights a score sheet can have near an approximate solution, in micros. Sheets give each line a number of
 * the caption's points: either a whole tenth of a point (Comp 10 / Perf 20 of a 30-point caption: 0.1 / 0.2; Voc 7 /
 * Exc 13: 0.07 / 0.13), or a share of the caption's whole points in steps of 0.5% (25 points x 35% = 8.75: 0.0875,
 * and 25 x 65% = 0.1625). Both readings are offered; the rows decide.
 */
export function sheetWeightsNear(approximate: readonly number[]): number[][] {
  const tenthsOfAPoint = approximate.map((weight) => snapTo(weight, MICROS_PER_UNIT / 1_000));
  const candidates = [tenthsOfAPoint];
  const sum = approximate.reduce((total, weight) => total + weight, 0);
  const points = Math.round(sum / (MICROS_PER_UNIT / 100));
  if (points > 0 && approximate.length > 1) {
    // a share of 0.5% (1/200) of `points` points is a weight of points / 20000, i.e. points * 50 micros
    const shares = approximate.map((weight) => Math.round((weight / sum) * 200));
    if (shares.reduce((total, share) => total + share, 0) === 200) candidates.push(shares.map((share) => share * points * 50));
  }
  return candidates;
}

function snapTo(weight: number, unit: number): number {
  return Math.round(weight / unit) * unit;
}

/** Solves the weights from the rows that pin them down best (largest determinant); not yet on a sheet's grid. */
function solve(rows: readonly CaptionRow[], lineCount: number, plain: boolean): number[] | null {
  if (plain || lineCount === 1) {
    const row = rows.reduce<CaptionRow | null>(
      (best, current) => (sumOf(current.raw) > (best ? sumOf(best.raw) : 0) ? current : best),
      null,
    );
    if (!row) return null;
    const weight = (row.total / sumOf(row.raw)) * MICROS_PER_UNIT;
    return Array.from({ length: lineCount }, () => weight);
  }
  if (lineCount !== 2) return null;
  let best: { determinant: bigint; first: CaptionRow; second: CaptionRow } | null = null;
  for (let i = 0; i < rows.length; i += 1) {
    for (let j = i + 1; j < rows.length; j += 1) {
      const [a1, b1] = rows[i].raw.map(BigInt);
      const [a2, b2] = rows[j].raw.map(BigInt);
      const determinant = a1 * b2 - a2 * b1;
      const magnitude = determinant < 0n ? -determinant : determinant;
      if (magnitude > 0n && (!best || magnitude > (best.determinant < 0n ? -best.determinant : best.determinant))) {
        best = { determinant, first: rows[i], second: rows[j] };
      }
    }
    if (i > 200) break;
  }
  if (!best) return null;
  const [a1, b1] = best.first.raw.map(BigInt);
  const [a2, b2] = best.second.raw.map(BigInt);
  const t1 = BigInt(best.first.total);
  const t2 = BigInt(best.second.total);
  const scale = BigInt(MICROS_PER_UNIT);
  return [Number(((t1 * b2 - t2 * b1) * scale) / best.determinant), Number(((a1 * t2 - a2 * t1) * scale) / best.determinant)];
}

function searchUnique(rows: readonly CaptionRow[], lineCount: number, plain: boolean): number[] | null {
  if (rows.length === 0) return null;
  const found: number[][] = [];
  const steps = MICROS_PER_UNIT / SEARCH_STEP;
  if (plain || lineCount === 1) {
    for (let step = 1; step <= steps; step += 1) {
      const weights = Array.from({ length: lineCount }, () => step * SEARCH_STEP);
      if (reproducesAll(weights, rows)) found.push(weights);
    }
  } else if (lineCount === 2) {
    for (let first = 1; first <= steps; first += 1) {
      for (let second = 1; second <= steps; second += 1) {
        const weights = [first * SEARCH_STEP, second * SEARCH_STEP];
        if (reproducesAll(weights, rows)) found.push(weights);
      }
    }
  }
  return found.length === 1 ? found[0] : null;
}

function evenly(weights: readonly number[]): number[] {
  return weights.map(() => Math.round(sumOf(weights) / weights.length));
}

function sumOf(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
