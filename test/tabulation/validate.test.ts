import { describe, expect, it } from 'vitest';
import { colorGuardSheet } from '../../domain/score-sheets/index.js';
import { validateScores } from '../../server/api/tabulation/validate.js';

describe('validateScores', () => {
  it('accepts good scores', () => {
    expect(
      validateScores(colorGuardSheet, [
        { captionKey: 'ea', subcaptionKey: 'voc', score: 68 },
        { captionKey: 'ge1', subcaptionKey: 'perf', score: 92.5 },
      ]),
    ).toEqual([]);
  });

  it('names every bad field', () => {
    const problems = validateScores(colorGuardSheet, [
      { captionKey: 'xx', subcaptionKey: 'voc', score: 50 },
      { captionKey: 'ea', subcaptionKey: 'nope', score: 50 },
      { captionKey: 'ea', subcaptionKey: 'voc', score: 101 },
      { captionKey: 'ea', subcaptionKey: 'exc', score: -1 },
      { captionKey: 'ma', subcaptionKey: 'voc', score: Number.NaN },
      { captionKey: 'ma', subcaptionKey: 'exc', score: 50.1234 },
    ]);
    expect(problems.map((problem) => problem.field)).toEqual([
      'scores[0].captionKey',
      'scores[1].subcaptionKey',
      'scores[2].score',
      'scores[3].score',
      'scores[4].score',
      'scores[5].score',
    ]);
    // in the sheet's own words, never its keys
    expect(problems[2].message).toBe('Equipment Analysis: Voc can be at most 100');
    expect(problems[3].message).toBe('Equipment Analysis: Exc cannot be below 0');
  });

  it('reports duplicates and, when asked, missing lines', () => {
    const problems = validateScores(
      colorGuardSheet,
      [
        { captionKey: 'ea', subcaptionKey: 'voc', score: 50 },
        { captionKey: 'ea', subcaptionKey: 'voc', score: 51 },
      ],
      { requireComplete: true },
    );
    expect(problems[0]).toEqual({ field: 'scores[1]', message: 'Equipment Analysis: Voc is scored more than once' });
    expect(problems.map((problem) => problem.field)).toContain('ge2.perf');
    expect(problems.map((problem) => problem.field)).not.toContain('ea.voc');
  });
});
