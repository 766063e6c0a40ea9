import type { GroupSeasonPerformance } from '../../../lib/api-models';

/** One scored performance of the season: where the category lines have a point. */
export interface ProgressionShow {
  key: string;
  date: string;
  time: number;
  label: string;
}

/** A category across the season: its score at each show, null where the show's sheet had no such category. */
export interface CategoryLine {
  name: string;
  scores: (number | null)[];
}

export interface CategoryProgression {
  shows: ProgressionShow[];
  lines: CategoryLine[];
}

/**
 * Each category's score across the season, from the same released, performed records as the total trend and under
 * the same practice rule (left out unless asked for). Categories keep the order the sheets first print them in; a
 * division's sheet may differ between shows (a group moved division), so a line can have gaps.
 */
export function categoryProgression(
  performances: readonly GroupSeasonPerformance[],
  { includePractice = false }: { includePractice?: boolean } = {},
): CategoryProgression {
  const scored = performances
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => p.performed && p.total !== null && p.categories.length > 0 && (includePractice || !p.practice))
    .sort((a, b) => Date.parse(a.p.competition.date) - Date.parse(b.p.competition.date) || a.index - b.index);
  // Names come from the upstream: a Map, never an ordinary object's keys.
  const lines = new Map<string, (number | null)[]>();
  scored.forEach(({ p }, show) => {
    for (const category of p.categories) {
      let scores = lines.get(category.name);
      if (!scores) lines.set(category.name, (scores = Array.from({ length: scored.length }, () => null)));
      scores[show] = category.score;
    }
  });
  return {
    shows: scored.map(({ p, index }) => ({
      key: `${p.competition.guid}:${p.round.number}:${index}`,
      date: p.competition.date,
      time: Date.parse(p.competition.date),
      label: `${p.competition.name}, ${p.round.name}`,
    })),
    lines: [...lines].map(([name, scores]) => ({ name, scores })),
  };
}
