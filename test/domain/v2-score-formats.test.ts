import { describe, expect, it } from 'vitest';
import { formatScore } from '../../domain/scores.js';

const formatTotal = (value: number) => formatScore(value, 'total');
const formatCaptionScore = (value: number) => formatScore(value, 'v2Caption');
const formatCategoryScore = formatCaptionScore;
const formatSubcaptionScore = (value: number) => formatScore(value, 'v2Subcaption');

describe('v2 number formats', () => {
  it('prints totals and subtotals with three fraction digits', () => {
    expect(formatTotal(87.3)).toBe('87.300');
    expect(formatTotal(0)).toBe('0.000');
    expect(formatTotal(74.6666)).toBe('74.667');
  });

  it('prints caption and category scores with exactly two fraction digits, rounded half up', () => {
    expect(formatCaptionScore(20.4)).toBe('20.40');
    expect(formatCaptionScore(19.363)).toBe('19.36');
    expect(formatCaptionScore(18.575)).toBe('18.58');
    expect(formatCategoryScore(28.125)).toBe('28.13');
    expect(formatCategoryScore(28.124)).toBe('28.12');
    expect(formatCategoryScore(22)).toBe('22.00');
  });

  it('prints raw subcaption numbers integer-like, keeping a fraction the judge gave', () => {
    expect(formatSubcaptionScore(68)).toBe('68');
    expect(formatSubcaptionScore(92.5)).toBe('92.5');
    expect(formatSubcaptionScore(9.25)).toBe('9.25');
  });
});
