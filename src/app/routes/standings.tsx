import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { standingsQueryOptions } from '../../features/standings/api/get-standings';
import { StandingsTable } from '../../features/standings/components/standings-table';
import { parseId, RouteErrorView } from '../route-error';

export const clientLoader = (queryClient: QueryClient) => async ({ params }: LoaderFunctionArgs) => {
  // The standings view answers 404 for a season that does not exist.
  await queryClient.ensureQueryData(standingsQueryOptions(parseId(params.seasonId, 'Season')));
  return null;
};

export default function StandingsRoute() {
  const seasonId = Number(useParams().seasonId);
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(standingsQueryOptions(seasonId));
  const { season, data: divisions } = data.body;
  // A division is named by its name: v2 gives divisions no id.
  const chosen = searchParams.get('division') ?? '';
  const shown = divisions.filter((division) => division.entries.length > 0 && (chosen === '' || division.division.name === chosen));
  return (
    <>
      <title>{`${season.name} standings · Marching Results`}</title>
      <Breadcrumbs items={[{ label: 'Seasons', to: paths.seasons.href() }, { label: season.name, to: paths.season.href(season.id) }, { label: 'Standings' }]} />
      <h1 className="heading-1">Standings · {season.name}</h1>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      <p className="my-2 max-w-prose text-sm text-slate-700 dark:text-slate-300">
        Groups ranked by their latest released total this season (practice events left out); ties share a rank.
      </p>
      <label className="my-4 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Division</span>
        <select
          className="rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
          value={chosen}
          onChange={(event) => setSearchParams(event.target.value ? { division: event.target.value } : {}, { replace: true })}
        >
          <option value="">All divisions</option>
          {divisions.map(({ division, groupType }) => (
            <option key={division.name} value={division.name}>
              {groupType ? `${groupType.name}: ` : ''}
              {division.name}
            </option>
          ))}
        </select>
      </label>
      {shown.length === 0 ? (
        <EmptyState title="No standings yet">Standings appear once scores are released this season.</EmptyState>
      ) : (
        shown.map((division) => <StandingsTable key={`${division.groupType?.id ?? ''}|${division.division.name}`} standings={division} seasonId={seasonId} />)
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Season" />;
}
