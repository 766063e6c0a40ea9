import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { divisionsQueryOptions } from '../../features/divisions/api/get-divisions';
import { seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import { standingsQueryOptions } from '../../features/standings/api/get-standings';
import { StandingsTable } from '../../features/standings/components/standings-table';
import { notFound, parseId, RouteErrorView } from '../route-error';

function divisionFromUrl(searchParams: URLSearchParams): number | undefined {
  const id = Number(searchParams.get('division'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export const clientLoader = (queryClient: QueryClient) => async ({ params, request }: LoaderFunctionArgs) => {
  const seasonId = parseId(params.seasonId, 'Season');
  const divisionId = divisionFromUrl(new URL(request.url).searchParams);
  const [seasons] = await Promise.all([
    queryClient.ensureQueryData(seasonsQueryOptions()),
    queryClient.ensureQueryData(divisionsQueryOptions()),
    queryClient.ensureQueryData(standingsQueryOptions({ seasonId, divisionId })),
  ]);
  if (!seasons.body.data.some((season) => season.id === seasonId)) throw notFound('Season');
  return null;
};

export default function StandingsRoute() {
  const seasonId = Number(useParams().seasonId);
  const [searchParams, setSearchParams] = useSearchParams();
  const divisionId = divisionFromUrl(searchParams);
  const seasons = useSuspenseQuery(seasonsQueryOptions());
  const divisions = useSuspenseQuery(divisionsQueryOptions());
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(standingsQueryOptions({ seasonId, divisionId }));
  const season = seasons.data.body.data.find((candidate) => candidate.id === seasonId)!;
  const ordered = [...divisions.data.body.data].sort((a, b) => a.groupType.name.localeCompare(b.groupType.name) || a.sortOrder - b.sortOrder);
  const standings = data.body.data.filter((division) => division.entries.length > 0);
  return (
    <>
      <title>{`${season.name} standings · Marching Results`}</title>
      <Breadcrumbs items={[{ label: 'Seasons', to: paths.seasons.href() }, { label: season.name, to: paths.season.href(season.id) }, { label: 'Standings' }]} />
      <h1 className="heading-1">Standings · {season.name}</h1>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      <label className="my-4 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Division</span>
        <select
          className="rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
          value={divisionId ?? ''}
          onChange={(event) => setSearchParams(event.target.value ? { division: event.target.value } : {}, { replace: true })}
        >
          <option value="">All divisions</option>
          {ordered.map((division) => (
            <option key={division.id} value={division.id}>
              {division.groupType.name}: {division.name}
            </option>
          ))}
        </select>
      </label>
      {standings.length === 0 ? (
        <EmptyState title="No standings yet">Standings appear once scores are released this season.</EmptyState>
      ) : (
        standings.map((division) => <StandingsTable key={division.division.id} standings={division} seasonId={seasonId} />)
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Season" />;
}
