import { judgeName as joinJudgeName } from '../../../../domain/judges';
import type { DivisionRoundScores, PerformanceScores, Ranked } from './recap-types';

export type { Ranked };

/** Numbers of one performance by sheet key: categories, captions and subcaption lines. */
export interface PerformanceLookup {
  category(categoryKey: string): Ranked | null;
  caption(captionKey: string): Ranked | null;
  subcaption(captionKey: string, subcaptionKey: string): Ranked | null;
}

export function lookupPerformance(performance: PerformanceScores): PerformanceLookup {
  const categories = new Map<string, Ranked>();
  const captions = new Map<string, Ranked>();
  const subcaptions = new Map<string, Ranked>();
  const ranked = ({ score, rank }: Ranked): Ranked => ({ score, rank });
  for (const category of performance.categories) {
    categories.set(category.key, ranked(category));
    for (const caption of category.captions) {
      captions.set(caption.key, ranked(caption));
      for (const line of caption.subcaptions) subcaptions.set(`${caption.key}\u0000${line.key}`, ranked(line));
    }
  }
  return {
    category: (key) => categories.get(key) ?? null,
    caption: (key) => captions.get(key) ?? null,
    subcaption: (captionKey, key) => subcaptions.get(`${captionKey}\u0000${key}`) ?? null,
  };
}

/** Stable id of a division/round section, for URLs and React keys. */
export function sectionId(section: Pick<DivisionRoundScores, 'division' | 'round'>): string {
  return `${section.division.id}-${section.round.number}`;
}

/** The judge's name as domain/judges.ts writes it (their season's address), or null when the recap names none. */
export function judgeName(judge: { firstName: string; lastName: string } | null): string | null {
  if (!judge) return null;
  const name = joinJudgeName(judge.firstName, judge.lastName);
  return name === '' ? null : name;
}
