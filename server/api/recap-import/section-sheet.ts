/**
 * The parts of a section's score sheet the page does not print but its numbers imply: each category's combine rule,
 * the candidate weights of each caption's lines, the digits, the Sub Total's scale and the Total's divisor. Each is
 * a first guess that `confirm-sheet.ts` then proves against every published number.
 */
import {
  COMBINE_RULES,
  type CaptionDef,
  type CategoryDef,
  type CombineRule,
  type ScoreSheet,
} from '../tabulation/types.js';
import { fromMicros, parseMicros } from '../tabulation/decimal.js';
import { PUBLISHED_FRACTION_DIGITS } from '../../../domain/scores.js';
import type { RecapLayout } from '../../../domain/score-sheet.js';
import { knownSheets } from '../../../domain/score-sheets/index.js';
import { panelKeys } from '../tabulation/tabulate.js';
import { RecapImportError } from './errors.js';
import type { ImportedPerformance } from './imported-recap.js';
import type { ParsedSection, PublishedNumber } from './parse-recap.js';

/** One caption of the section's sheet, where the page prints it, and the weights that fit its rows. */
export interface CaptionPlan {
  category: number;
  caption: number;
  def: CaptionDef;
  /** every set of weights (micros) that reproduces the caption's printed totals, the likeliest first */
  weightChoices: number[][];
}

/** Sheets to try are bounded: a caption rarely has more than two weightings that fit its rows. */
const MAX_WEIGHT_ALTERNATIVES = 64;

/**
 * The section's sheet with each combination of its captions' candidate weights, the likeliest first. Two weightings
 * can both reproduce every caption total (25 x 35% = 0.0875 and 0.088 both print 20.088 for 81/80) and differ only
 * in the Sub Total of a sheet that carries exact numbers; the section's other numbers decide.
 */
export function* weightAlternatives(base: ScoreSheet, plans: CaptionPlan[]): Generator<ScoreSheet> {
  const choice = plans.map(() => 0);
  for (let produced = 0; produced < MAX_WEIGHT_ALTERNATIVES; produced += 1) {
    const weightsOf = new Map(plans.map((plan, i) => [plan.def.key, plan.weightChoices[choice[i]]]));
    yield {
      ...base,
      categories: base.categories.map((category) => ({
        ...category,
        captions: category.captions.map((caption) => {
          const weights = weightsOf.get(caption.key)!;
          return {
            ...caption,
            subcaptions: caption.subcaptions.map((line, s) => ({ ...line, weight: fromMicros(weights[s]) })),
          };
        }),
      })),
    };
    let position = plans.length - 1;
    while (position >= 0 && choice[position] === plans[position].weightChoices.length - 1) {
      choice[position] = 0;
      position -= 1;
    }
    if (position < 0) return;
    choice[position] += 1;
  }
}

/** The sheet before its weights are chosen: categories, digits, Sub Total scale and Total divisor. */
export function baseSheet(
  section: ParsedSection,
  categories: CategoryDef[],
  performances: ImportedPerformance[],
  where: string,
): ScoreSheet {
  const divisor = totalDivisorFor(performances, categories.length, where);
  const scale = subtotalScaleFor(performances);
  const digits = publishedDigitsOf(section);
  return {
    name: section.categories.map((category) => category.name).join(' / '),
    categories,
    ...(digits === PUBLISHED_FRACTION_DIGITS ? {} : { publishedDigits: digits }),
    ...(scale === 1 ? {} : { subtotalScale: scale }),
    ...(divisor === 1 ? {} : { totalDivisor: divisor }),
    ...layoutOf(section, categories),
  };
}

/**
 * What the page prints apart from the usual layout (`RecapLayout`), so our published page of the imported
 * competition prints the same columns (decision 088): no Sub Total, a penalty block other than one "Pen" column,
 * a category of several captions without its total or one caption with it, a caption without its total, and
 * whether the grid has a location column (the page's choice; the group's location is shared by every competition).
 */
function layoutOf(section: ParsedSection, categories: CategoryDef[]): Pick<ScoreSheet, 'layout'> {
  const layout: RecapLayout = {};
  if (!section.hasSubtotal) layout.subtotal = false;
  const headers = section.groups[0]?.penalties.map((entry) => entry.header) ?? ['Pen'];
  // a block per column where several columns have no total of their own (two "Timing & Penalties" blocks, one
  // judge's each), else one block ("Pen" and its "Tot")
  const perJudge = headers.length > 1 && !headers.some((header) => /^tot/i.test(header));
  const penalties = perJudge ? headers.map((header) => [header]) : headers.length > 0 ? [headers] : [];
  if (!(penalties.length === 1 && penalties[0].length === 1 && penalties[0][0] === 'Pen')) layout.penalties = penalties;
  const totals = section.categories.map((category) => category.hasTotal);
  if (totals.some((printed, c) => printed !== categories[c].captions.length > 1)) layout.categoryTotals = totals;
  const untotalled = section.categories.flatMap((category, c) =>
    category.captions.flatMap((caption, k) => (caption.totalHeader ? [] : [categories[c].captions[k].key])),
  );
  if (untotalled.length > 0) layout.untotalled = untotalled;
  layout.locations = section.hasLocationColumn;
  return Object.keys(layout).length > 0 ? { layout } : {};
}

/**
 * The combine rule of a category: the activity's usual one first (drum corps General Effect panels summed and the
 * other drum corps categories summed then halved; General Effect judges summed, halved where four sit; other doubled
 * captions averaged), unless the page's printed category totals say otherwise (TCGC percussion averages its two
 * General Effect judges). `confirmSheet` then checks the rule against every published number.
 */
export function combineRuleFor(
  section: ParsedSection,
  c: number,
  captions: CaptionDef[],
  performed: boolean[],
): CombineRule {
  const category = section.categories[c];
  const units = panelKeys(captions).length + captions.filter((caption) => caption.panel === undefined).length;
  if (units === 1) return 'sum';
  const drumCorps = section.categories.some((entry) => entry.panels.length > 0);
  const generalEffect = /general effect/i.test(category.name);
  const usual: CombineRule = drumCorps
    ? generalEffect
      ? 'sum'
      : 'sum-half'
    : generalEffect
      ? units === 4
        ? 'sum-half'
        : 'sum'
      : 'average';
  const rules: CombineRule[] = [usual, ...COMBINE_RULES.filter((rule) => rule !== usual)];
  const rows = printedCombinations(section, c, captions, performed, units);
  // within a thousandth: the units are printed rounded, and some sheets carry them unrounded
  const fits = (rule: CombineRule) =>
    rows.every((row) => Math.abs(combinedApproximately(rule, row.units) - row.total) <= 0.0011);
  return rules.find(fits) ?? usual;
}

/** Each performed group's printed category total with the printed numbers of the units (panels, captions) under it. */
function printedCombinations(
  section: ParsedSection,
  c: number,
  captions: CaptionDef[],
  performed: boolean[],
  units: number,
): { total: number; units: number[] }[] {
  const category = section.categories[c];
  return section.groups.flatMap((group, g) => {
    const printed = group.categories[c];
    if (!performed[g] || !printed.total) return [];
    const unitNumbers = [
      ...panelKeys(captions).map((key) => {
        const first = captions.findIndex((caption) => caption.panel === key);
        const panelIndex = category.captions[first].panelIndex;
        return panelIndex === null ? null : printed.panels[panelIndex];
      }),
      ...captions.flatMap((caption, k) =>
        caption.panel === undefined ? [printed.captions[k].total ?? printed.captions[k].subcaptions[0]] : [],
      ),
    ];
    const values = [printed.total, ...unitNumbers].map((number) =>
      number && number.text !== '' ? Number(number.text) : Number.NaN,
    );
    return values.some(Number.isNaN) || unitNumbers.length !== units
      ? []
      : [{ total: values[0], units: values.slice(1) }];
  });
}

function combinedApproximately(rule: CombineRule, units: number[]): number {
  const sum = units.reduce((total, value) => total + value, 0);
  return rule === 'sum' ? sum : rule === 'average' ? sum / units.length : sum / 2;
}

/** Weights of the known sheets' captions with the same lines: of a caption of the same name first, then any. */
export function catalogueWeights(
  categoryName: string,
  captionName: string,
  lines: string[],
): { sameCaption: number[][]; sameLines: number[][] } {
  const wanted = lines.map((line) => line.toLowerCase());
  const byName: number[][] = [];
  const byLines: number[][] = [];
  for (const sheet of knownSheets) {
    for (const category of sheet.categories) {
      for (const caption of category.captions) {
        const names = caption.subcaptions.map((subcaption) => subcaption.name.toLowerCase());
        if (names.length !== wanted.length || names.some((name, i) => name !== wanted[i])) continue;
        const weights = caption.subcaptions.map((subcaption) => parseMicros(String(subcaption.weight)));
        const sameName = [caption.name, category.name].some((name) =>
          [captionName, categoryName].some((printed) => printed.toLowerCase() === name.toLowerCase()),
        );
        const target = sameName ? byName : byLines;
        if (!target.some((known) => known.every((weight, i) => weight === weights[i]))) target.push(weights);
      }
    }
  }
  return { sameCaption: byName, sameLines: byLines };
}

/** Four when the section prints any computed number with four fraction digits (see `ScoreSheet.publishedDigits`). */
function publishedDigitsOf(section: ParsedSection): number {
  const fourDigits = (number: PublishedNumber | null) => number !== null && /\.\d{4}$/.test(number.text);
  const printsFour = section.groups.some(
    (group) =>
      fourDigits(group.total) ||
      fourDigits(group.subtotal) ||
      group.categories.some((category) => fourDigits(category.total) || category.panels.some(fourDigits)),
  );
  return printsFour ? 4 : PUBLISHED_FRACTION_DIGITS;
}

/**
 * Sub Total is the sum of the categories everywhere except where a class is judged on a smaller sheet and scaled up
 * (TCGC Cadet: 1.25 x the sum); the scale is read from the first scored group, to hundredths, and confirmed with all
 * of them in `confirmSheet`.
 */
function subtotalScaleFor(performances: ImportedPerformance[]): number {
  for (const performance of performances) {
    const { categories, subtotal } = performance.published;
    if (!performance.performed || !subtotal?.score || categories.some((category) => category.score === null)) continue;
    const sum = categories.reduce((total, category) => total + parseMicros(String(category.score)), 0);
    const printed = parseMicros(String(subtotal.score));
    if (sum === printed || sum === 0) return 1;
    const scale = Math.round((printed / sum) * 100) / 100;
    return Math.abs(sum * scale - printed) <= 500 ? scale : 1;
  }
  return 1;
}

/**
 * Total is subtotal minus penalty everywhere except drum corps SoundSport, whose published total is the mean of its
 * captions; the divisor is read from the first scored group and confirmed with all of them in `confirmSheet`.
 */
function totalDivisorFor(performances: ImportedPerformance[], categoryCount: number, where: string): number {
  const first = performances.find((performance) => performance.performed && performance.published.subtotal?.score);
  if (!first) return 1;
  const subtotal = parseMicros(String(first.published.subtotal?.score ?? 0));
  const total = parseMicros(String(first.published.total.score ?? 0));
  const penalty = parseMicros(String(first.penalty));
  if (subtotal - penalty === total) return 1;
  if (categoryCount > 1 && penalty === 0 && Math.abs(subtotal / categoryCount - total) < 1_000) return categoryCount;
  throw new RecapImportError(
    `${where}, "${first.groupName}": total ${fromMicros(total)} is neither Sub Total ${fromMicros(subtotal)} minus ` +
      `penalty ${fromMicros(penalty)} nor their mean`,
  );
}
