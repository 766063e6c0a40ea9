import type { GroupSeasonPerformance } from '../../../lib/api-models';

/**
 * A performance's show as the group's page names it: the event, its competition and the round, when the round has a
 * name (the hosted service's drum corps recaps give none: "Drum Corps" alone names no show).
 */
export function showLabel(p: { competition: { eventName: string; name: string }; round: { name: string } }): string {
  const show = `${p.competition.eventName} · ${p.competition.name}`;
  return p.round.name.trim() ? `${show}, ${p.round.name}` : show;
}

export interface TrendPoint {
  key: string;
  date: string;
  time: number;
  score: number;
  rank: number | null;
  label: string;
}

/**
 * Released, performed scores in date order: the points of the score trend. Practice shows are left out unless
 * asked for, as the standings leave them out: a clinic's score is not a competition's.
 */
export function trendPoints(
  performances: GroupSeasonPerformance[],
  { includePractice = false }: { includePractice?: boolean } = {},
): TrendPoint[] {
  return performances
    .filter((p) => p.performed && p.total !== null && (includePractice || !p.practice))
    .map((p, index) => ({
      key: `${p.competition.guid}:${p.round.number}:${index}`,
      date: p.competition.date,
      time: Date.parse(p.competition.date),
      score: p.total!.score,
      rank: p.total!.rank,
      label: showLabel(p),
    }))
    .sort((a, b) => a.time - b.time);
}

export interface Scale {
  min: number;
  max: number;
}

/** A score axis with some room around the points, on whole multiples of 5, inside 0–100. */
export function scoreScale(points: TrendPoint[]): Scale {
  if (points.length === 0) return { min: 0, max: 100 };
  const scores = points.map((p) => p.score);
  const min = Math.max(0, Math.floor((Math.min(...scores) - 2) / 5) * 5);
  const max = Math.min(100, Math.ceil((Math.max(...scores) + 2) / 5) * 5);
  return max > min ? { min, max } : { min: Math.max(0, min - 5), max: Math.min(100, max + 5) };
}
