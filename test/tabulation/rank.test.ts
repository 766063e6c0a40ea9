import { describe, expect, it } from 'vitest';
import { rankScores } from '../../server/api/tabulation/rank.js';

describe('rankScores', () => {
  it('ranks higher scores first', () => {
    expect(rankScores([70, 90, 80])).toEqual([3, 1, 2]);
  });

  it('gives ties the same rank and skips the next ones (1, 2, 2, 4)', () => {
    expect(rankScores([90, 85, 85, 80])).toEqual([1, 2, 2, 4]);
    expect(rankScores([50, 50, 50])).toEqual([1, 1, 1]);
    expect(rankScores([60, 70, 70, 70, 50])).toEqual([4, 1, 1, 1, 5]);
  });

  it('leaves performances without a score unranked and out of everyone else’s count', () => {
    expect(rankScores([null, 80, 0, null, 90])).toEqual([null, 2, 3, null, 1]);
  });
});
