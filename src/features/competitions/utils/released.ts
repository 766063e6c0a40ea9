import type { RecapView } from '../../../config/paths';
import type { CompetitionSummary } from '../../../lib/api-models';
import type { DivisionRoundScores } from './recap-types';

type Flags = Pick<CompetitionSummary['competition'], 'scoresReleased' | 'categoryRecapReleased' | 'recapReleased'>;

/** The recap's views its released flags allow: totals once scores are out, then categories, then the whole recap. */
export function releasedViews(flags: Flags): RecapView[] {
  return [
    'summary',
    ...(flags.categoryRecapReleased ? (['categories'] as const) : []),
    ...(flags.recapReleased ? (['full'] as const) : []),
  ];
}

/**
 * The recap cut to what its flags allow to be shown: nothing before scores are released, no category numbers before
 * the category recap is, no caption or judge numbers before the full recap is. Whatever the upstream sends.
 */
export function releasedParts(sections: DivisionRoundScores[], flags: Flags): DivisionRoundScores[] {
  if (!flags.scoresReleased) return [];
  if (flags.recapReleased && flags.categoryRecapReleased) return sections;
  const keepCategories = flags.categoryRecapReleased;
  return sections.map((section) => ({
    ...section,
    sheet: {
      categories: keepCategories ? section.sheet.categories.map((category) => ({ ...category, captions: [] })) : [],
    },
    performances: section.performances.map((performance) => ({
      ...performance,
      categories: keepCategories ? performance.categories.map((category) => ({ ...category, captions: [] })) : [],
    })),
  }));
}
