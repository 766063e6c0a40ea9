import { MICROS_PER_UNIT } from '../tabulation/decimal.js';
import { THOUSANDTHS, fitEqualWeights, fitTwoWeights, reproducesAll, type CaptionRow } from './fit-weights.js';

export { captionTotal, type CaptionRow } from './fit-weights.js';

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
 * this name; the weights fitted exactly to this section's rows, to the rows of each other section of the page with
 * the same caption, and to all of them in thousandths (`fit-weights.ts`), each with its reading as shares of the
 * caption's points;
 * the catalogue's weights for these lines under any caption name; and, for rows that cannot pin two weights (one
 * row), the only hundredths pair that fits, else the lines weighed alike. Empty when nothing reproduces every row.
 */
export function inferWeights(question: WeightQuestion): number[][] {
  const lineCount = question.rows[0]?.raw.length ?? question.pageRows.flat()[0]?.raw.length ?? 0;
  if (lineCount === 0) return [];
  // A known sheet of this caption beats a solution from a few rows, which can fit them by accident (two nearly
  // equal rows of a single-judge section fit 0.258 / 0.033 as well as 0.105 / 0.195).
  // A plain caption of a known sheet's points weighs its lines alike (0.07 / 0.13 becomes 0.1 / 0.1).
  const known = (sheets: number[][]) => (question.plain ? sheets.map(evenly) : sheets);
  const candidates: number[][] = [...known(question.catalogue.sameCaption)];
  for (const rows of [question.rows, ...question.pageRows]) candidates.push(...fitted(rows, lineCount, question.plain));
  // Sections of a page may be judged on different sheets: their rows together are trusted with thousandths only
  // (two rows of different sheets fit some four-digit weighting about one time in three).
  candidates.push(...fitted(question.pageRows.flat(), lineCount, question.plain, THOUSANDTHS));
  candidates.push(...known(question.catalogue.sameLines));
  const fitting: number[][] = [];
  for (const weights of candidates) {
    const shaped =
      weights.length === lineCount &&
      weights.every((weight) => weight > 0 && (!question.plain || weight === weights[0]));
    const fits = shaped && reproducesAll(weights, question.rows);
    if (fits && !fitting.some((known) => known.every((weight, i) => weight === weights[i]))) fitting.push(weights);
  }
  if (fitting.length > 0) return fitting;
  const unique = question.plain ? null : searchUnique(question.rows, lineCount);
  if (unique) return [unique];
  const alike = fitEqualWeights(question.rows, lineCount);
  return alike ? [alike] : [];
}

/** The weightings that reproduce `rows` exactly (see `fit-weights.ts`), the likeliest first. */
function fitted(rows: readonly CaptionRow[], lineCount: number, plain: boolean, finest?: number): number[][] {
  if (rows.length === 0) return [];
  if (plain || lineCount === 1) {
    const alike = fitEqualWeights(rows, lineCount, finest);
    return alike ? [alike] : [];
  }
  if (lineCount !== 2) return [];
  const { points, centre } = fitTwoWeights(rows, finest);
  return centre ? [...points, ...shareReadings(centre)] : points;
}

/**
 * Sheets that give each line a share of the caption's points in steps of 0.5% (25 points x 35% = 8.75: 0.0875, and
 * 25 x 65%: 0.1625) state weights whose fit can tie with a coarser one (0.088 / 0.162 prints 20.088 for 81/80 as
 * 0.0875 / 0.1625 does) and differ in a Sub Total that carries exact numbers: the share reading of the rows' exact
 * solution is offered too, and the section's other numbers decide.
 */
export function shareReadings(approximate: readonly number[]): number[][] {
  const sum = approximate.reduce((total, weight) => total + weight, 0);
  const points = Math.round(sum / (MICROS_PER_UNIT / 100));
  if (points <= 0 || approximate.length < 2) return [];
  // a share of 0.5% (1/200) of `points` points is a weight of points / 20000, i.e. points * 50 micros
  const shares = approximate.map((weight) => Math.round((weight / sum) * 200));
  return shares.reduce((total, share) => total + share, 0) === 200 ? [shares.map((share) => share * points * 50)] : [];
}

/** The only two-line weighting in hundredths that fits: a single row's last resort, null when none or several. */
function searchUnique(rows: readonly CaptionRow[], lineCount: number): number[] | null {
  if (rows.length === 0 || lineCount !== 2) return null;
  const found: number[][] = [];
  const steps = MICROS_PER_UNIT / SEARCH_STEP;
  for (let first = 1; first <= steps; first += 1) {
    for (let second = 1; second <= steps; second += 1) {
      const weights = [first * SEARCH_STEP, second * SEARCH_STEP];
      if (reproducesAll(weights, rows)) found.push(weights);
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
