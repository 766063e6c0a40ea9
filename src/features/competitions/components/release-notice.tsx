import type { CompetitionSummary } from '../../../lib/api-models';

/** What the competition has not released yet, as its flags say. */
export function ReleaseNotice({ competition }: { competition: CompetitionSummary['competition'] }) {
  if (!competition.scoresReleased) return null;
  const waiting = [
    !competition.categoryRecapReleased && 'category recap',
    !competition.recapReleased && 'full recap with judges',
  ].filter(Boolean);
  if (waiting.length === 0) return null;
  return (
    <p className="my-2 text-sm text-slate-700 dark:text-slate-300">
      Not released yet: the {waiting.join(' and the ')}.
    </p>
  );
}
