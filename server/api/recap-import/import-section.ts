/** One scored section of a recap page: its derived sheet, proven against its numbers, its judges and performances. */
import type { CaptionDef, CategoryDef } from '../tabulation/types.js';
import { fromMicros } from '../tabulation/decimal.js';
import { initialsOf, slug } from '../../../domain/name-keys.js';
import { firstConfirmed } from './confirm-sheet.js';
import { RecapImportError } from './errors.js';
import type { ImportedJudge, ImportedSection } from './imported-recap.js';
import { inferWeights, type CaptionRow } from './infer-weights.js';
import { splitJudgeName } from './judge-name.js';
import { uniqueKey } from './keys.js';
import type { ParsedSection } from './parse-recap.js';
import { captionRow, captionSignature, scoredState } from './printed-numbers.js';
import { importPerformance } from './section-performances.js';
import { baseSheet, catalogueWeights, combineRuleFor, weightAlternatives, type CaptionPlan } from './section-sheet.js';

/** What the sheet's parts are derived from, and what they have taken so far, while one section is read. */
interface SectionContext {
  section: ParsedSection;
  /** by group row */
  performed: boolean[];
  /** the page's rows by caption signature (`collectPageRows`) */
  pageRows: Map<string, CaptionRow[][]>;
  /** keys given so far: each kind unique within the section (a caption's line keys within the caption) */
  keys: { categories: Set<string>; panels: Set<string>; captions: Set<string> };
  /** every caption of the sheet, in sheet order, with the weights that fit it */
  plans: CaptionPlan[];
  where: string;
}

/**
 * `ordinal` is the section's position among the page's sections of its division: its round number when the label
 * names none.
 */
export function importSection(
  section: ParsedSection,
  ordinal: number,
  pageRows: Map<string, CaptionRow[][]>,
  where: string,
): ImportedSection {
  if (section.categories.length === 0) throw new RecapImportError(`${where}: no scored categories`);
  const states = section.groups.map((group, g) => scoredState(group, `${where}, row ${g + 1} ("${group.name}")`));
  const context: SectionContext = {
    section,
    performed: states.map((state) => state.performed),
    pageRows,
    keys: { categories: new Set(), panels: new Set(), captions: new Set() },
    plans: [],
    where,
  };
  const categories = section.categories.map((_, c) => categoryDef(context, c));
  const performances = section.groups.map((group, g) =>
    importPerformance(
      group,
      states[g],
      categories,
      context.plans,
      section.categories,
      `${where}, row ${g + 1} ("${group.name}")`,
    ),
  );
  const base = baseSheet(section, categories, performances, where);
  return {
    divisionName: section.divisionName,
    roundNumber: roundNumberOf(section.roundLabel, ordinal),
    roundName: section.roundLabel,
    sheet: firstConfirmed(weightAlternatives(base, context.plans), performances, where),
    judges: judgesOf(section, context.plans),
    penaltyJudge: section.penaltyJudges[0] ? splitJudgeName(section.penaltyJudges[0]) : null,
    performances,
  };
}

function roundNumberOf(label: string, ordinal: number): number {
  const match = /\bround\s+(\d+)\b/i.exec(label);
  return match ? Number(match[1]) : ordinal;
}

function judgesOf(section: ParsedSection, plans: CaptionPlan[]): ImportedJudge[] {
  return plans.map((plan) => ({
    captionKey: plan.def.key,
    ...splitJudgeName(section.categories[plan.category].captions[plan.caption].judge),
  }));
}

/** Category `c` of the sheet; a panel gets a key only where two or more captions share it (doubled captions). */
function categoryDef(context: SectionContext, c: number): CategoryDef {
  const category = context.section.categories[c];
  const key = uniqueKey(slug(category.name), context.keys.categories);
  const panelKeyOf = new Map<number, string>();
  category.panels.forEach((panel, p) => {
    if (panel.captionIndexes.length > 1) panelKeyOf.set(p, uniqueKey(slug(panel.name), context.keys.panels));
  });
  const captions = category.captions.map((_, k) => captionDef(context, c, k, key, panelKeyOf));
  return {
    key,
    name: category.name,
    combine: combineRuleFor(context.section, c, captions, context.performed),
    captions,
  };
}

/** Caption `k` of category `c`, with its likeliest weights; every weighting that fits it goes to the plans. */
function captionDef(
  context: SectionContext,
  c: number,
  k: number,
  categoryKey: string,
  panelKeyOf: Map<number, string>,
): CaptionDef {
  const category = context.section.categories[c];
  const caption = category.captions[k];
  const where = `${context.where}, caption "${caption.name}" (${caption.judge || 'no judge name'})`;
  const plain = !/\*/.test(caption.totalHeader);
  const candidates = weightCandidates(context, c, k, plain, where);
  const weights = candidates[0];
  const panel = caption.panelIndex !== null ? panelKeyOf.get(caption.panelIndex) : undefined;
  const subcaptionKeys = new Set<string>();
  const def: CaptionDef = {
    key: uniqueKey(slug(caption.name === category.name ? categoryKey : caption.name), context.keys.captions),
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
  context.plans.push({ category: c, caption: k, def, weightChoices: candidates });
  return def;
}

/**
 * Every set of line weights that reproduces the caption's printed totals from its lines, the likeliest first; an
 * error naming an example row when none does.
 */
function weightCandidates(context: SectionContext, c: number, k: number, plain: boolean, where: string): number[][] {
  const category = context.section.categories[c];
  const caption = category.captions[k];
  const rows = context.section.groups.flatMap((group, g) =>
    context.performed[g] ? [captionRow(group, c, k, `${where}, row ${g + 1}`)].filter((row) => row !== null) : [],
  );
  const candidates = inferWeights({
    rows,
    pageRows: context.pageRows.get(captionSignature(category, k)) ?? [],
    plain,
    catalogue: catalogueWeights(category.name, caption.name, caption.subcaptions),
  });
  if (candidates.length === 0) {
    const example = rows[0];
    throw new RecapImportError(
      `${where}: no weights for ${caption.subcaptions.join('/')} reproduce the published caption totals` +
        (example
          ? ` (e.g. ${example.raw.map(fromMicros).join(', ')} -> ${fromMicros(example.total)})`
          : ' (no scored rows)'),
    );
  }
  return candidates;
}
