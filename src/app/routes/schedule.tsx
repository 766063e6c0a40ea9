import type { QueryClient } from '@tanstack/react-query';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { competitionScheduleQueryOptions } from '../../features/competitions/api/get-competition-schedule';
import { CompetitionHeader } from '../../features/competitions/components/competition-header';
import { PublishedSchedule } from '../../features/competitions/components/published-schedule';
import { ScheduleTable } from '../../features/competitions/components/schedule-table';
import { isToday } from '../../lib/day-keys';
import { parseGuid, RouteErrorView } from '../route-error';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const guid = parseGuid(params.competitionGuid, 'Competition');
    const { body } = await queryClient.ensureQueryData(competitionQueryOptions(guid));
    // Where the upstream has no schedule as data (the hosted service), it is not asked: its 404 would only be noise.
    if (body.competition.id !== null && body.competition.scheduleData)
      await queryClient.ensureQueryData(competitionScheduleQueryOptions(guid, body.competition.id));
    return null;
  };

/**
 * The order of appearance: our API serves it as JSON; the hosted service publishes it as a page, which this page
 * then links to (a competition whose event cannot be matched has neither, and says so).
 */
export default function ScheduleRoute() {
  const guid = useParams().competitionGuid!;
  const summary = useSuspenseQuery(competitionQueryOptions(guid));
  const { competition } = summary.data.body;
  const schedule = useQuery({
    ...competitionScheduleQueryOptions(guid, competition.id ?? 0),
    enabled: competition.id !== null && competition.scheduleData,
  });
  const live = isToday(competition.date);
  return (
    <>
      <title>{`${competition.name} schedule · Marching Results`}</title>
      <CompetitionHeader summary={summary.data.body} />
      <QueryNotices
        stale={summary.data.stale || (schedule.data?.stale ?? false)}
        refreshFailed={summary.isRefetchError || schedule.isRefetchError}
        updatedAt={schedule.dataUpdatedAt || summary.dataUpdatedAt}
        live={live}
      />
      {schedule.data?.body ? (
        schedule.data.body.data.length === 0 ? (
          <EmptyState title="No schedule published yet" />
        ) : (
          <ScheduleTable entries={schedule.data.body.data} seasonId={summary.data.body.season.id} />
        )
      ) : (
        <PublishedSchedule url={competition.scheduleUrl} />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Competition" />;
}
