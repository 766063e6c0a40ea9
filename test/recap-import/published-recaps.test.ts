import { describe, expect, it } from 'vitest';
import { RecapImportError } from '../../server/api/recap-import/errors.js';
import { checkRecap } from '../../server/api/recap-import/load-recap.js';
import {
  importRecapHtml,
  type ImportedSection,
  type PublishedRanked,
} from '../../server/api/recap-import/to-import.js';
import { parseMicros, toMicros } from '../../server/api/tabulation/decimal.js';
import { tabulate } from '../../server/api/tabulation/tabulate.js';
import type { RankedNumber } from '../../server/api/tabulation/types.js';
import { listRecapFixtures, readRecapFixture } from '../fixtures/recaps/load.js';
import { REFUSED_RECAP_PAGES } from '../fixtures/recaps/refused.js';

/**
 * The proof: every published recap is parsed, imported, and re-tabulated from the imported subcaption scores and
 * penalties alone; every caption, panel, category, subtotal and total and every rank must equal the page's, the
 * ranks of groups that did not perform included (the pages rank them last, shared).
 * The pages of REFUSED_RECAP_PAGES cannot be reproduced from what they print and must be refused, with the reason
 * in the message.
 */

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
  const compare = (where: string, computed: RankedNumber, published: PublishedRanked | null) => {
    if (!published) return;
    if (published.score !== null && toMicros(computed.score) !== parseMicros(String(published.score))) {
      differences.push(`${where}: score ${computed.score} != published ${published.score}`);
    }
    // a printed rank of 0 is no rank (2014 pages print 0 under every Sub Total)
    if (published.rank && computed.rank !== published.rank) {
      differences.push(`${where}: rank ${computed.rank} != published ${published.rank}`);
    }
  };
  results.forEach((result, index) => {
    const performance = section.performances[index];
    const where = `${section.divisionName} ${section.roundName} "${performance.groupName}"`;
    if (!performance.performed && performance.scores.length > 0) differences.push(`${where}: unscored but has scores`);
    result.categories.forEach((category, c) => {
      const printed = performance.published.categories[c];
      compare(`${where} category ${category.key}`, category, printed);
      category.panels.forEach((panel, p) => compare(`${where} panel ${panel.key}`, panel, printed.panels[p]));
      category.captions.forEach((caption, k) => {
        compare(`${where} caption ${caption.key}`, caption, printed.captions[k]);
        caption.subcaptions.forEach((subcaption, s) =>
          compare(`${where} ${caption.key}.${subcaption.key}`, subcaption, printed.captions[k].subcaptions[s]),
        );
      });
    });
    compare(`${where} subtotal`, result.subtotal, performance.published.subtotal);
    compare(`${where} total`, result.total, performance.published.total);
    if (toMicros(result.penalty) !== toMicros(performance.published.penalty)) {
      differences.push(`${where}: penalty ${result.penalty} != published ${performance.published.penalty}`);
    }
  });
  return differences;
}

const pages = listRecapFixtures();

describe('published recaps', () => {
  it('has all 96 pages as fixtures', () => {
    expect(pages).toHaveLength(96);
  });

  it.each(pages.filter((name) => !REFUSED_RECAP_PAGES.has(name)))('%s is reproduced number for number', (name) => {
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

  it.each([...REFUSED_RECAP_PAGES])('%s is refused with the reason', (name, reason) => {
    const read = () => checkRecap({ name, html: readRecapFixture(name) });
    expect(read).toThrow(RecapImportError);
    expect(read).toThrow(reason);
  });
});
