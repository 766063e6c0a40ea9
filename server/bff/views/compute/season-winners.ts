/**
 * Each competition's winners, for the home and season cards: in every division, the groups ranked first in its last
 * round (a tie gives several). From the season's results (season-results.ts), which already hold every released
 * competition's totals: no read of its own, whatever the number of cards.
 */
import type { SeasonIndex } from './season-index.js';

export interface DivisionWinners {
  division: string;
  round: string;
  winners: { name: string; orgGroupIdentifier: string; score: number }[];
}

export interface CompetitionWinners {
  competitionGuid: string;
  /** in the order the recap prints its divisions */
  divisions: DivisionWinners[];
}

export function seasonWinners(index: SeasonIndex): CompetitionWinners[] {
  // competition guid -> division name -> its performances (the recap's order)
  const byCompetition = new Map<string, Map<string, SeasonIndex['performances']>>();
  for (const performance of index.performances) {
    const divisions = byCompetition.get(performance.competition.guid) ?? new Map<string, SeasonIndex['performances']>();
    byCompetition.set(performance.competition.guid, divisions);
    divisions.set(performance.division.name, [...(divisions.get(performance.division.name) ?? []), performance]);
  }
  return [...byCompetition].map(([competitionGuid, divisions]) => ({
    competitionGuid,
    divisions: [...divisions].flatMap(([division, performances]) => {
      const last = Math.max(...performances.map((performance) => performance.round.number));
      const final = performances.filter((performance) => performance.round.number === last);
      const winners = final.flatMap((performance) =>
        performance.performed && performance.total?.rank === 1
          ? [
              {
                name: performance.group.name,
                orgGroupIdentifier: performance.group.orgGroupIdentifier,
                score: performance.total.score,
              },
            ]
          : [],
      );
      // A division whose last round has no ranked performance yet (nobody performed) has no winner to show.
      return winners.length > 0 ? [{ division, round: final[0].round.name, winners }] : [];
    }),
  }));
}
