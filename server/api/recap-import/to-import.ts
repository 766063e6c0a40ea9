import {
  COMBINE_RULES,
  ROUNDING_RULES,
  type CaptionDef,
  type CategoryDef,
  type CombineRule,
  type PerformanceInput,
  type RankedNumber,
  type ScoreSheet,
  type SubcaptionScore,
} from '../tabulation/types.js';
import { fromMicros, parseMicros } from '../tabulation/decimal.js';
import { PUBLISHED_FRACTION_DIGITS } from '../../../domain/scores.js';
import { knownSheets } from '../../../domain/score-sheets/index.js';
import { hasFractionWeights } from '../tabulation/weight-fractions.js';
import { panelKeys, tabulate } from '../tabulation/tabulate.js';
import { RecapImportError } from './errors.js';
import { inferWeights, type CaptionRow } from './infer-weights.js';
import { splitJudgeName, type JudgeName } from './judge-name.js';
import { initialsOf, slug, uniqueKey } from './keys.js';
import {
  parseRecapPage,
  type ParsedCategory,
  type ParsedGroup,
  type ParsedRecapPage,
  type ParsedSection,
  type PublishedNumber,
} from './parse-recap.js';

/** A published number with its published rank; score null where the cell is blank. */
export interface PublishedRanked {
  score: number | null;
  rank: number | null;
}

export interface PublishedCategory extends PublishedRanked {
  key: string;
  panels: (PublishedRanked & { key: string })[];
  captions: (PublishedRanked & { key: string; subcaptions: (PublishedRanked & { key: string })[] })[];
}

/** Everything the page printed for one group, keyed like the sheet, to check a re-tabulation against. */
export interface PublishedNumbers {
  /**
   * A category's number is its printed total column when the page has one, otherwise the number of its only caption
   * (single-judge categories print no separate total).
   */
  categories: PublishedCategory[];
  subtotal: PublishedRanked | null;
  penalty: number;
  total: PublishedRanked;
}

export interface ImportedPerformance {
  groupName: string;
  groupLocation: string;
  performed: boolean;
  /** why a listed group has no scores ("no scores published"), null when it performed */
  noScoreReason: string | null;
  scores: SubcaptionScore[];
  penalty: number;
  published: PublishedNumbers;
}

export interface ImportedJudge extends JudgeName {
  captionKey: string;
}

export interface ImportedSection {
  divisionName: string;
  /** from "Round N" in the section's label, else the section's position among the page's sections of its division */
  roundNumber: number;
  /** the section's label as printed ("Round 5", "Red Round", "SA WHITE"), "" when it has none */
  roundName: string;
  sheet: ScoreSheet;
  judges: ImportedJudge[];
  /** the judge of timing and penalties, when the page names one */
  penaltyJudge: JudgeName | null;
  performances: ImportedPerformance[];
}

/**
 * A section the importer deliberately leaves out, with the reason: festival sections publish words, not scores,
 * and some sections list their groups without any scores.
 */
export interface SkippedSection {
  divisionName: string;
  roundName: string;
  reason: string;
}

export interface ImportedRecap {
  title: string;
  location: string;
  /** ISO yyyy-mm-dd, null when the page prints no event date */
  date: string | null;
  chiefJudge: string | null;
  sections: ImportedSection[];
  skippedSections: SkippedSection[];
}

/** Parses and imports a recap page in one step. `source` names the page in error messages. */
export function importRecapHtml(html: string, source = 'recap page'): ImportedRecap {
  return toImportedRecap(parseRecapPage(html, source), source);
}

/**
 * Turns a parsed page into score sheets, raw scores and penalties, and proves the sheet by re-tabulating every
 * section and comparing every subcaption, caption, panel, category, subtotal and total number and rank with the
 * published ones. Throws `RecapImportError` on the first thing it cannot read or reproduce; it never returns part
 * of a page.
 */
export function toImportedRecap(page: ParsedRecapPage, source = 'recap page'): ImportedRecap {
  const pageRows = collectPageRows(page, source);
  const sections: ImportedSection[] = [];
  const skippedSections: SkippedSection[] = [];
  const seenPerDivision = new Map<string, number>();
  for (const section of page.sections) {
    const ordinal = (seenPerDivision.get(section.divisionName) ?? 0) + 1;
    seenPerDivision.set(section.divisionName, ordinal);
    const where = `${source}, section ${section.index} (${section.divisionName || 'no division name'}${
      section.roundLabel ? `, ${section.roundLabel}` : ''
    })`;
    if (section.scoring === 'ratings') {
      skippedSections.push({
        divisionName: section.divisionName,
        roundName: section.roundLabel,
        reason: 'festival section: published ratings are words ("Excellent"), not scores',
      });
      continue;
    }
    if (!section.groups.some((group, g) => scoredState(group, `${where}, row ${g + 1}`).performed)) {
      skippedSections.push({
        divisionName: section.divisionName,
        roundName: section.roundLabel,
        reason: 'no scores published: every group is listed without scores',
      });
      continue;
    }
    sections.push(importSection(section, ordinal, pageRows, where));
  }
  return {
    title: page.title,
    location: page.location,
    date: page.date,
    chiefJudge: page.chiefJudge,
    sections,
    skippedSections,
  };
}

function roundNumberOf(label: string, ordinal: number): number {
  const match = /\bround\s+(\d+)\b/i.exec(label);
  return match ? Number(match[1]) : ordinal;
}

function captionSignature(category: ParsedCategory, captionIndex: number): string {
  const caption = category.captions[captionIndex];
  return [category.name, caption.name, caption.subcaptions.join('/'), caption.totalHeader].join('|').toLowerCase();
}

function numberOf(published: PublishedNumber, where: string): number | null {
  if (published.text === '') return null;
  try {
    return parseMicros(published.text);
  } catch {
    throw new RecapImportError(`${where}: "${published.text}" is not a number`);
  }
}

/**
 * Rows of every caption on the page, by caption and then by section, so a section with one or two groups can borrow
 * the evidence of another judged on the same sheet.
 */
function collectPageRows(page: ParsedRecapPage, source: string): Map<string, CaptionRow[][]> {
  const rows = new Map<string, CaptionRow[][]>();
  for (const section of page.sections) {
    if (section.scoring !== 'scores') continue;
    section.categories.forEach((category, c) => {
      category.captions.forEach((_, k) => {
        const signature = captionSignature(category, k);
        const sectionRows = section.groups.flatMap((group) => {
          const row = captionRow(group, c, k, `${source}, section ${section.index}, "${group.name}"`);
          return row ? [row] : [];
        });
        if (sectionRows.length > 0) rows.set(signature, [...(rows.get(signature) ?? []), sectionRows]);
      });
    });
  }
  return rows;
}

function captionRow(group: ParsedGroup, category: number, caption: number, where: string): CaptionRow | null {
  const printed = group.categories[category].captions[caption];
  const raw = printed.subcaptions.map((number) => numberOf(number, where));
  if (raw.some((value) => value === null)) return null;
  const total = numberOf(printed.total ?? printed.subcaptions[0], where);
  if (total === null) return null;
  return { raw: raw as number[], total };
}

interface CaptionPlan {
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
function* weightAlternatives(base: ScoreSheet, plans: CaptionPlan[]): Generator<ScoreSheet> {
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

function importSection(
  section: ParsedSection,
  ordinal: number,
  pageRows: Map<string, CaptionRow[][]>,
  where: string,
): ImportedSection {
  if (section.categories.length === 0) throw new RecapImportError(`${where}: no scored categories`);
  const states = section.groups.map((group, g) => scoredState(group, `${where}, row ${g + 1} ("${group.name}")`));
  const performedFlags = states.map((state) => state.performed);
  const captionKeys = new Set<string>();
  const categoryKeys = new Set<string>();
  const panelKeySet = new Set<string>();
  const plans: CaptionPlan[] = [];

  const categories: CategoryDef[] = section.categories.map((category, c) => {
    const categoryKey = uniqueKey(slug(category.name), categoryKeys);
    const panelKeyOf = new Map<number, string>();
    category.panels.forEach((panel, p) => {
      if (panel.captionIndexes.length > 1) panelKeyOf.set(p, uniqueKey(slug(panel.name), panelKeySet));
    });
    const captions = category.captions.map((caption, k): CaptionDef => {
      const captionWhere = `${where}, caption "${caption.name}" (${caption.judge || 'no judge name'})`;
      const rows = section.groups.flatMap((group, g) =>
        performedFlags[g]
          ? [captionRow(group, c, k, `${captionWhere}, row ${g + 1}`)].filter((row) => row !== null)
          : [],
      );
      const plain = !/\*/.test(caption.totalHeader);
      const subcaptionKeys = new Set<string>();
      const candidates = inferWeights({
        rows,
        pageRows: pageRows.get(captionSignature(category, k)) ?? [],
        plain,
        catalogue: catalogueWeights(category.name, caption.name, caption.subcaptions),
      });
      const weights = candidates[0];
      if (!weights) {
        const example = rows[0];
        throw new RecapImportError(
          `${captionWhere}: no weights for ${caption.subcaptions.join('/')} reproduce the published caption totals` +
            (example
              ? ` (e.g. ${example.raw.map(fromMicros).join(', ')} -> ${fromMicros(example.total)})`
              : ' (no scored rows)'),
        );
      }
      const panel = caption.panelIndex !== null ? panelKeyOf.get(caption.panelIndex) : undefined;
      const def: CaptionDef = {
        key: uniqueKey(slug(caption.name === category.name ? categoryKey : caption.name), captionKeys),
        name: caption.name,
        initials: initialsOf(caption.name),
        weighted: !plain,
        subcaptions: caption.subcaptions.map((name, s) => ({
          key: uniqueKey(slug(name), subcaptionKeys),
          name,
          initials: name,
          max: 100,
          weight: fromMicros(weights[s]),
        })),
        ...(panel === undefined ? {} : { panel }),
      };
      plans.push({ category: c, caption: k, def, weightChoices: candidates });
      return def;
    });
    return {
      key: categoryKey,
      name: category.name,
      combine: combineRuleFor(section, c, captions, performedFlags),
      captions,
    };
  });

  const performances = section.groups.map((group, g) =>
    importPerformance(group, states[g], categories, plans, section, `${where}, row ${g + 1} ("${group.name}")`),
  );
  const divisor = totalDivisorFor(performances, categories.length, where);
  const scale = subtotalScaleFor(performances);
  const digits = publishedDigitsOf(section);
  const base: ScoreSheet = {
    name: sheetName(section),
    categories,
    ...(digits === PUBLISHED_FRACTION_DIGITS ? {} : { publishedDigits: digits }),
    ...(scale === 1 ? {} : { subtotalScale: scale }),
    ...(divisor === 1 ? {} : { totalDivisor: divisor }),
  };
  const sheet = firstConfirmed(weightAlternatives(base, plans), performances, where);

  return {
    divisionName: section.divisionName,
    roundNumber: roundNumberOf(section.roundLabel, ordinal),
    roundName: section.roundLabel,
    sheet,
    judges: plans.map((plan) => ({
      captionKey: plan.def.key,
      ...splitJudgeName(section.categories[plan.category].captions[plan.caption].judge),
    })),
    penaltyJudge: section.penaltyJudges[0] ? splitJudgeName(section.penaltyJudges[0]) : null,
    performances,
  };
}

function sheetName(section: ParsedSection): string {
  return section.categories.map((category) => category.name).join(' / ');
}

/**
 * A group performed when the page prints its judges' numbers. A group listed with every line blank did not
 * perform; one printed with every number 0 and every rank 0 was entered but never scored (CompetitionSuite prints
 * such rows for sections whose results were not entered). In a row with only some lines blank a judge gave no
 * number, and the page counts it as 0 (TCGC 2022: a Cadet guard without an Equipment score, its Sub Total the other
 * captions' alone); the blank line is stored as no score, which the tabulation counts as 0 too.
 */
function scoredState(group: ParsedGroup, where: string): { performed: boolean; noScoreReason: string | null } {
  const lines = group.categories.flatMap((category) => category.captions.flatMap((caption) => caption.subcaptions));
  const blank = lines.filter((line) => line.text === '').length;
  if (blank === lines.length) return { performed: false, noScoreReason: 'no scores published' };
  const printed = [...lines, group.total, ...(group.subtotal ? [group.subtotal] : [])];
  const zeroAndUnranked = printed.every((number) => numberOf(number, where) === 0 && number.rank === 0);
  if (zeroAndUnranked)
    return { performed: false, noScoreReason: 'published with zero scores and no ranks (not scored)' };
  return { performed: true, noScoreReason: null };
}

/**
 * The combine rule of a category: the activity's usual one first (drum corps General Effect panels summed and the
 * other drum corps categories summed then halved; General Effect judges summed, halved where four sit; other doubled
 * captions averaged), unless the page's printed category totals say otherwise (TCGC percussion averages its two
 * General Effect judges). `confirmSheet` then checks the rule against every published number.
 */
function combineRuleFor(section: ParsedSection, c: number, captions: CaptionDef[], performed: boolean[]): CombineRule {
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
  const rows = section.groups.flatMap((group, g) => {
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
  // within a thousandth: the units are printed rounded, and some sheets carry them unrounded
  const fits = (rule: CombineRule) =>
    rows.every((row) => Math.abs(combinedApproximately(rule, row.units) - row.total) <= 0.0011);
  return rules.find(fits) ?? usual;
}

function combinedApproximately(rule: CombineRule, units: number[]): number {
  const sum = units.reduce((total, value) => total + value, 0);
  return rule === 'sum' ? sum : rule === 'average' ? sum / units.length : sum / 2;
}

function catalogueWeights(
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

function importPerformance(
  group: ParsedGroup,
  { performed, noScoreReason }: { performed: boolean; noScoreReason: string | null },
  categories: CategoryDef[],
  plans: CaptionPlan[],
  section: ParsedSection,
  where: string,
): ImportedPerformance {
  const scores: SubcaptionScore[] = [];
  if (performed) {
    for (const plan of plans) {
      const printed = group.categories[plan.category].captions[plan.caption];
      plan.def.subcaptions.forEach((subcaption, s) => {
        const score = numberOf(printed.subcaptions[s], where);
        if (score !== null)
          scores.push({ captionKey: plan.def.key, subcaptionKey: subcaption.key, score: fromMicros(score) });
      });
    }
  }
  const penalty = performed ? penaltyOf(group, where) : 0;
  const ranked = (published: PublishedNumber): PublishedRanked => {
    const score = numberOf(published, where);
    return { score: score === null ? null : fromMicros(score), rank: published.rank };
  };
  const published: PublishedNumbers = {
    categories: categories.map((category, c): PublishedCategory => {
      const printed = group.categories[c];
      const parsed = section.categories[c];
      const captions = category.captions.map((caption, k) => {
        const printedCaption = printed.captions[k];
        return {
          key: caption.key,
          ...ranked(printedCaption.total ?? printedCaption.subcaptions[0]),
          subcaptions: caption.subcaptions.map((subcaption, s) => ({
            key: subcaption.key,
            ...ranked(printedCaption.subcaptions[s]),
          })),
        };
      });
      const panels = panelKeys(category.captions).map((key) => {
        const panelIndex = parsed.panels.findIndex((_, p) =>
          parsed.panels[p].captionIndexes.every((k) => category.captions[k].panel === key),
        );
        const number = panelIndex >= 0 ? printed.panels[panelIndex] : null;
        if (!number) throw new RecapImportError(`${where}: doubled panel ${key} has no published total`);
        return { key, ...ranked(number) };
      });
      const own = printed.total
        ? ranked(printed.total)
        : captions.length === 1
          ? { score: captions[0].score, rank: captions[0].rank }
          : { score: null, rank: null };
      return { key: category.key, ...own, panels, captions };
    }),
    subtotal: group.subtotal ? ranked(group.subtotal) : null,
    penalty: fromMicros(penalty),
    total: ranked(group.total),
  };
  return {
    groupName: group.name,
    groupLocation: group.location,
    performed,
    noScoreReason,
    scores,
    penalty: fromMicros(penalty),
    published,
  };
}

/**
 * The penalty is what the penalty judges wrote ("Pen"/"TP" columns, positive). Pages also print "Tot" columns in the
 * penalty block: mostly the same number again (some negative), but 2014 Texas pages print 0 there whatever the
 * judge took, and their Total is Sub Total minus the judge's number. So the judge's lines are the penalty, and the
 * published Total (checked in `confirmSheet`) proves it.
 */
function penaltyOf(group: ParsedGroup, where: string): number {
  return group.penalties
    .filter((entry) => !/^tot/i.test(entry.header))
    .reduce((sum, entry) => sum + Math.abs(numberOf(entry.number, where) ?? 0), 0);
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

/**
 * The first sheet, under the first rounding rule, that reproduces every published number; the first disagreement
 * when none does.
 */
function firstConfirmed(sheets: Iterable<ScoreSheet>, performances: ImportedPerformance[], where: string): ScoreSheet {
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
  const comparisons = tabulate(sheet, inputs).flatMap((result, index) => {
    const performance = performances[index];
    const rowWhere = `${where}, row ${index + 1} ("${performance.groupName}")`;
    const pairs: { what: string; computed: RankedNumber; published: PublishedRanked | null }[] = [];
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
    return pairs.map((pair) => ({ ...pair, where: rowWhere }));
  });
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
