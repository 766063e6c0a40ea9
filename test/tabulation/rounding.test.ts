import { describe, expect, it } from 'vitest';
import { microsToText, parseMicros, toMicros } from '../../server/api/tabulation/decimal.js';
import { roundHalfUp, roundQuotientHalfUp } from '../../server/api/tabulation/rounding.js';

describe('exact decimals', () => {
  it('parses published number texts exactly', () => {
    expect(parseMicros('18.575')).toBe(18_575_000);
    expect(parseMicros('.2')).toBe(200_000);
    expect(parseMicros('-4.50')).toBe(-4_500_000);
    expect(parseMicros('68')).toBe(68_000_000);
    expect(() => parseMicros('Excellent')).toThrow();
  });

  it('keeps 0.1 + 0.2 exactly 0.3', () => {
    expect(toMicros(0.1) + toMicros(0.2)).toBe(toMicros(0.3));
  });

  it('prints with a minimum and maximum of fraction digits', () => {
    expect(microsToText(87_300_000, 3, 3)).toBe('87.300');
    expect(microsToText(20_400_000, 2, 3)).toBe('20.40');
    expect(microsToText(19_363_000, 2, 3)).toBe('19.363');
    expect(() => microsToText(19_362_500, 2, 3)).toThrow();
  });
});

describe('published rounding', () => {
  it('rounds half up to three digits, never truncating (75 x 0.075 + 78.5 x 0.175 = 19.3625 -> 19.363)', () => {
    expect(roundHalfUp(19_362_500)).toBe(19_363_000);
    expect(roundHalfUp(19_362_499)).toBe(19_362_000);
  });

  it('rounds negative amounts away from zero', () => {
    expect(roundHalfUp(-1_000_500)).toBe(-1_001_000);
  });

  it('rounds a quotient in one step (224 / 3 = 74.667, 56.175 / 2 = 28.0875 -> 28.088)', () => {
    expect(roundQuotientHalfUp(224_000_000, 3)).toBe(74_667_000);
    expect(roundQuotientHalfUp(56_175_000, 2)).toBe(28_088_000);
  });

  it('does not round twice: 1.0004997 stays 1.000', () => {
    // 3.0014991 / 3 = 1.0004997: rounding to micros first would give 1.000500 and then 1.001
    expect(roundQuotientHalfUp(3_001_499, 3, 3)).toBe(1_000_000);
  });
});
