import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { DownloadCsv } from '../../components/download-csv';
import { EmptyState } from '../../components/empty-state';
import { Pager } from '../../components/pager';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { standingsQueryOptions } from '../../features/standings/api/get-standings';
import { FollowDivisionButton } from '../../features/following/components/follow-division-button';
import { DivisionPicker } from '../../features/standings/components/division-picker';
import { StandingsTable } from '../../features/standings/components/standings-table';
import { downloadUrl } from '../../lib/api/fans';
import { pageOf } from '../../lib/paging';
import { RouteErrorView } from '../route-error';

/** Groups per page of a division's table: the biggest division of an archive's season ranks some 160. */
const STANDINGS_PAGE_SIZE = 50;

/** One division's standings at a time (`?division=`, the first by default), a page of its ranks at a time (`?page=`). */
export default function StandingsRoute() {
  const seasonId = Number(useParams().seasonId);
  const [searchParams] = useSearchParams();
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(standingsQueryOptions(seasonId));
  const { season } = data.body;
  // A division is named by its name: v2 gives divisions no id.
  const divisions = data.body.data.filter((division) => division.entries.length > 0);
  const asked = searchParams.get('division');
  const shown = asked === null ? divisions[0] : divisions.find((division) => division.division.name === asked);
  const page = pageOf(shown?.entries ?? [], searchParams.get('page'), STANDINGS_PAGE_SIZE);
  const describe = (number: number) => {
    const ranks = shown!.entries
      .slice((number - 1) * STANDINGS_PAGE_SIZE, number * STANDINGS_PAGE_SIZE)
      .map((entry) => entry.rank);
    return ranks[0] === ranks.at(-1) ? `rank ${ranks[0]}` : `ranks ${ranks[0]}–${ranks.at(-1)}`;
  };
  return (
    <>
      <title>{`${season.name} standings · Marching Results`}</title>
      <Breadcrumbs
        items={[
          { label: 'Seasons', to: paths.seasons.href() },
          { label: season.name, to: paths.season.href(season.id) },
          { label: 'Standings' },
        ]}
      />
      <h1 className="heading-1">Standings · {season.name}</h1>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      <p className="my-2 max-w-prose text-sm text-slate-700 dark:text-slate-300">
        Groups ranked by their latest released total this season (practice events left out); ties share a rank.
      </p>
      {divisions.length === 0 ? (
        <EmptyState title="No standings yet">Standings appear once scores are released this season.</EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-4">
            <DivisionPicker seasonId={seasonId} divisions={divisions} chosen={shown} />
            {shown ? <FollowDivisionButton division={shown.division.name} /> : null}
          </div>
          <DownloadCsv
            href={downloadUrl('/seasons/{seasonId}/standings.csv', { path: { seasonId } })}
            what={`the ${season.name} standings, every division`}
          />
          {shown ? (
            <>
              <Pager label="Pages of the standings" number={page.number} count={page.count} describe={describe} />
              <StandingsTable standings={shown} entries={page.items} seasonId={seasonId} />
            </>
          ) : (
            <EmptyState title="No such division this season">
              Choose one of the season&apos;s divisions above.
            </EmptyState>
          )}
        </>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Season" />;
}
