import { describe, expect, it } from 'vitest';
import { threeGroupSection } from '../../../test/factories';
import { buildJudgeComparisons } from './judges-model';

describe('judges against the final result', () => {
  const comparisons = buildJudgeComparisons(threeGroupSection());

  it('has one comparison per caption, named by judge', () => {
    expect(comparisons.map((c) => [c.captionName, c.judge, c.doubled])).toEqual([
      ['General Effect', 'Jane Howell', false],
      ['Equipment Analysis', 'Ann Lee', true],
      ['Equipment Analysis', 'Bo Kim', true],
    ]);
  });

  it('leaves out groups that did not perform', () => {
    expect(comparisons[0].rows.map((row) => row.group.name)).toEqual(['Alpha', 'Bravo']);
  });

  it('marks where a judge ranked differently from the final ranks', () => {
    const kim = comparisons[2];
    expect(kim.rows.map((row) => [row.group.name, row.caption?.rank, row.finalRank, row.differsFromFinal])).toEqual([
      ['Alpha', 2, 1, true],
      ['Bravo', 1, 2, true],
    ]);
    expect(kim.disagreements).toBe(2);
    expect(comparisons[0].disagreements).toBe(0);
  });

  it('sets each judge of a doubled panel against the panel', () => {
    const lee = comparisons[1];
    expect(lee.rows.map((row) => [row.panel?.rank, row.differsFromPanel])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(comparisons[2].rows.map((row) => row.differsFromPanel)).toEqual([true, true]);
    expect(comparisons[0].rows.every((row) => row.panel === null && !row.differsFromPanel)).toBe(true);
  });
});
