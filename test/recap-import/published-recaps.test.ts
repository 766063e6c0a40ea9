import { describe, expect, it } from 'vitest';
import { RecapImportError } from '../../server/api/recap-import/errors.js';
import {
  importRecapHtml,
  type ImportedSection,
  type PublishedRanked,
} from '../../server/api/recap-import/to-import.js';
import { parseMicros, toMicros } from '../../server/api/tabulation/decimal.js';
import { tabulate } from '../../server/api/tabulation/tabulate.js';
import type { RankedNumber } from '../../server/api/tabulation/types.js';
import { listRecapFixtures, readRecapFixture } from '../fixtures/recaps/load.js';

/**
 * The proof: every published recap is parsed, imported, and re-tabulated from the imported subcaption scores and
 * penalties alone; every caption, panel, category, subtotal and total and every rank must equal the page's.
 *
 * Two pages cannot be reproduced from what they print and must be refused, with the reason in the message.
 */
const refusedPages: Record<string, RegExp> = {
  // TCGC championship recap: only the Equipment and Movement panels are printed, but Sub Total (82.040) also counts
  // captions that are not on the page (E 16.31 + M 16.43 = 32.74), and one Total includes an unprinted penalty.
  '6868d637-21da-4c69-84e5-be2900874350.htm':
    /section 1 \(Scholastic A, SA WHITE\), row 1 \("Cedar Park HS"\): Sub Total .* computes to 32\.74 but the page publishes 82\.04/,
  // FFCC Scholastic AAA: the two General Effect caption totals (20.171, 38.663) match no weighting of the printed
  // numbers (63/58, 59/57); the Sub Total is (63+58)/6 + (59+57)/3 unrounded, the printed captions are not.
  '6d54a6e4-18aa-43bb-9baa-94ef98b64297.htm':
    /caption "General Effect" \(K\. Horneffer\): no weights for Comp\/Excl reproduce the published caption totals/,
};

function differencesIn(section: ImportedSection): string[] {
  const differences: string[] = [];
  const results = tabulate(
    section.sheet,
    section.performances.map((performance, index) => ({
      id: index,
      performed: performance.performed,
      scores: performance.scores,
      penalty: performance.penalty,
    })),
  );
  const compare = (where: string, computed: RankedNumber, published: PublishedRanked | null, performed: boolean) => {
    if (!published || published.score === null) return;
    if (toMicros(computed.score) !== parseMicros(String(published.score))) {
      differences.push(`${where}: score ${computed.score} != published ${published.score}`);
    }
    if (performed && computed.rank !== published.rank) {
      differences.push(`${where}: rank ${computed.rank} != published ${published.rank}`);
    }
  };
  results.forEach((result, index) => {
    const performance = section.performances[index];
    const where = `${section.divisionName} ${section.roundName} "${performance.groupName}"`;
    if (!performance.performed) {
      // A listed group without scores: the page prints blank lines and zero totals (its printed rank is ignored).
      const printedTotal = performance.published.total.score;
      if (printedTotal !== null && printedTotal !== 0) differences.push(`${where}: unscored but total ${printedTotal}`);
      if (performance.scores.length > 0) differences.push(`${where}: unscored but has scores`);
      return;
    }
    result.categories.forEach((category, c) => {
      const printed = performance.published.categories[c];
      compare(`${where} category ${category.key}`, category, printed, true);
      category.panels.forEach((panel, p) => compare(`${where} panel ${panel.key}`, panel, printed.panels[p], true));
      category.captions.forEach((caption, k) => {
        compare(`${where} caption ${caption.key}`, caption, printed.captions[k], true);
        caption.subcaptions.forEach((subcaption, s) =>
          compare(`${where} ${caption.key}.${subcaption.key}`, subcaption, printed.captions[k].subcaptions[s], true),
        );
      });
    });
    compare(`${where} subtotal`, result.subtotal, performance.published.subtotal, true);
    compare(`${where} total`, result.total, performance.published.total, true);
    if (toMicros(result.penalty) !== toMicros(performance.published.penalty)) {
      differences.push(`${where}: penalty ${result.penalty} != published ${performance.published.penalty}`);
    }
  });
  return differences;
}

const pages = listRecapFixtures();

describe('published recaps', () => {
  it('has all 47 pages as fixtures', () => {
    expect(pages).toHaveLength(47);
  });

  it.each(pages.filter((name) => !(name in refusedPages)))('%s is reproduced number for number', (name) => {
    const recap = importRecapHtml(readRecapFixture(name), name);
    expect(recap.sections.length).toBeGreaterThan(0);
    let checkedNumbers = 0;
    for (const section of recap.sections) {
      expect(section.performances.some((performance) => performance.performed)).toBe(true);
      expect(differencesIn(section)).toEqual([]);
      checkedNumbers += section.performances.reduce((count, performance) => count + performance.scores.length, 0);
    }
    expect(checkedNumbers).toBeGreaterThan(0);
    for (const skipped of recap.skippedSections) expect(skipped.reason).toMatch(/festival|no scores published/);
  });

  it.each(Object.entries(refusedPages))('%s is refused with the reason', (name, reason) => {
    const read = () => importRecapHtml(readRecapFixture(name), name);
    expect(read).toThrow(RecapImportError);
    expect(read).toThrow(reason);
  });
});
