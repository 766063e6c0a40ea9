import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { LocalDate } from '../../components/local-date-time';
import { Pager } from '../../components/pager';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { seasonCalendarQueryOptions } from '../../features/events/api/get-season-calendar';
import { CalendarFilters } from '../../features/events/components/calendar-filters';
import { CompetitionList } from '../../features/events/components/competition-list';
import { CALENDAR_PAGE_SIZE, dayRange, filterCalendar, groupByDay } from '../../features/events/utils/calendar';
import { formatPlainDate } from '../../lib/dates';
import { pageOf, withPage } from '../../lib/paging';
import { useDateFormat } from '../../lib/use-hydrated';
import { RouteErrorView } from '../route-error';

/** A season's competitions by day, a page at a time (`?page=`), filtered by the URL's search, type and practice. */
export default function SeasonRoute() {
  const seasonId = Number(useParams().seasonId);
  const [searchParams] = useSearchParams();
  const format = useDateFormat();
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(seasonCalendarQueryOptions(seasonId));
  const { season, data: entries } = data.body;
  const type = Number(searchParams.get('type'));
  const shown = filterCalendar(entries, {
    eventTypeId: Number.isInteger(type) && type > 0 ? type : undefined,
    hidePractice: searchParams.get('practice') === 'hide',
    search: searchParams.get('q') ?? '',
  });
  const page = pageOf(shown, searchParams.get('page'), CALENDAR_PAGE_SIZE);
  const days = groupByDay(page.items, format);
  const describe = (number: number) =>
    dayRange(shown.slice((number - 1) * CALENDAR_PAGE_SIZE, number * CALENDAR_PAGE_SIZE), format);
  const [first, last] = [entries[0], entries.at(-1)];
  return (
    <>
      <title>{`${season.name} · Marching Results`}</title>
      <Breadcrumbs items={[{ label: 'Seasons', to: paths.seasons.href() }, { label: season.name }]} />
      <h1 className="heading-1">{season.name}</h1>
      <p className="mt-1 text-sm">
        {first && last ? (
          <>
            <LocalDate iso={first.competition.date} /> – <LocalDate iso={last.competition.date} /> · {entries.length}{' '}
            competition{entries.length === 1 ? '' : 's'} ·{' '}
          </>
        ) : null}
        <Link className="link" to={paths.standings.href(season.id)}>
          Standings
        </Link>{' '}
        ·{' '}
        <Link className="link" to={paths.seasonJudges.href(season.id)}>
          Judges
        </Link>
      </p>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      <CalendarFilters entries={entries} />
      {days.length === 0 ? (
        <EmptyState title={entries.length === 0 ? 'No competitions yet' : 'No events match'}>
          {entries.length === 0
            ? 'Competitions appear here once the circuit schedules them.'
            : 'Try other words or another event type, or show practice events.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm" aria-live="polite">
            Competitions {page.start + 1}–{page.start + page.items.length} of {shown.length}
            {shown.length < entries.length ? ' that match' : ''}
          </p>
          <Pager label="Pages of competitions" number={page.number} count={page.count} describe={describe} />
          {days.map(({ day, entries: dayEntries }) => (
            <section key={day} aria-labelledby={`day-${day}`}>
              <h2 id={`day-${day}`} className="heading-2">
                <time dateTime={day}>{formatPlainDate(day, format)}</time>
              </h2>
              <CompetitionList entries={dayEntries} />
            </section>
          ))}
          {page.number < page.count ? (
            <p className="mt-6">
              <Link className="button" to={{ search: withPage(searchParams, page.number + 1) }}>
                Next page: {describe(page.number + 1)}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Season" />;
}
