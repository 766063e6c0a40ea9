import type { PerformanceScores } from './recap-types';

/**
 * The one rule of a close placement: groups next to each other in the official order whose totals differ by less
 * than a point. Small on purpose: the recap's own chunk asks it to decide whether to offer "What decided it"; the
 * explanation itself (decided-it.ts) loads on use.
 */
export const isClose = (upperTotal: number, lowerTotal: number) =>
  Math.round(upperTotal * 1000) - Math.round(lowerTotal * 1000) < 1000;

/** Performed, ranked groups in the official order (by rank, then total). */
export const officialOrder = (performances: readonly PerformanceScores[]) =>
  performances
    .filter((p) => p.performed && p.total.rank !== null)
    .sort((a, b) => a.total.rank! - b.total.rank! || b.total.score - a.total.score);

export const closeCount = (performances: readonly PerformanceScores[]) =>
  officialOrder(performances).filter(
    (p, index, ranked) => index > 0 && isClose(ranked[index - 1].total.score, p.total.score),
  ).length;
