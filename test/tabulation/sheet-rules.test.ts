import { describe, expect, it } from 'vitest';
import { tabulate } from '../../server/api/tabulation/tabulate.js';
import { colorGuardSheet, colorGuardSheet25 } from '../../domain/score-sheets/index.js';
import type { ScoreSheet, SubcaptionScore } from '../../server/api/tabulation/types.js';
import { caption, category, line } from '../../domain/score-sheets/build.js';
import { toMicros } from '../../server/api/tabulation/decimal.js';
import { carriedWeight, hasFractionWeights } from '../../server/api/tabulation/weight-fractions.js';

/** The rules a sheet can carry beyond its weights, each on a real row of the recap archive. */
function lines(entries: Record<string, number>): SubcaptionScore[] {
  return Object.entries(entries).map(([path, score]) => {
    const [captionKey, subcaptionKey] = path.split('.');
    return { captionKey, subcaptionKey, score };
  });
}

describe('sheet rules', () => {
  // WGASC 2022, Rancho Verde HS JV: captions 15.2625, 18.1875, 17.75, 17.75 print 15.263, 18.188, 17.75, 17.75
  const ranchoVerde = lines({
    'ea.voc': 63,
    'ea.exc': 60,
    'mv.voc': 76,
    'mv.exc': 71,
    'da.comp': 70,
    'da.exc': 72,
    'ge.rep': 72,
    'ge.perf': 70,
  });

  it('weighs lines as the caption points times their shares (25 x 35% = 0.0875)', () => {
    const [result] = tabulate(colorGuardSheet25, [{ id: 1, performed: true, penalty: 0, scores: ranchoVerde }]);
    expect(result.categories.map((category) => category.captions[0].score)).toEqual([15.263, 18.188, 17.75, 17.75]);
  });

  it('adds the printed numbers into the Sub Total by default, the exact ones when the sheet carries them', () => {
    const [rounded] = tabulate(colorGuardSheet25, [{ id: 1, performed: true, penalty: 0, scores: ranchoVerde }]);
    expect(rounded.subtotal.score).toBe(68.951);
    const [exact] = tabulate({ ...colorGuardSheet25, rounding: 'carry-exact' }, [
      { id: 1, performed: true, penalty: 0, scores: ranchoVerde },
    ]);
    expect(exact.subtotal.score).toBe(68.95);
    expect(exact.categories.map((category) => category.score)).toEqual([15.263, 18.188, 17.75, 17.75]);
  });

  it('scales the Sub Total and subtracts the penalty from it (TCGC Cadet: 1.25 x 76.54 = 95.675, minus 2.3)', () => {
    const cadet: ScoreSheet = { ...colorGuardSheet, subtotalScale: 1.25 };
    // Seven Lakes Cadets, Katy 2022: E 12.54, M 14.00, DA 15.80, GE 15.80 + 18.40
    const scores = lines({
      'ea.voc': 64,
      'ea.exc': 62,
      'ma.voc': 70,
      'ma.exc': 70,
      'da.comp': 80,
      'da.exc': 78,
      'ge1.rep': 80,
      'ge1.perf': 78,
      'ge2.rep': 93,
      'ge2.perf': 91,
    });
    const [result] = tabulate(cadet, [{ id: 1, performed: true, penalty: 2.3, scores }]);
    expect(result.categories.map((category) => category.score)).toEqual([12.54, 14, 15.8, 34.2]);
    expect(result.subtotal.score).toBe(95.675);
    expect(result.total.score).toBe(93.375);
  });

  it('prints four digits where the sheet does (TCGC 2019: (26.775 + 26.70) / 2 = 26.7375)', () => {
    const doubled: ScoreSheet = {
      name: 'Effect - Music, doubled',
      publishedDigits: 4,
      categories: [
        category(
          'em',
          'Effect - Music',
          'average',
          ['em1', 'em2'].map((key) =>
            caption(key, 'Effect - Music', 'EM', [line('ovr', 'Ovr', 0.15), line('mus', 'Mus', 0.15)]),
          ),
        ),
      ],
    };
    const scores = lines({ 'em1.ovr': 91.5, 'em1.mus': 87, 'em2.ovr': 89, 'em2.mus': 89 });
    const [result] = tabulate(doubled, [{ id: 1, performed: true, penalty: 0, scores }]);
    expect(result.categories[0].captions.map((caption) => caption.score)).toEqual([26.775, 26.7]);
    expect(result.categories[0].score).toBe(26.7375);
    expect(result.total.score).toBe(26.7375);
    const [three] = tabulate({ ...doubled, publishedDigits: undefined }, [
      { id: 1, performed: true, penalty: 0, scores },
    ]);
    expect(three.categories[0].score).toBe(26.738);
  });

  describe('fractions printed through four-digit weights (FFCC Scholastic 2023-2025)', () => {
    // General Effect lines a sixth (printed 0.1667), Performance lines a third (0.3333)
    const sixthsAndThirds: ScoreSheet = {
      name: 'General Effect in sixths and thirds',
      rounding: 'carry-fractions',
      categories: [
        category('ge', 'General Effect', 'sum', [
          caption('ge', 'General Effect', 'GE', [line('comp', 'Comp', 0.1667), line('excl', 'Excl', 0.1667)]),
        ]),
        category('perf', 'General Effect', 'sum', [
          caption('perf', 'General Effect', 'GE', [line('perf1', 'Perf', 0.3333), line('perf2', 'Perf', 0.3333)]),
        ]),
      ],
    };
    // FFCC Indoor Hialeah Gardens 2025, Port St. Lucie HS: 65 + 64 and 64 + 60, penalty 0.1
    const portStLucie = lines({ 'ge.comp': 65, 'ge.excl': 64, 'perf.perf1': 64, 'perf.perf2': 60 });

    it('prints each caption through the four-digit weights and adds the exact fractions into the Sub Total', () => {
      const [result] = tabulate(sixthsAndThirds, [{ id: 1, performed: true, penalty: 0.1, scores: portStLucie }]);
      // 129 x 0.1667 = 21.5043 and 124 x 0.3333 = 41.3292; 129/6 + 124/3 = 62.8333
      expect(result.categories.map((category) => [category.score, category.captions[0].score])).toEqual([
        [21.504, 21.504],
        [41.329, 41.329],
      ]);
      expect(result.subtotal.score).toBe(62.833);
      expect(result.total.score).toBe(62.733);
      // carrying the four-digit products instead makes 62.8335 -> 62.834
      const [exact] = tabulate({ ...sixthsAndThirds, rounding: 'carry-exact' }, [
        { id: 1, performed: true, penalty: 0.1, scores: portStLucie },
      ]);
      expect(exact.subtotal.score).toBe(62.834);
    });

    it('differs from adding the printed captions where their roundings add up (129/6 + 137/3 = 67.167, printed 21.504 + 45.662)', () => {
      const scores = lines({ 'ge.comp': 65, 'ge.excl': 64, 'perf.perf1': 70, 'perf.perf2': 67 });
      const [fractions] = tabulate(sixthsAndThirds, [{ id: 1, performed: true, penalty: 0, scores }]);
      expect(fractions.categories.map((category) => category.score)).toEqual([21.504, 45.662]);
      expect(fractions.subtotal.score).toBe(67.167);
      const [rounded] = tabulate({ ...sixthsAndThirds, rounding: undefined }, [
        { id: 1, performed: true, penalty: 0, scores },
      ]);
      expect(rounded.subtotal.score).toBe(67.166);
    });

    it('reads the fraction each four-digit weight stands for, and leaves other weights as they are', () => {
      const asText = (weight: number) => {
        const { n, d } = carriedWeight(toMicros(weight));
        return d === 1_000_000n || n * 1_000_000n === BigInt(toMicros(weight)) * d ? String(weight) : `${n}/${d}`;
      };
      expect([0.1667, 0.3333, 0.6667, 0.0833, 0.1429].map(asText)).toEqual(['1/6', '1/3', '2/3', '1/12', '1/7']);
      expect([0.1, 0.0875, 0.3332, 0.3334, 0.5, 0.167].map(asText)).toEqual([
        '0.1',
        '0.0875',
        '0.3332',
        '0.3334',
        '0.5',
        '0.167',
      ]);
      expect(hasFractionWeights([toMicros(0.15), toMicros(0.1667)])).toBe(true);
      expect(hasFractionWeights([toMicros(0.15), toMicros(0.0875), toMicros(0.5)])).toBe(false);
    });
  });
});
