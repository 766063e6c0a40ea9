import type { CompetitionScores } from '../../../lib/api-models';

/** Rounds still waiting for their scores. */
export function UnreleasedRounds({ rounds }: { rounds: CompetitionScores['rounds'] }) {
  const waiting = rounds.filter((round) => !round.scoresReleased);
  if (waiting.length === 0) return null;
  return (
    <p className="my-2 text-sm text-slate-700 dark:text-slate-300">
      Scores not released yet: {waiting.map((round) => round.name).join(', ')}.
    </p>
  );
}
