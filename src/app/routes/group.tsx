import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { seasonFromUrl } from './group-season';
import { groupPerformancesQueryOptions } from '../../features/groups/api/get-group-performances';
import { groupQueryOptions } from '../../features/groups/api/get-group';
import { GroupPerformancesTable } from '../../features/groups/components/group-performances-table';
import { ScoreTrendChart } from '../../features/groups/components/score-trend-chart';
import { trendPoints } from '../../features/groups/utils/trend';
import { seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import { parseId, RouteErrorView } from '../route-error';

export const clientLoader = (queryClient: QueryClient) => async ({ params, request }: LoaderFunctionArgs) => {
  const groupId = parseId(params.groupId, 'Group');
  const [seasons] = await Promise.all([queryClient.ensureQueryData(seasonsQueryOptions()), queryClient.ensureQueryData(groupQueryOptions(groupId))]);
  const season = seasonFromUrl(seasons.body.data, new URL(request.url).searchParams);
  if (season) await queryClient.ensureQueryData(groupPerformancesQueryOptions(groupId, season.id));
  return null;
};

export default function GroupRoute() {
  const groupId = Number(useParams().groupId);
  const [searchParams] = useSearchParams();
  const group = useSuspenseQuery(groupQueryOptions(groupId));
  const seasons = useSuspenseQuery(seasonsQueryOptions());
  const season = seasonFromUrl(seasons.data.body.data, searchParams);
  const { name, location, division, groupType } = group.data.body;
  return (
    <>
      <title>{`${name} · Marching Results`}</title>
      <Breadcrumbs items={[{ label: 'Seasons', to: paths.seasons.href() }, { label: name }]} />
      <h1 className="heading-1">{name}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {location} · {division.name} · {groupType.name}
      </p>
      <QueryNotices stale={group.data.stale} refreshFailed={group.isRefetchError} updatedAt={group.dataUpdatedAt} />
      <nav aria-label="Seasons of this group" className="my-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {[...seasons.data.body.data]
            .sort((a, b) => b.year - a.year)
            .map((candidate) => (
              <li key={candidate.id}>
                <Link
                  className={`button ${candidate.id === season?.id ? 'bg-blue-900 text-white dark:bg-sky-300 dark:text-slate-950' : ''}`}
                  aria-current={candidate.id === season?.id ? 'page' : undefined}
                  to={paths.group.href(groupId, candidate.id)}
                  preventScrollReset
                >
                  {candidate.name}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      {season ? <GroupSeason groupId={groupId} groupName={name} seasonId={season.id} seasonName={season.name} /> : null}
    </>
  );
}

function GroupSeason({ groupId, groupName, seasonId, seasonName }: { groupId: number; groupName: string; seasonId: number; seasonName: string }) {
  const { data } = useSuspenseQuery(groupPerformancesQueryOptions(groupId, seasonId));
  const performances = data.body.data;
  if (performances.length === 0) return <EmptyState title={`No performances in ${seasonName}`} />;
  return (
    <>
      <h2 className="heading-2">Score trend</h2>
      <ScoreTrendChart points={trendPoints(performances)} groupName={groupName} />
      <h2 className="heading-2">Performances</h2>
      <GroupPerformancesTable performances={performances} seasonName={seasonName} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Group" />;
}
