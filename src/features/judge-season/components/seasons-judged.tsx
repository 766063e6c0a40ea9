import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { judgeSeasonsQueryOptions } from '../api/get-judge-seasons';

/**
 * Links to each season the judge judged, the one shown marked. Without the season's counts: they count practice
 * events (as the season's judges list does) where the page's own sheets leave them out, and two numbers would disagree. Read after the page renders (not by its loader or the
 * server render): the page's numbers never wait on it, and the server's markup and the first browser render agree.
 */
export function SeasonsJudged({ judge, seasonId }: { judge: string; seasonId?: number }) {
  const { data, isPending, isError } = useQuery(judgeSeasonsQueryOptions(judge));
  const judged = data?.body;
  return (
    <nav aria-labelledby="seasons-judged" className="my-4">
      <h2 id="seasons-judged" className="text-sm font-semibold">
        Seasons judged
      </h2>
      {isPending ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Looking for the seasons this judge judged…</p>
      ) : null}
      {isError ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">The seasons this judge judged could not be loaded.</p>
      ) : null}
      {judged ? (
        <>
          {judged.data.length === 0 ? <p className="text-sm">No season names this judge.</p> : null}
          <ul className="mt-1 flex flex-wrap gap-2 text-sm">
            {judged.data.map(({ season }) => (
              <li key={season.id}>
                <Link
                  className={`button ${season.id === seasonId ? 'bg-blue-900 text-white dark:bg-sky-300 dark:text-slate-950' : ''}`}
                  aria-current={season.id === seasonId ? 'page' : undefined}
                  to={paths.judgeSeason.href(judge, season.id)}
                  preventScrollReset
                >
                  {season.name}
                </Link>
              </li>
            ))}
          </ul>
          {judged.newestSeasons !== null ? (
            <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
              Of the newest {judged.newestSeasons} seasons.
            </p>
          ) : null}
        </>
      ) : null}
    </nav>
  );
}
