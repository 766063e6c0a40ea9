import type { CombineRule } from './types.js';
import { roundHalfUp, roundQuotientHalfUp } from './rounding.js';

/** A category's score from its captions' (or doubled panels') scores, in micros, rounded as the recaps print it. */
export function combineCategory(rule: CombineRule, scores: readonly number[]): number {
  if (scores.length === 0) throw new Error('a category needs at least one caption score');
  const sum = scores.reduce((total, score) => total + score, 0);
  switch (rule) {
    case 'sum':
      return roundHalfUp(sum);
    case 'average':
      return roundQuotientHalfUp(sum, scores.length);
    case 'sum-half':
      return roundQuotientHalfUp(sum, 2);
  }
}

/** A doubled panel's score: the mean of its judges' caption totals. */
export function averagePanel(scores: readonly number[]): number {
  if (scores.length === 0) throw new Error('a panel needs at least one caption score');
  return roundQuotientHalfUp(scores.reduce((total, score) => total + score, 0), scores.length);
}
