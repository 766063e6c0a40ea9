/**
 * Numbers as a published recap prints them: totals with three decimals, category and caption scores with two or,
 * when the number has one (a doubled panel's average, a weighted caption), a third (37.075), subcaption lines as
 * the judge gave them. Score formats use no digit grouping (scores stay below 1000).
 */
export type ScoreFormat = 'total' | 'category' | 'caption' | 'subcaption' | 'penalty';

const fixed = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
const upTo = (digits: number, atLeast = 0) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: atLeast, maximumFractionDigits: digits, useGrouping: false });

const formats: Record<ScoreFormat, Intl.NumberFormat> = {
  total: fixed(3),
  category: upTo(3, 2),
  caption: upTo(3, 2),
  subcaption: upTo(3),
  penalty: upTo(3),
};

export function formatScore(score: number | null | undefined, format: ScoreFormat): string {
  if (score === null || score === undefined || Number.isNaN(score)) return '—';
  return formats[format].format(score);
}

export function formatRank(rank: number | null | undefined): string {
  return rank === null || rank === undefined ? '—' : String(rank);
}

/** "1st", "2nd", "23rd" for placements in prose. */
export function formatOrdinal(rank: number): string {
  const teen = rank % 100;
  if (teen >= 11 && teen <= 13) return `${rank}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[rank % 10] ?? 'th';
  return `${rank}${suffix}`;
}
