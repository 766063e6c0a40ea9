/** The proof of a derived sheet: re-tabulate the section and demand back every number and rank the page printed. */
import {
  ROUNDING_RULES,
  type PerformanceInput,
  type PerformanceResult,
  type RankedNumber,
  type ScoreSheet,
} from '../tabulation/types.js';
import { parseMicros } from '../tabulation/decimal.js';
import { hasFractionWeights } from '../tabulation/weight-fractions.js';
import { tabulate } from '../tabulation/tabulate.js';
import { RecapImportError } from './errors.js';
import type { ImportedPerformance, PublishedRanked } from './imported-recap.js';

/**
 * The first sheet, under the first rounding rule, that reproduces every published number; the first disagreement
 * when none does.
 */
export function firstConfirmed(
  sheets: Iterable<ScoreSheet>,
  performances: ImportedPerformance[],
  where: string,
): ScoreSheet {
  let firstError: unknown = null;
  for (const candidate of alternativeRoundings(sheets)) {
    try {
      confirmSheet(candidate, performances, where);
      return candidate;
    } catch (error) {
      if (!(error instanceof RecapImportError)) throw error;
      firstError ??= error;
    }
  }
  throw firstError;
}

/**
 * Each sheet under each rounding rule. A sheet whose weights are four-digit roundings of fractions (0.1667) is tried
 * carrying those fractions first, as the sheets that weigh by sixths and thirds do; on any other sheet that rule is
 * the same as carrying exact numbers, so it is not tried.
 */
function* alternativeRoundings(sheets: Iterable<ScoreSheet>): Generator<ScoreSheet> {
  for (const sheet of sheets) {
    const weights = sheet.categories.flatMap((category) =>
      category.captions.flatMap((caption) => caption.subcaptions.map((line) => parseMicros(String(line.weight)))),
    );
    const rules = hasFractionWeights(weights)
      ? (['carry-fractions', ...ROUNDING_RULES.filter((rule) => rule !== 'carry-fractions')] as const)
      : ROUNDING_RULES.filter((rule) => rule !== 'carry-fractions');
    for (const rounding of rules) yield rounding === 'carry-rounded' ? sheet : { ...sheet, rounding };
  }
}

interface Comparison {
  what: string;
  computed: RankedNumber;
  published: PublishedRanked | null;
  where: string;
}

/**
 * Re-tabulates the section with the derived sheet and demands every published subcaption, caption, panel, category,
 * subtotal and total number back, then every published rank (a group that did not perform included: the page ranks
 * it last, shared), so a wrong weight, combine or rounding rule, or a page that leaves captions out, is an error here.
 * A printed rank of 0 is no rank (2014 pages print 0 under every Sub Total).
 */
function confirmSheet(sheet: ScoreSheet, performances: ImportedPerformance[], where: string): void {
  const inputs: PerformanceInput[] = performances.map((performance, index) => ({
    id: index,
    performed: performance.performed,
    scores: performance.scores,
    penalty: performance.penalty,
  }));
  const comparisons = tabulate(sheet, inputs).flatMap((result, index) =>
    comparisonsOf(
      sheet,
      result,
      performances[index],
      `${where}, row ${index + 1} ("${performances[index].groupName}")`,
    ),
  );
  for (const { what, computed, published, where: rowWhere } of comparisons) {
    if (published?.score != null && parseMicros(String(computed.score)) !== parseMicros(String(published.score))) {
      throw new RecapImportError(
        `${rowWhere}: ${what} computes to ${computed.score} but the page publishes ${published.score}`,
      );
    }
  }
  for (const { what, computed, published, where: rowWhere } of comparisons) {
    if (published?.rank && computed.rank !== published.rank) {
      throw new RecapImportError(`${rowWhere}: ${what} ranks ${computed.rank} but the page ranks it ${published.rank}`);
    }
  }
}

/** Each computed number of one performance beside the number the page printed for it. */
function comparisonsOf(
  sheet: ScoreSheet,
  result: PerformanceResult,
  performance: ImportedPerformance,
  where: string,
): Comparison[] {
  const pairs: Omit<Comparison, 'where'>[] = [];
  result.categories.forEach((category, c) => {
    const printed = performance.published.categories[c];
    const categoryDef = sheet.categories[c];
    category.captions.forEach((caption, k) => {
      const name = `caption ${categoryDef.captions[k].name} (${caption.key})`;
      caption.subcaptions.forEach((subcaption, i) =>
        pairs.push({
          what: `${name} ${subcaption.key}`,
          computed: subcaption,
          published: printed.captions[k].subcaptions[i],
        }),
      );
      pairs.push({ what: name, computed: caption, published: printed.captions[k] });
    });
    category.panels.forEach((panel, p) =>
      pairs.push({ what: `panel ${panel.key}`, computed: panel, published: printed.panels[p] }),
    );
    pairs.push({
      what: `category ${categoryDef.name} (combined by ${categoryDef.combine})`,
      computed: category,
      published: printed,
    });
  });
  pairs.push({ what: 'Sub Total', computed: result.subtotal, published: performance.published.subtotal });
  pairs.push({ what: 'Total', computed: result.total, published: performance.published.total });
  return pairs.map((pair) => ({ ...pair, where }));
}
