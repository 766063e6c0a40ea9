import { describe, expect, it } from 'vitest';
import { formatScore } from '../../domain/scores';
import { formatRank } from './format';

describe('formatScore', () => {
  it('prints totals with three decimals, as published', () => {
    expect(formatScore(83.4, 'total')).toBe('83.400');
    expect(formatScore(63.675, 'total')).toBe('63.675');
  });

  it('prints category and caption scores with two decimals, or three when the number has a third', () => {
    expect(formatScore(41.7, 'caption')).toBe('41.70');
    expect(formatScore(17.25, 'category')).toBe('17.25');
    expect(formatScore(37.075, 'category')).toBe('37.075');
    expect(formatScore(19.363, 'caption')).toBe('19.363');
  });

  it('prints subcaption lines as given, without trailing zeros', () => {
    expect(formatScore(84, 'subcaption')).toBe('84');
    expect(formatScore(8.5, 'subcaption')).toBe('8.5');
    expect(formatScore(9.25, 'subcaption')).toBe('9.25');
  });

  it('rounds a tie in the printed number away from zero, as Intl does, not by its binary value', () => {
    // 9.9995 and 37.0375 are stored a hair below the tie: toFixed alone would round them down.
    expect(formatScore(9.9995, 'total')).toBe('10.000');
    expect(formatScore(37.0375, 'category')).toBe('37.038');
    expect(formatScore(-9.9995, 'penalty')).toBe('-10');
    expect(formatScore(96.02499999999999, 'total')).toBe('96.025');
  });

  it('never groups digits and shows a dash for a missing number', () => {
    expect(formatScore(1234.5, 'total')).toBe('1234.500');
    expect(formatScore(null, 'total')).toBe('—');
    expect(formatScore(Number.NaN, 'caption')).toBe('—');
  });

  it('prints penalties without padding', () => {
    expect(formatScore(0, 'penalty')).toBe('0');
    expect(formatScore(0.5, 'penalty')).toBe('0.5');
  });
});

describe('ranks', () => {
  it('shows a dash for an unranked performance', () => {
    expect(formatRank(null)).toBe('—');
    expect(formatRank(2)).toBe('2');
  });
});
