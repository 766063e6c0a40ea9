/**
 * The legend of the score sheets, for a reader of a recap: every caption abbreviation with what it stands for, and
 * how each category's score is combined from its captions, by kind of group. Derived from the one catalogue of
 * sheets (score-sheets/), so a sheet added there is in the legend. An abbreviation can stand for more than one
 * caption (MA is Movement Analysis on a guard sheet, Music Analysis on a winds sheet): all are listed.
 */
import { GROUP_TYPES } from './group-types.js';
import { COMBINE_RULE_MEANINGS, type CombineRule, type ScoreSheet } from './score-sheet.js';
import { sheetsByGroupType } from './score-sheets/index.js';

export interface CaptionAbbreviation {
  abbreviation: string;
  meanings: string[];
}

export interface CategoryRule {
  category: string;
  rules: { rule: CombineRule; meaning: string }[];
}

export interface GroupTypeLegend {
  groupType: { id: number; name: string };
  captions: CaptionAbbreviation[];
  categories: CategoryRule[];
}

function collect(sheets: readonly ScoreSheet[]): Pick<GroupTypeLegend, 'captions' | 'categories'> {
  const captions = new Map<string, Set<string>>();
  const categories = new Map<string, Set<CombineRule>>();
  for (const sheet of sheets) {
    for (const category of sheet.categories) {
      if (!categories.has(category.name)) categories.set(category.name, new Set());
      categories.get(category.name)!.add(category.combine);
      for (const caption of category.captions) {
        if (!captions.has(caption.initials)) captions.set(caption.initials, new Set());
        captions.get(caption.initials)!.add(caption.name);
      }
    }
  }
  const byName = (a: string, b: string) => a.localeCompare(b);
  return {
    captions: [...captions]
      .sort(([a], [b]) => byName(a, b))
      .map(([abbreviation, meanings]) => ({ abbreviation, meanings: [...meanings].sort(byName) })),
    categories: [...categories]
      .sort(([a], [b]) => byName(a, b))
      .map(([category, rules]) => ({
        category,
        rules: [...rules].sort(byName).map((rule) => ({ rule, meaning: COMBINE_RULE_MEANINGS[rule] })),
      })),
  };
}

/** The legend of each kind of group that has score sheets, in group type order. */
export function captionLegend(): GroupTypeLegend[] {
  return GROUP_TYPES.filter(({ key }) => sheetsByGroupType[key].length > 0).map(({ id, key, name }) => ({
    groupType: { id, name },
    ...collect(sheetsByGroupType[key]),
  }));
}
