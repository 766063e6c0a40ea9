/**
 * Numbers as a published recap prints them: totals with three decimals, category and caption scores with two or,
 * when the number has one (a doubled panel's average, a weighted caption), a third (37.075), subcaption lines as
 * the judge gave them. Score formats use no digit grouping (scores stay below 1000).
 */
export type ScoreFormat = 'total' | 'category' | 'caption' | 'subcaption' | 'penalty';

/** Fraction digits of each format: [at most, at least]. */
const DIGITS: Record<ScoreFormat, [max: number, min: number]> = {
  total: [3, 3],
  category: [3, 2],
  caption: [3, 2],
  subcaption: [3, 0],
  penalty: [3, 0],
};

/**
 * The number rounded to `max` fraction digits, trailing zeros dropped down to `min`. It rounds as
 * Intl.NumberFormat('en-US') does: the shortest decimal form of the number (what String() prints), a tie away from
 * zero, so 9.9995 is 10.000 where toFixed alone would give 9.999. Intl itself is not used: a page's first Intl
 * formatter loads locale data, which a slow phone would do before the recap can paint.
 */
export function formatScore(score: number | null | undefined, format: ScoreFormat): string {
  if (score === null || score === undefined || Number.isNaN(score)) return '—';
  const [max, min] = DIGITS[format];
  const magnitude = String(Math.abs(score));
  // Shifting the decimal form by an exponent parses it exactly (a score has few digits); tiny numbers print as 1e-7.
  const rounded = magnitude.includes('e') ? Math.abs(score) : Number(`${Math.round(Number(`${magnitude}e${max}`))}e-${max}`);
  const text = rounded.toFixed(max);
  let end = text.length;
  while (end > text.length - (max - min) && text[end - 1] === '0') end--;
  return `${score < 0 ? '-' : ''}${text[end - 1] === '.' ? text.slice(0, end - 1) : text.slice(0, end)}`;
}

export function formatRank(rank: number | null | undefined): string {
  return rank === null || rank === undefined ? '—' : String(rank);
}
