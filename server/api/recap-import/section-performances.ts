/** A group's row of a section: its raw scores and penalty, and every number the page printed for it, keyed. */
import type { CategoryDef, SubcaptionScore } from '../tabulation/types.js';
import { fromMicros } from '../tabulation/decimal.js';
import { panelKeys } from '../tabulation/tabulate.js';
import { RecapImportError } from './errors.js';
import type { ImportedPerformance, PublishedCategory, PublishedNumbers, PublishedRanked } from './imported-recap.js';
import type { ParsedCategory, ParsedGroup, ParsedGroupCategory, PublishedNumber } from './parse-recap.js';
import { numberOf, penaltyOf, type ScoredState } from './printed-numbers.js';
import type { CaptionPlan } from './section-sheet.js';

export function importPerformance(
  group: ParsedGroup,
  { performed, noScoreReason }: ScoredState,
  categories: CategoryDef[],
  plans: CaptionPlan[],
  parsedCategories: ParsedCategory[],
  where: string,
): ImportedPerformance {
  const scores = performed ? scoresOf(group, plans, where) : [];
  const penalty = performed ? penaltyOf(group, where) : 0;
  const published: PublishedNumbers = {
    categories: categories.map((category, c) =>
      publishedCategory(category, group.categories[c], parsedCategories[c], where),
    ),
    subtotal: group.subtotal ? ranked(group.subtotal, where) : null,
    penalty: fromMicros(penalty),
    total: ranked(group.total, where),
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

/** The judges' numbers of a group that performed; a blank line is no score. */
function scoresOf(group: ParsedGroup, plans: CaptionPlan[], where: string): SubcaptionScore[] {
  const scores: SubcaptionScore[] = [];
  for (const plan of plans) {
    const printed = group.categories[plan.category].captions[plan.caption];
    plan.def.subcaptions.forEach((subcaption, s) => {
      const score = numberOf(printed.subcaptions[s], where);
      if (score !== null)
        scores.push({ captionKey: plan.def.key, subcaptionKey: subcaption.key, score: fromMicros(score) });
    });
  }
  return scores;
}

function ranked(published: PublishedNumber, where: string): PublishedRanked {
  const score = numberOf(published, where);
  return { score: score === null ? null : fromMicros(score), rank: published.rank };
}

function publishedCategory(
  category: CategoryDef,
  printed: ParsedGroupCategory,
  parsed: ParsedCategory,
  where: string,
): PublishedCategory {
  const captions = category.captions.map((caption, k) => {
    const printedCaption = printed.captions[k];
    return {
      key: caption.key,
      ...ranked(printedCaption.total ?? printedCaption.subcaptions[0], where),
      subcaptions: caption.subcaptions.map((subcaption, s) => ({
        key: subcaption.key,
        ...ranked(printedCaption.subcaptions[s], where),
      })),
    };
  });
  const panels = panelKeys(category.captions).map((key) => {
    const panelIndex = parsed.panels.findIndex((_, p) =>
      parsed.panels[p].captionIndexes.every((k) => category.captions[k].panel === key),
    );
    const number = panelIndex >= 0 ? printed.panels[panelIndex] : null;
    if (!number) throw new RecapImportError(`${where}: doubled panel ${key} has no published total`);
    return { key, ...ranked(number, where) };
  });
  const own = printed.total
    ? ranked(printed.total, where)
    : captions.length === 1
      ? { score: captions[0].score, rank: captions[0].rank }
      : { score: null, rank: null };
  return { key: category.key, ...own, panels, captions };
}
