import { Notice } from '../../../components/notice';
import { secondaryButton } from '../../../components/signed-in/modal';
import { problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import type { Season } from '../api/get-seasons';
import { setupKeys } from '../api/keys';
import { updateSeason } from '../api/season-writes';

const badge =
  'ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100';

/** "current", and whether the circuit chose it or its dates (and today's contests) made it so. */
export function CurrentBadge({ season }: { season: Season }) {
  if (!season.current) return null;
  return <span className={badge}>{season.currentChosen ? 'current, chosen' : 'current, by its dates'}</span>;
}

/**
 * Choosing the season the fans' home page and /manage open on (decision 123): "Make current" on any season not
 * chosen; on the chosen one, "Let the dates decide" gives the choice back to the seasons' dates and today's contests.
 */
export function ChooseCurrent({ season }: { season: Season }) {
  const choose = useWrite({
    write: async (current: boolean) => (await updateSeason(season.id, { current })).body,
    stale: () => [setupKeys.seasons()],
  });
  const next = !season.currentChosen;
  return (
    <>
      <button
        type="button"
        className={secondaryButton}
        disabled={choose.isPending}
        onClick={() => choose.mutate(next)}
        aria-label={next ? `Make current: ${season.name}` : `Let the dates decide (${season.name} is chosen)`}
      >
        {choose.isPending ? 'Saving…' : next ? 'Make current' : 'Let the dates decide'}
      </button>
      {choose.error ? (
        <Notice tone="error" role="alert">
          {season.name} could not be {next ? 'made current' : 'unchosen'}: {problemText(choose.error)}
        </Notice>
      ) : null}
    </>
  );
}
