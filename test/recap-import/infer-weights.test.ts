import { describe, expect, it } from 'vitest';
import { inferWeights, shareReadings } from '../../server/api/recap-import/infer-weights.js';
import { fitEqualWeights, fitTwoWeights } from '../../server/api/recap-import/fit-weights.js';
import { parseMicros } from '../../server/api/tabulation/decimal.js';

const m = (text: string) => parseMicros(text);
const row = (raw: number[], total: string) => ({ raw: raw.map((value) => m(String(value))), total: m(total) });
const noCatalogue = { sameCaption: [], sameLines: [] };

describe('inferWeights', () => {
  it('finds points x shares in 0.5% steps: 25 x 35% and 25 x 65% (WGASC Equipment, 2022)', () => {
    const rows = [row([85, 81], '20.60'), row([82, 79], '20.013'), row([80, 76], '19.35'), row([63, 60], '15.263')];
    // 0.0876 / 0.1624 prints these four rows too: both are offered, the likelier first, and the Sub Totals decide
    expect(inferWeights({ rows, pageRows: [], plain: false, catalogue: noCatalogue })).toEqual([
      [m('0.0875'), m('0.1625')],
      [m('0.0876'), m('0.1624')],
    ]);
  });

  it('still finds weights in tenths of a point (Comp 10 / Perf 20 of 30)', () => {
    const rows = [row([82, 79], '24.00'), row([75, 70], '21.50'), row([90, 85], '26.00')];
    expect(inferWeights({ rows, pageRows: [], plain: false, catalogue: noCatalogue })[0]).toEqual([m('0.1'), m('0.2')]);
  });

  it('offers every weighting that fits when the rows cannot tell them apart (81/80 -> 20.088; 72/72 -> 18.00)', () => {
    const rows = [row([81, 80], '20.088'), row([72, 72], '18.00')];
    const found = inferWeights({
      rows,
      pageRows: [],
      plain: false,
      catalogue: { sameCaption: [], sameLines: [[m('0.0875'), m('0.1625')]] },
    });
    expect(found).toContainEqual([m('0.088'), m('0.162')]);
    expect(found).toContainEqual([m('0.0875'), m('0.1625')]);
  });

  it('takes a known sheet of the caption for a single row, and borrows another section of the page', () => {
    const single = [row([92, 88], '22.35')];
    const known = {
      sameCaption: [
        [m('0.0875'), m('0.1625')],
        [m('0.075'), m('0.175')],
      ],
      sameLines: [],
    };
    expect(inferWeights({ rows: single, pageRows: [], plain: false, catalogue: known })).toEqual([
      [m('0.0875'), m('0.1625')],
    ]);
    // TCGC 2014 percussion: Music 15 / 25 shown by a bigger section of the page, Concert Music 20 / 30 by another
    const lone = [row([72, 66], '27.3')];
    const page = [
      [row([68, 64], '26.2'), row([64, 61], '24.85')],
      [row([68, 66], '33.4'), row([71, 67], '34.3')],
    ];
    expect(inferWeights({ rows: lone, pageRows: page, plain: false, catalogue: noCatalogue })).toEqual([
      [m('0.15'), m('0.25')],
    ]);
  });

  it('weighs the lines of a plain ("Tot") caption alike, whatever the catalogue says', () => {
    const rows = [row([0, 0], '0')];
    const found = inferWeights({
      rows,
      pageRows: [],
      plain: true,
      catalogue: { sameCaption: [[m('0.07'), m('0.13')]], sameLines: [] },
    });
    expect(found).toEqual([[m('0.1'), m('0.1')]]);
  });

  it('reads an approximate solution as shares of the caption points in 0.5% steps', () => {
    expect(shareReadings([87_400, 162_600])).toEqual([[87_500, 162_500]]);
  });

  // FFCC Scholastic 2023-2025 (Seminole Ridge 2023, Hialeah Gardens 2025): lines weighed by a sixth, printed through
  // 0.1667; no grid of tenths of a point or 0.5% shares holds it
  it('fits four-digit weights exactly when no thousandths fit (63/58 -> 20.171, 66/61 -> 21.171: a sixth, 0.1667)', () => {
    const rows = [row([63, 58], '20.171'), row([66, 61], '21.171')];
    expect(inferWeights({ rows, pageRows: [], plain: false, catalogue: noCatalogue })[0]).toEqual([
      m('0.1667'),
      m('0.1667'),
    ]);
  });

  it('finds the only four-digit weighting two rows allow, equal or not (59/57 -> 38.663, 56/50 -> 35.329)', () => {
    const rows = [row([59, 57], '38.663'), row([56, 50], '35.329')];
    expect(fitTwoWeights(rows).points).toEqual([[m('0.3332'), m('0.3334')]]);
  });

  it('does not fit two sections of different sheets together beyond thousandths (76/70 -> 21.63 is 35% / 65% of 30)', () => {
    // Deer Park 2026 winds: a one-group section on the Achievement 65% sheet and one on 0.15 / 0.15; together they
    // fit 0.08647 / 0.21512, which is no sheet
    const achievement = [row([76, 70], '21.63')];
    const even = [row([82, 80], '24.30')];
    expect(inferWeights({ rows: even, pageRows: [achievement, even], plain: false, catalogue: noCatalogue })).toEqual([
      [m('0.15'), m('0.15')],
    ]);
  });

  it('weighs a single row alike, exactly, when nothing else tells (65/64 -> 21.504: 0.1667)', () => {
    expect(
      inferWeights({ rows: [row([65, 64], '21.504')], pageRows: [], plain: false, catalogue: noCatalogue }),
    ).toEqual([[m('0.1667'), m('0.1667')]]);
    expect(fitEqualWeights([row([64, 60], '41.329')], 2)).toEqual([m('0.3333'), m('0.3333')]);
    // no one weight prints both rows (116 x w and 106 x w): the real page's second judge weighs its lines apart
    expect(fitEqualWeights([row([59, 57], '38.663'), row([56, 50], '35.329')], 2)).toBeNull();
  });
});
