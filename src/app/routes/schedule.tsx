import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { competitionScheduleQueryOptions } from '../../features/competitions/api/get-competition-schedule';
import { CompetitionNav } from '../../features/competitions/components/competition-nav';
import { ScheduleTable } from '../../features/competitions/components/schedule-table';
import { LocalDateTime } from '../../components/local-date-time';
import { isToday } from '../../lib/dates';
import { parseId, RouteErrorView } from '../route-error';

export const clientLoader = (queryClient: QueryClient) => async ({ params }: LoaderFunctionArgs) => {
  await queryClient.ensureQueryData(competitionScheduleQueryOptions(parseId(params.competitionId, 'Competition')));
  return null;
};

export default function ScheduleRoute() {
  const competitionId = Number(useParams().competitionId);
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(competitionScheduleQueryOptions(competitionId));
  const { competition, data: entries } = data.body;
  return (
    <>
      <title>{`${competition.name} schedule · Marching Results`}</title>
      <h1 className="heading-1">{competition.name}</h1>
      <p className="mt-1 text-sm">
        <LocalDateTime iso={competition.date} />
      </p>
      <CompetitionNav competitionId={competition.id} />
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} live={isToday(competition.date)} />
      {entries.length === 0 ? <EmptyState title="No schedule published yet" /> : <ScheduleTable entries={entries} />}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Competition" />;
}
