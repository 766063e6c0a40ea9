import type { CombineRule } from './types.js';
import { addExact, scaleExact, type Exact } from './exact.js';

/** A category's score from its captions' (or doubled panels') scores, before any rounding. */
export function combineCategory(rule: CombineRule, scores: readonly Exact[]): Exact {
  if (scores.length === 0) throw new Error('a category needs at least one caption score');
  const sum = addExact(scores);
  switch (rule) {
    case 'sum':
      return sum;
    case 'average':
      return scaleExact(sum, 1n, BigInt(scores.length));
    case 'sum-half':
      return scaleExact(sum, 1n, 2n);
  }
}

/** A doubled panel's score: the mean of its judges' caption totals, before any rounding. */
export function averagePanel(scores: readonly Exact[]): Exact {
  if (scores.length === 0) throw new Error('a panel needs at least one caption score');
  return scaleExact(addExact(scores), 1n, BigInt(scores.length));
}
