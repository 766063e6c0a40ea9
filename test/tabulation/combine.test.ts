import { describe, expect, it } from 'vitest';
import { averagePanel, combineCategory } from '../../server/api/tabulation/combine.js';
import { parseMicros } from '../../server/api/tabulation/decimal.js';

const m = parseMicros;

describe('category combine rules', () => {
  it('sums General Effect judges', () => {
    expect(combineCategory('sum', [m('11.00'), m('11.00')])).toBe(m('22.000'));
  });

  it('averages doubled analysis captions to three digits', () => {
    expect(combineCategory('average', [m('16.54'), m('16.08')])).toBe(m('16.31'));
    expect(combineCategory('average', [m('16.53'), m('15.88')])).toBe(m('16.205'));
  });

  it('sums and halves drum corps Visual and Music, rounding half up', () => {
    expect(combineCategory('sum-half', [m('18.80'), m('18.50'), m('18.40')])).toBe(m('27.85'));
    expect(combineCategory('sum-half', [m('18.90'), m('18.375'), m('18.90')])).toBe(m('28.088'));
  });

  it('averages a doubled panel', () => {
    expect(averagePanel([m('18.55'), m('18.60')])).toBe(m('18.575'));
  });

  it('refuses an empty category', () => {
    expect(() => combineCategory('sum', [])).toThrow();
  });
});
