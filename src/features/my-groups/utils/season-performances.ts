import type { GroupSeasonPerformance } from '../../../lib/api-models';
import type { GroupContest } from '../api/get-group-contests';

/**
 * The group's released contests of one season as the fans' progression charts take them (features/groups), so the
 * group's own pages draw the same charts from the group's own reads. Practice is not told apart here: none is left out.
 */
export function seasonPerformances(contests: readonly GroupContest[], seasonId: number): GroupSeasonPerformance[] {
  return contests
    .filter((contest) => contest.competition.seasonId === seasonId && contest.released)
    .map((contest) => ({
      competition: {
        guid: contest.competition.guid,
        name: contest.competition.name,
        date: contest.competition.date,
        eventName: contest.competition.eventName,
      },
      practice: false,
      division: { name: contest.division.name, initials: contest.division.initials },
      round: contest.round,
      performed: contest.performed,
      noScoreReason: contest.noScoreReason,
      total: contest.total,
      categories: contest.categories.map((category) => ({
        name: category.name,
        score: category.score,
        rank: category.rank,
        captions: category.captions.map((caption) => ({
          name: caption.name,
          score: caption.score,
          rank: caption.rank,
        })),
      })),
      groupsInRound: contest.groupsInRound,
    }));
}
