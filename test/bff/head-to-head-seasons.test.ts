import { describe, expect, it } from 'vitest';
import { pairsOf } from '../../server/bff/views/compute/head-to-head.js';

const total = (score: number) => ({ score, rank: null });
const meeting = (...scores: (number | null)[]) => ({
  totals: scores.map((score) => (score === null ? null : total(score))),
});

describe('head-to-head across seasons: a season summed up', () => {
  it('counts the rounds the first group won, lost and tied by total and takes the mean margin to three digits', () => {
    const season = [meeting(80.1, 79.9), meeting(81.25, 82), meeting(70, 70), meeting(90.333, 89.999)];
    // margins 0.2, -0.75, 0, 0.334: their mean is -0.216 / 4 = -0.054
    expect(pairsOf(season, 2)).toEqual([{ meetings: 4, wins: 2, losses: 1, ties: 1, meanMargin: -0.054 }]);
  });

  it('rounds the mean half away from zero, in thousandths, not in binary fractions', () => {
    // margins 0.1 and 0.2: 0.15 exactly, where (80.1 - 80) + (80.2 - 80) would be 0.30000000000000426
    expect(pairsOf([meeting(80.1, 80), meeting(80.2, 80)], 2)[0].meanMargin).toBe(0.15);
    // margins 0.001, 0.001, 0: 0.000666... rounds to 0.001
    expect(pairsOf([meeting(1.001, 1), meeting(1.001, 1), meeting(1, 1)], 2)[0].meanMargin).toBe(0.001);
  });

  it('sets the first group against each other one, over only the rounds both performed in', () => {
    const season = [meeting(80, 79, null), meeting(75, null, 76), meeting(70, 71, 69)];
    expect(pairsOf(season, 3)).toEqual([
      { meetings: 2, wins: 1, losses: 1, ties: 0, meanMargin: 0 },
      { meetings: 2, wins: 1, losses: 1, ties: 0, meanMargin: 0 },
    ]);
  });

  it('has no mean margin for a pair that never met while the others did', () => {
    expect(pairsOf([meeting(null, 80, 79)], 3)).toEqual([
      { meetings: 0, wins: 0, losses: 0, ties: 0, meanMargin: null },
      { meetings: 0, wins: 0, losses: 0, ties: 0, meanMargin: null },
    ]);
  });
});
