import { describe, expect, it } from 'vitest';
import { averagePanel, combineCategory } from '../../server/api/tabulation/combine.js';
import { parseMicros } from '../../server/api/tabulation/decimal.js';
import { fromMicrosExact, roundExact, type Exact } from '../../server/api/tabulation/exact.js';

const e = (text: string) => fromMicrosExact(parseMicros(text));
const m = parseMicros;
/** as published: rounded half up to three digits */
const r = (value: Exact) => roundExact(value, 3);

describe('category combine rules', () => {
  it('sums General Effect judges', () => {
    expect(r(combineCategory('sum', [e('11.00'), e('11.00')]))).toBe(m('22.000'));
  });

  it('averages doubled analysis captions to three digits', () => {
    expect(r(combineCategory('average', [e('16.54'), e('16.08')]))).toBe(m('16.31'));
    expect(r(combineCategory('average', [e('16.53'), e('15.88')]))).toBe(m('16.205'));
  });

  it('sums and halves drum corps Visual and Music, rounding half up', () => {
    expect(r(combineCategory('sum-half', [e('18.80'), e('18.50'), e('18.40')]))).toBe(m('27.85'));
    expect(r(combineCategory('sum-half', [e('18.90'), e('18.375'), e('18.90')]))).toBe(m('28.088'));
  });

  it('averages a doubled panel', () => {
    expect(r(averagePanel([e('18.55'), e('18.60')]))).toBe(m('18.575'));
  });

  it('refuses an empty category', () => {
    expect(() => combineCategory('sum', [])).toThrow();
  });
});
