/**
 * Scores as they are published: how many fraction digits each kind of number prints with, and the one rounding
 * (half away from zero) that the API's v2 formats, the BFF's standings and the app's pages all use.
 *
 * The real recaps print every computed number rounded half up to three fraction digits (docs/recap-archive.md);
 * v2's specification prints totals and subtotals with three, category and caption scores with two, and a judge's
 * raw line as given. The app shows a category or caption with its third digit when it has one (a doubled panel's
 * 37.075), as the recap page does.
 */
export const PUBLISHED_FRACTION_DIGITS = 3;

/** Fraction digits of each format: [at most, at least]. */
export const SCORE_FORMATS = {
  /** v2 TotalScore and SubtotalScore, the app's totals: "87.300" */
  total: [PUBLISHED_FRACTION_DIGITS, PUBLISHED_FRACTION_DIGITS],
  /** the app's category and caption scores: "27.85", "37.075" */
  category: [PUBLISHED_FRACTION_DIGITS, 2],
  caption: [PUBLISHED_FRACTION_DIGITS, 2],
  /** a judge's line and a penalty, as given: "68", "9.25" */
  subcaption: [PUBLISHED_FRACTION_DIGITS, 0],
  penalty: [PUBLISHED_FRACTION_DIGITS, 0],
  /** v2's category and caption Score: two digits, so 28.125 prints "28.13" */
  v2Caption: [2, 2],
  /** v2's subcaption Score: the raw number with every digit it has (at most the six the API stores) */
  v2Subcaption: [6, 0],
} as const satisfies Record<string, readonly [max: number, min: number]>;

export type ScoreFormat = keyof typeof SCORE_FORMATS;

/**
 * The number rounded to `digits` fraction digits, a tie away from zero, judged on its shortest decimal form (what
 * String() prints), so 9.9995 is 10 and 96.02499999999999 is 96.025 where toFixed alone would round them down.
 */
export function roundScore(score: number, digits: number = PUBLISHED_FRACTION_DIGITS): number {
  const magnitude = String(Math.abs(score));
  // Shifting the decimal form by an exponent parses it exactly (a score has few digits); tiny numbers print as 1e-7.
  const rounded = magnitude.includes('e')
    ? Math.abs(score)
    : Number(`${Math.round(Number(`${magnitude}e${digits}`))}e-${digits}`);
  return score < 0 ? -rounded : rounded;
}

/**
 * The score as text in `format`: rounded to its most digits, trailing zeros dropped down to its least. No digit
 * grouping (scores stay below 1000), and no Intl: a page's first Intl formatter loads locale data, which a slow
 * phone would do before the recap can paint. A missing number is a dash.
 */
export function formatScore(score: number | null | undefined, format: ScoreFormat): string {
  if (score === null || score === undefined || Number.isNaN(score)) return '—';
  const [max, min] = SCORE_FORMATS[format];
  const text = Math.abs(roundScore(score, max)).toFixed(max);
  let end = text.length;
  while (end > text.length - (max - min) && text[end - 1] === '0') end--;
  return `${score < 0 ? '-' : ''}${text[end - 1] === '.' ? text.slice(0, end - 1) : text.slice(0, end)}`;
}
