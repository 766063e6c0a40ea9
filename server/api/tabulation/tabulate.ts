import type {
  CaptionDef,
  CaptionResult,
  CategoryResult,
  PerformanceInput,
  PerformanceResult,
  RoundingRule,
  ScoreSheet,
} from './types.js';
import { MICROS_PER_UNIT, fromMicros, toMicros } from './decimal.js';
import { averagePanel, combineCategory } from './combine.js';
import { addExact, fromMicrosExact, roundExact, scaleExact, subtractExact, weightedSum, type Exact } from './exact.js';
import { rankScores } from './rank.js';
import { PUBLISHED_FRACTION_DIGITS } from '../../../domain/scores.js';
import { carriedWeight } from './weight-fractions.js';

/**
 * Tabulates one division and round: caption totals from the judges' subcaption numbers and weights, doubled panels
 * averaged, categories combined by their rule, subtotal = sum of categories, total = subtotal - penalty (divided by
 * the sheet's total divisor), and the rank of every number; a performance that did not perform scores 0 on every
 * number and so ranks last, shared (as the published recaps print it).
 *
 * All arithmetic is exact (integer micros) and rounded once per published number, as `rounding.ts` describes.
 * Scores missing from a performed performance count as 0, as the scoring system does for a blank sheet line; use
 * `validateScores` to refuse incomplete input before tabulating.
 */
export function tabulate(sheet: ScoreSheet, performances: PerformanceInput[]): PerformanceResult[] {
  const computed = performances.map((performance) => computePerformance(sheet, performance));
  // A group that did not perform stands on every number with 0, as the published recaps rank it: last, shared.
  const rankOf = (pick: (performance: ComputedPerformance) => number) => rankScores(computed.map(pick)) as number[];

  const subtotalRanks = rankOf((performance) => performance.subtotal);
  const totalRanks = rankOf((performance) => performance.total);
  const categoryRanks = sheet.categories.map((_, c) => rankOf((performance) => performance.categories[c].score));
  const panelRanks = sheet.categories.map((category, c) =>
    panelKeys(category.captions).map((_, p) => rankOf((performance) => performance.categories[c].panels[p])),
  );
  const captionRanks = sheet.categories.map((category, c) =>
    category.captions.map((_, k) => rankOf((performance) => performance.categories[c].captions[k].score)),
  );
  const subcaptionRanks = sheet.categories.map((category, c) =>
    category.captions.map((caption, k) =>
      caption.subcaptions.map((_, s) => rankOf((performance) => performance.categories[c].captions[k].subcaptions[s])),
    ),
  );

  return computed.map((performance, index) => ({
    id: performance.id,
    performed: performance.performed,
    categories: sheet.categories.map((category, c): CategoryResult => {
      const computedCategory = performance.categories[c];
      return {
        key: category.key,
        score: fromMicros(computedCategory.score),
        rank: categoryRanks[c][index],
        panels: panelKeys(category.captions).map((key, p) => ({
          key,
          score: fromMicros(computedCategory.panels[p]),
          rank: panelRanks[c][p][index],
        })),
        captions: category.captions.map((caption, k): CaptionResult => ({
          key: caption.key,
          score: fromMicros(computedCategory.captions[k].score),
          rank: captionRanks[c][k][index],
          subcaptions: caption.subcaptions.map((subcaption, s) => ({
            key: subcaption.key,
            score: fromMicros(computedCategory.captions[k].subcaptions[s]),
            rank: subcaptionRanks[c][k][s][index],
          })),
        })),
      };
    }),
    subtotal: { score: fromMicros(performance.subtotal), rank: subtotalRanks[index] },
    penalty: fromMicros(performance.penalty),
    total: { score: fromMicros(performance.total), rank: totalRanks[index] },
  }));
}

interface ComputedPerformance {
  id: string | number;
  performed: boolean;
  categories: {
    score: number;
    panels: number[];
    captions: { score: number; subcaptions: number[] }[];
  }[];
  subtotal: number;
  penalty: number;
  total: number;
}

/** Panel keys of a category in the order their first caption appears. */
export function panelKeys(captions: readonly CaptionDef[]): string[] {
  const keys: string[] = [];
  for (const caption of captions) {
    if (caption.panel !== undefined && !keys.includes(caption.panel)) keys.push(caption.panel);
  }
  return keys;
}

function computePerformance(sheet: ScoreSheet, performance: PerformanceInput): ComputedPerformance {
  if (!performance.performed) {
    return {
      id: performance.id,
      performed: false,
      categories: sheet.categories.map((category) => ({
        score: 0,
        panels: panelKeys(category.captions).map(() => 0),
        captions: category.captions.map((caption) => ({ score: 0, subcaptions: caption.subcaptions.map(() => 0) })),
      })),
      subtotal: 0,
      penalty: 0,
      total: 0,
    };
  }
  const penalty = toMicros(performance.penalty);
  const raw = new Map<string, number>();
  for (const score of performance.scores)
    raw.set(`${score.captionKey}\u0000${score.subcaptionKey}`, toMicros(score.score));
  const rounding = roundingOf(sheet);
  const digits = sheet.publishedDigits ?? PUBLISHED_FRACTION_DIGITS;
  // Each number is published rounded; what the next step adds up is either that rounded number or the exact one.
  // A 'carry-fractions' sheet keeps two exact values: what its captions, panels and categories print (through the
  // four-digit weights, `shown`), and what the Sub Total adds (the fractions those weights stand for, `carried`).
  const publish = (shown: Exact, fractions: Exact = shown) => {
    const printed = roundExact(shown, digits);
    if (rounding === 'carry-rounded') {
      const carried = fromMicrosExact(printed);
      return { printed, shown: carried, carried };
    }
    return { printed, shown, carried: rounding === 'carry-fractions' ? fractions : shown };
  };

  const categories = sheet.categories.map((category) => {
    const captions = category.captions.map((caption) => {
      const subcaptions = caption.subcaptions.map(
        (subcaption) => raw.get(`${caption.key}\u0000${subcaption.key}`) ?? 0,
      );
      const weights = caption.subcaptions.map((subcaption) => toMicros(subcaption.weight));
      const shown = weightedSum(subcaptions, weights);
      return {
        ...publish(shown, rounding === 'carry-fractions' ? fractionSum(subcaptions, weights) : shown),
        subcaptions,
      };
    });
    const keys = panelKeys(category.captions);
    const inPanel = (key: string) => captions.filter((_, k) => category.captions[k].panel === key);
    const panels = keys.map((key) =>
      publish(
        averagePanel(inPanel(key).map((caption) => caption.shown)),
        averagePanel(inPanel(key).map((caption) => caption.carried)),
      ),
    );
    const alone = captions.filter((_, k) => category.captions[k].panel === undefined);
    const units = [...panels, ...alone];
    return {
      ...publish(
        combineCategory(
          category.combine,
          units.map((unit) => unit.shown),
        ),
        combineCategory(
          category.combine,
          units.map((unit) => unit.carried),
        ),
      ),
      panels,
      captions,
    };
  });
  const subtotal = publish(
    scaleExact(
      addExact(categories.map((category) => category.carried)),
      BigInt(toMicros(sheet.subtotalScale ?? 1)),
      MICROS,
    ),
  );
  const divisor = BigInt(sheet.totalDivisor ?? 1);
  const total = scaleExact(subtractExact(subtotal.carried, fromMicrosExact(penalty)), 1n, divisor);
  return {
    id: performance.id,
    performed: true,
    categories: categories.map((category) => ({
      score: category.printed,
      panels: category.panels.map((panel) => panel.printed),
      captions: category.captions.map((caption) => ({ score: caption.printed, subcaptions: caption.subcaptions })),
    })),
    subtotal: subtotal.printed,
    penalty,
    total: roundExact(total, digits),
  };
}

const MICROS = BigInt(MICROS_PER_UNIT);

/** Raw numbers (micros) times the fractions their weights stand for, exactly. */
function fractionSum(values: readonly number[], weights: readonly number[]): Exact {
  return addExact(values.map((value, i) => scaleExact(carriedWeight(weights[i]), BigInt(value), MICROS)));
}

function roundingOf(sheet: ScoreSheet): RoundingRule {
  return sheet.rounding ?? 'carry-rounded';
}
