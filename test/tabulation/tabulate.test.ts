import { describe, expect, it } from 'vitest';
import { tabulate } from '../../server/api/tabulation/tabulate.js';
import type { PerformanceInput, ScoreSheet, SubcaptionScore } from '../../server/api/tabulation/types.js';
import { colorGuardSheet, drumCorpsSheet, soundSportSheet } from '../../domain/score-sheets/index.js';

function lines(entries: Record<string, number>): SubcaptionScore[] {
  return Object.entries(entries).map(([path, score]) => {
    const [captionKey, subcaptionKey] = path.split('.');
    return { captionKey, subcaptionKey, score };
  });
}

describe('tabulate', () => {
  // A real row: Southside High School Colorguard (Texas 2024), total 48.680 after a 2.0 penalty.
  const southside = lines({
    'ea.voc': 53,
    'ea.exc': 48,
    'ma.voc': 52,
    'ma.exc': 49,
    'da.comp': 49,
    'da.exc': 39,
    'ge1.rep': 56,
    'ge1.perf': 54,
    'ge2.rep': 56,
    'ge2.perf': 54,
  });
  const sheet: ScoreSheet = {
    ...colorGuardSheet,
    categories: colorGuardSheet.categories.map((category) =>
      category.key === 'equipment' || category.key === 'movement'
        ? {
            ...category,
            captions: category.captions.map((caption) => ({
              ...caption,
              subcaptions: caption.subcaptions.map((line) => ({ ...line, weight: line.key === 'voc' ? 0.06 : 0.14 })),
            })),
          }
        : category,
    ),
  };

  it('computes captions, categories, subtotal and total exactly', () => {
    const [result] = tabulate(sheet, [{ id: 'southside', performed: true, scores: southside, penalty: 2 }]);
    expect(result.categories.map((category) => category.score)).toEqual([9.9, 9.98, 8.8, 22]);
    expect(result.subtotal.score).toBe(50.68);
    expect(result.total.score).toBe(48.68);
    expect(result.penalty).toBe(2);
  });

  it('ranks every number with ties, and a group that did not perform last, shared, as the recaps print it', () => {
    const performances: PerformanceInput[] = [
      { id: 'a', performed: true, scores: southside, penalty: 0 },
      { id: 'b', performed: true, scores: southside, penalty: 0.5 },
      { id: 'c', performed: false, scores: [], penalty: 0 },
      { id: 'd', performed: true, scores: lines({ 'ea.voc': 90, 'ea.exc': 90 }), penalty: 0 },
    ];
    const results = tabulate(sheet, performances);
    expect(results.map((result) => result.subtotal.rank)).toEqual([1, 1, 4, 3]);
    expect(results.map((result) => result.total.rank)).toEqual([1, 2, 4, 3]);
    expect(results.map((result) => result.categories[0].rank)).toEqual([2, 2, 4, 1]);
    expect(results.map((result) => result.categories[0].captions[0].subcaptions[0].rank)).toEqual([2, 2, 4, 1]);
    // "d" scored 0 on Movement: it shares the last place with the group that did not perform
    expect(results.map((result) => result.categories[1].rank)).toEqual([1, 1, 3, 3]);
    expect(results[2]).toMatchObject({ performed: false, total: { score: 0, rank: 4 } });
  });

  it('averages doubled drum corps panels before summing and halving', () => {
    const doubled: ScoreSheet = {
      ...drumCorpsSheet,
      categories: drumCorpsSheet.categories.map((category) =>
        category.key === 'music'
          ? {
              ...category,
              captions: [
                category.captions[0],
                { ...category.captions[1], key: 'man1', panel: 'man' },
                { ...category.captions[1], key: 'man2', panel: 'man' },
                category.captions[2],
              ],
            }
          : category,
      ),
    };
    const [result] = tabulate(doubled, [
      {
        id: 1,
        performed: true,
        penalty: 0,
        scores: lines({
          'mb.cont': 95,
          'mb.achv': 94,
          'man1.cont': 92,
          'man1.achv': 91,
          'man2.cont': 94,
          'man2.achv': 92,
          'mp.cont': 95,
          'mp.achv': 94,
        }),
      },
    ]);
    const music = result.categories.find((category) => category.key === 'music');
    expect(music?.panels).toEqual([{ key: 'man', score: 18.45, rank: 1 }]);
    expect(music?.score).toBe(28.125);
  });

  it('publishes the SoundSport total as the mean of its captions', () => {
    const [result] = tabulate(soundSportSheet, [
      { id: 1, performed: true, penalty: 0, scores: lines({ 'mp.ovr': 75, 'vp.ovr': 74, 'oi.ovr': 75 }) },
    ]);
    expect(result.subtotal.score).toBe(224);
    expect(result.total.score).toBe(74.667);
  });

  it('is not fooled by binary floating point (0.1 + 0.2)', () => {
    const tenths: ScoreSheet = {
      name: 'tenths',
      categories: [
        {
          key: 'c',
          name: 'C',
          combine: 'sum',
          captions: [
            {
              key: 'k',
              name: 'K',
              initials: 'K',
              weighted: false,
              subcaptions: [
                { key: 'a', name: 'A', initials: 'A', max: 10, weight: 1 },
                { key: 'b', name: 'B', initials: 'B', max: 10, weight: 1 },
              ],
            },
          ],
        },
      ],
    };
    const [result] = tabulate(tenths, [
      { id: 1, performed: true, penalty: 0, scores: lines({ 'k.a': 0.1, 'k.b': 0.2 }) },
    ]);
    expect(result.total.score).toBe(0.3);
  });
});
