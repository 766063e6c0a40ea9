import { describe, expect, it } from 'vitest';
import { loadRecapFixtures } from '../fixtures/recaps/load.js';
import { importRecapHtml, type ImportedSection } from '../../server/api/recap-import/to-import.js';
import { closePlacements } from '../../src/features/competitions/utils/decided-it.js';
import type { DivisionRoundScores, PerformanceScores } from '../../src/features/competitions/utils/recap-types.js';

/**
 * "What decided it" over every real published recap (test/fixtures/recaps): summed, averaged, summed and halved and
 * weighted categories, doubled panels, penalties, scaled subtotals. For every close placement the listed
 * contributions (each caption as it counts in the total), the penalties and the rounding line add up to the published
 * margin to the thousandth, and the rounding line is no more than what the printed roundings can make: a caption
 * counted at the wrong share (a summed doubled panel's judge "counting half") leaves tenths unexplained.
 */

/** A section as v2 serves it to the app (recap-from-v2.ts): every judge a caption, numbers as printed. */
function asServed(section: ImportedSection, index: number): DivisionRoundScores {
  const { sheet } = section;
  const performances: PerformanceScores[] = section.performances.map((performance, p) => {
    const { published } = performance;
    const subtotal = published.subtotal?.score ?? published.total.score!;
    const total = published.total.score!;
    return {
      performanceId: `s${index}-${p}`,
      group: { name: performance.groupName, orgGroupIdentifier: String(p), location: null, href: '/' },
      performed: performance.performed,
      noScoreReason: performance.noScoreReason ?? '',
      total: { score: total, rank: published.total.rank },
      subtotal: { score: subtotal, rank: published.subtotal?.rank ?? null },
      penalty: performance.performed ? (Math.round(subtotal * 1000) - Math.round(total * 1000)) / 1000 : 0,
      categories: performance.performed
        ? published.categories.map((category) => ({
            key: category.key,
            score: category.score!,
            rank: category.rank,
            captions: category.captions
              .filter((caption) => caption.score !== null)
              .map((caption) => ({ key: caption.key, score: caption.score!, rank: caption.rank, subcaptions: [] })),
          }))
        : [],
    };
  });
  return {
    division: { id: `d${index}`, name: section.divisionName, initials: '' },
    round: { number: section.roundNumber, name: section.roundName },
    sheet: {
      categories: sheet.categories.map((category) => ({
        key: category.key,
        name: category.name,
        printsTotal: true,
        captions: category.captions.map((caption) => ({
          key: caption.key,
          name: caption.name,
          initials: caption.initials,
          judge: null,
          subcaptions: [],
        })),
      })),
    },
    performances,
  };
}

const thousandths = (score: number) => Math.round(score * 1000);

describe('what decided it, over every published recap', () => {
  it('adds every close placement up to its published margin', () => {
    const problems: string[] = [];
    let placements = 0;
    for (const fixture of loadRecapFixtures()) {
      let recap;
      try {
        recap = importRecapHtml(fixture.html, fixture.name);
      } catch {
        continue; // the pages the importer refuses (test/fixtures/recaps/refused.ts) are not served
      }
      recap.sections.forEach((imported, index) => {
        const section = asServed(imported, index);
        for (const placement of closePlacements(section)) {
          placements++;
          const where = `${fixture.name} ${section.division.name} ${section.round.name}: ${placement.upper.group.name} over ${placement.lower.group.name}`;
          const listed =
            placement.categories
              .flatMap((category) => category.captions)
              .reduce((sum, c) => sum + thousandths(c.counts), 0) +
            thousandths(placement.penaltyCounts) +
            thousandths(placement.rounding);
          // the lower group's side: what it gained (+) and lost (−) adds up to minus the margin
          if (process.env.DEBUG_DECIDED && placement.rounding !== 0)
            console.log('R', placement.rounding, placement.roundingBound, where);
          if (listed !== -thousandths(placement.margin))
            problems.push(`${where}: listed ${listed}, margin ${placement.margin}`);
          if (Math.abs(thousandths(placement.rounding)) > placement.roundingBound * 1000 + 1e-6)
            problems.push(
              `${where}: ${placement.rounding} unexplained (printed roundings explain ${placement.roundingBound})`,
            );
        }
      });
    }
    expect(placements).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    // the importer proves every page by re-tabulating it: a minute on a busy machine
  }, 180_000);
});
