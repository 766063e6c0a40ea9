import { describe, expect, it } from 'vitest';
import { importRecapHtml } from '../../server/api/recap-import/to-import.js';
import { tabulate } from '../../server/api/tabulation/tabulate.js';
import { readRecapFixture } from '../fixtures/recaps/load.js';

/**
 * FFCC Scholastic sheets (2023-2025) weigh General Effect lines by a sixth and Performance lines by a third: their
 * captions print through four-digit weights (0.1667, 0.3333) that no grid of tenths of a point or 0.5% shares holds,
 * and the Sub Total adds the exact fractions. The importer fits the weights exactly from the rows.
 */

const HIALEAH_2025 = '9d9a11e7-dcaf-4aca-88a6-44b3d9fedece.htm';
const SEMINOLE_RIDGE_2023 = '6d54a6e4-18aa-43bb-9baa-94ef98b64297.htm';

const weightsOf = (name: string) =>
  importRecapHtml(readRecapFixture(name), name).sections.map((section) => ({
    rounding: section.sheet.rounding ?? 'carry-rounded',
    weights: section.sheet.categories.map((category) =>
      category.captions.map((caption) => caption.subcaptions.map((line) => line.weight)),
    ),
  }));

/** The page with every printed number (`data-translate-number` cells, in page order) replaced. */
function withNumbers(html: string, numbers: string[]): string {
  let next = 0;
  const replaced = html.replace(
    /(<td class='content score' data-translate-number=')([^']*)('>)([^<]*)(<\/td>)/g,
    (...match) => {
      const number = numbers[next];
      next += 1;
      return `${match[1]}${number}${match[3]}${number}${match[5]}`;
    },
  );
  if (next !== numbers.length) throw new Error(`the page has ${next} numbers, ${numbers.length} given`);
  return replaced;
}

describe('sheets weighed by fractions printed through four digits', () => {
  it('imports Hialeah Gardens 2025 as a sixth and a third, carrying the fractions (129/6 + 124/3 = 62.833)', () => {
    expect(weightsOf(HIALEAH_2025)).toEqual([
      { rounding: 'carry-fractions', weights: [[[0.1667, 0.1667]], [[0.3333, 0.3333]]] },
    ]);
  });

  it('imports Seminole Ridge 2023 with the only four-digit weights its second judge allows (35.329 is no third of 106)', () => {
    // 56 x 0.3333 + 50 x 0.3333 = 35.3298 prints 35.330; 0.3332 / 0.3334 prints both rows, and the exact products
    // make both Sub Totals (58.8333, 56.5001)
    expect(weightsOf(SEMINOLE_RIDGE_2023)).toEqual([
      { rounding: 'carry-exact', weights: [[[0.1667, 0.1667]], [[0.3332, 0.3334]]] },
    ]);
  });

  it('reproduces a page of the kind with two groups whose Sub Totals only the fractions make', () => {
    // Seminole Ridge's markup with numbers made to the rule: 63/58 -> 20.171, 80/78 -> 52.661, 121/6 + 158/3 = 72.833
    // (the printed captions add to 72.832), and 66/61 -> 21.171, 77/73 -> 49.995, 127/6 + 150/3 = 71.167 (71.166)
    const html = withNumbers(readRecapFixture(SEMINOLE_RIDGE_2023), [
      ...['63', '58', '20.171', '80', '78', '52.661', '72.833', '', '72.833'],
      ...['66', '61', '21.171', '77', '73', '49.995', '71.167', '', '71.167'],
    ]);
    const [section] = importRecapHtml(html, 'two groups').sections;
    expect(section.sheet.rounding).toBe('carry-fractions');
    const results = tabulate(
      section.sheet,
      section.performances.map((performance, id) => ({
        id,
        performed: true,
        scores: performance.scores,
        penalty: performance.penalty,
      })),
    );
    expect(
      results.map((result) => [result.categories.map((category) => category.score), result.subtotal.score]),
    ).toEqual([
      [[20.171, 52.661], 72.833],
      [[21.171, 49.995], 71.167],
    ]);
    // the same sheet adding its printed captions misses both Sub Totals by a thousandth
    const rounded = tabulate(
      { ...section.sheet, rounding: 'carry-rounded' },
      section.performances.map((performance, id) => ({ id, performed: true, scores: performance.scores, penalty: 0 })),
    );
    expect(rounded.map((result) => result.subtotal.score)).toEqual([72.832, 71.166]);
  });
});
