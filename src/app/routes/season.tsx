import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { seasonCalendarQueryOptions } from '../../features/events/api/get-season-calendar';
import { CalendarFilters } from '../../features/events/components/calendar-filters';
import { CompetitionList } from '../../features/events/components/competition-list';
import { filterCalendar, groupByDay } from '../../features/events/utils/calendar';
import { formatDate, formatPlainDate } from '../../lib/dates';
import { parseId, RouteErrorView } from '../route-error';

export const clientLoader = (queryClient: QueryClient) => async ({ params }: LoaderFunctionArgs) => {
  // The calendar view answers 404 for a season that does not exist.
  await queryClient.ensureQueryData(seasonCalendarQueryOptions(parseId(params.seasonId, 'Season')));
  return null;
};

export default function SeasonRoute() {
  const seasonId = Number(useParams().seasonId);
  const [searchParams] = useSearchParams();
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(seasonCalendarQueryOptions(seasonId));
  const { season, data: entries } = data.body;
  const type = Number(searchParams.get('type'));
  const shown = filterCalendar(entries, {
    eventTypeId: Number.isInteger(type) && type > 0 ? type : undefined,
    hidePractice: searchParams.get('practice') === 'hide',
  });
  const days = groupByDay(shown);
  const [first, last] = [entries[0], entries.at(-1)];
  return (
    <>
      <Breadcrumbs items={[{ label: 'Seasons', to: paths.seasons.href() }, { label: season.name }]} />
      <h1 className="heading-1">{season.name}</h1>
      <p className="mt-1 text-sm">
        {first && last ? (
          <>
            {formatDate(first.competition.date)} – {formatDate(last.competition.date)} · {entries.length} competition{entries.length === 1 ? '' : 's'} ·{' '}
          </>
        ) : null}
        <Link className="link" to={paths.standings.href(season.id)}>
          Standings
        </Link>
      </p>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      <CalendarFilters entries={entries} />
      {days.length === 0 ? (
        <EmptyState title={entries.length === 0 ? 'No competitions yet' : 'No events match'}>
          {entries.length === 0 ? 'Competitions appear here once the circuit schedules them.' : 'Try another event type, or show practice events.'}
        </EmptyState>
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
