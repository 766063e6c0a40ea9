import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { loadSeasonCalendar, useSeasonCalendar } from '../../features/events/api/season-calendar';
import { CalendarFilters } from '../../features/events/components/calendar-filters';
import { CompetitionList } from '../../features/events/components/competition-list';
import { filterCalendar, groupByDay } from '../../features/events/utils/calendar';
import { seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import { formatPlainDate } from '../../lib/dates';
import { notFound, parseId, RouteErrorView } from '../route-error';

export const clientLoader = (queryClient: QueryClient) => async ({ params }: LoaderFunctionArgs) => {
  const seasonId = parseId(params.seasonId, 'Season');
  const { body } = await queryClient.ensureQueryData(seasonsQueryOptions());
  if (!body.data.some((season) => season.id === seasonId)) throw notFound('Season');
  await loadSeasonCalendar(queryClient, seasonId);
  return null;
};

export default function SeasonRoute() {
  const seasonId = Number(useParams().seasonId);
  const [searchParams] = useSearchParams();
  const seasons = useSuspenseQuery(seasonsQueryOptions());
  const season = seasons.data.body.data.find((candidate) => candidate.id === seasonId)!;
  const { entries, events, stale } = useSeasonCalendar(seasonId);
  const type = Number(searchParams.get('type'));
  const shown = filterCalendar(entries, {
    eventTypeId: Number.isInteger(type) && type > 0 ? type : undefined,
    hidePractice: searchParams.get('practice') === 'hide',
  });
  const days = groupByDay(shown);
  return (
    <>
      <Breadcrumbs items={[{ label: 'Seasons', to: paths.seasons.href() }, { label: season.name }]} />
      <h1 className="heading-1">{season.name}</h1>
      <p className="mt-1 text-sm">
        {formatPlainDate(season.startDate)} – {formatPlainDate(season.endDate)} ·{' '}
        <Link className="link" to={paths.standings.href(season.id)}>
          Standings
        </Link>
      </p>
      <QueryNotices stale={stale} refreshFailed={false} updatedAt={seasons.dataUpdatedAt} />
      <CalendarFilters events={events} />
      {days.length === 0 ? (
        <EmptyState title="No events match">Try another event type, or show practice events.</EmptyState>
      ) : (
        days.map(({ day, entries: dayEntries }) => (
          <section key={day} aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`} className="heading-2">
              <time dateTime={day}>{formatPlainDate(day)}</time>
            </h2>
            <CompetitionList entries={dayEntries} />
          </section>
        ))
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Season" />;
}
