import type { GroupSeasonPerformance } from '../../../lib/api-models';
import { showLabel } from './trend';

/** One scored performance of the season: where the category lines have a point. */
export interface ProgressionShow {
  key: string;
  date: string;
  label: string;
  /** at a practice event: shown only when practice is asked for, and marked */
  practice: boolean;
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

type Scored = { p: GroupSeasonPerformance; index: number }[];

/** The released, performed records with categories, in date order, under the total trend's practice rule. */
function scoredShows(performances: readonly GroupSeasonPerformance[], includePractice: boolean): Scored {
  return performances
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => p.performed && p.total !== null && p.categories.length > 0 && (includePractice || !p.practice))
    .sort((a, b) => Date.parse(a.p.competition.date) - Date.parse(b.p.competition.date) || a.index - b.index);
}

/** A line per name that `scoresOf` gives at any show, in the order first given; null where a show lacked it. */
function progressionOf(
  scored: Scored,
  scoresOf: (p: GroupSeasonPerformance) => readonly { name: string; score: number }[],
): CategoryProgression {
  // Names come from the upstream: a Map, never an ordinary object's keys.
  const lines = new Map<string, (number | null)[]>();
  scored.forEach(({ p }, show) => {
    for (const { name, score } of scoresOf(p)) {
      let scores = lines.get(name);
      if (!scores) lines.set(name, (scores = Array.from({ length: scored.length }, () => null)));
      scores[show] = score;
    }
  });
  return {
    shows: scored.map(({ p, index }) => ({
      key: `${p.competition.guid}:${p.round.number}:${index}`,
      date: p.competition.date,
      label: showLabel(p),
      practice: p.practice,
    })),
    lines: [...lines].map(([name, scores]) => ({ name, scores })),
  };
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
  return progressionOf(scoredShows(performances, includePractice), (p) => p.categories);
}

/**
 * A sheet's captions, a doubled panel's second caption of one name told apart as "Equipment Analysis (panel 2)": the
 * records carry no other mark of it, and one line must not hold two judges' numbers.
 */
export function namedCaptions<Caption extends { name: string }>(captions: readonly Caption[]): Caption[] {
  const seen = new Map<string, number>();
  return captions.map((caption) => {
    const count = (seen.get(caption.name) ?? 0) + 1;
    seen.set(caption.name, count);
    return count === 1 ? caption : { ...caption, name: `${caption.name} (panel ${count})` };
  });
}

/**
 * One category's captions across the season: a line per caption, at the shows whose sheet has that category (the
 * others are no point of it). A caption two sheets name alike is one line.
 */
export function captionProgression(
  performances: readonly GroupSeasonPerformance[],
  category: string,
  { includePractice = false }: { includePractice?: boolean } = {},
): CategoryProgression {
  const captionsOf = (p: GroupSeasonPerformance) => p.categories.find((c) => c.name === category)?.captions;
  const scored = scoredShows(performances, includePractice).filter(({ p }) => (captionsOf(p)?.length ?? 0) > 0);
  return progressionOf(scored, (p) => namedCaptions(captionsOf(p) ?? []));
}

/**
 * The score axis of a chart of lines: the scores' own extent, a little padded, on half points. Not from zero (the
 * chart library's default for positive numbers): categories scored 13 and 14 out of 20 would then be a hair apart.
 */
export function linesRange(lines: readonly CategoryLine[]): [number, number] {
  const scores = lines.flatMap((line) => line.scores.filter((score): score is number => score !== null));
  if (scores.length === 0) return [0, 1];
  const [low, high] = [Math.min(...scores), Math.max(...scores)];
  const pad = Math.max(0.5, (high - low) * 0.1);
  return [Math.max(0, Math.floor((low - pad) * 2) / 2), Math.ceil((high + pad) * 2) / 2];
}
