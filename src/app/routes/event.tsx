import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { eventQueryOptions } from '../../features/events/api/get-event';
import { seasonCalendarQueryOptions } from '../../features/events/api/get-season-calendar';
import { seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import { LocalDateTime } from '../../components/local-date-time';
import { parseId, RouteErrorView } from '../route-error';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const eventId = parseId(params.eventId, 'Event');
    const [event] = await Promise.all([
      queryClient.ensureQueryData(eventQueryOptions(eventId)),
      queryClient.ensureQueryData(seasonsQueryOptions()),
    ]);
    // Which competitions have scores out: the event's own read does not say, its season's calendar (one cached view) does.
    await queryClient.ensureQueryData(seasonCalendarQueryOptions(event.body.seasonId));
    return null;
  };

export default function EventRoute() {
  const eventId = Number(useParams().eventId);
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(eventQueryOptions(eventId));
  const seasons = useSuspenseQuery(seasonsQueryOptions());
  const event = data.body;
  const season = seasons.data.body.data.find((candidate) => candidate.id === event.seasonId);
  const competitions = [...event.competitions].sort((a, b) => a.date.localeCompare(b.date));
  const calendar = useSuspenseQuery(seasonCalendarQueryOptions(event.seasonId));
  const scored = new Set(
    calendar.data.body.data.filter((entry) => entry.competition.scoresReleased).map((entry) => entry.competition.guid),
  );
  return (
    <>
      <title>{`${event.name} · Marching Results`}</title>
      <Breadcrumbs
        items={[
          { label: 'Seasons', to: paths.seasons.href() },
          ...(season ? [{ label: season.name, to: paths.season.href(season.id) }] : []),
          { label: event.name },
        ]}
      />
      <h1 className="heading-1">{event.name}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {event.location} · {event.eventType}
      </p>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      <h2 className="heading-2">Competitions</h2>
      {competitions.length === 0 ? (
        <EmptyState title="No competitions scheduled yet" />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {competitions.map((competition) => (
            <li key={competition.guid} className="rounded-lg border border-slate-300 p-4 dark:border-slate-700">
              <h3 className="text-lg font-semibold">{competition.name}</h3>
              <p className="text-sm">
                <LocalDateTime iso={competition.date} />
              </p>
              <ul className="mt-3 flex flex-wrap gap-2">
                {/* The recap once scores are out; before that the schedule leads. */}
                {scored.has(competition.guid) ? (
                  <li>
                    <Link
                      className="button"
                      to={paths.recap.href(competition.guid)}
                      aria-label={`Recap: ${competition.name}`}
                    >
                      Recap
                    </Link>
                  </li>
                ) : null}
                <li>
                  <Link
                    className="button"
                    to={paths.schedule.href(competition.guid)}
                    aria-label={`Schedule: ${competition.name}`}
                  >
                    Schedule
                  </Link>
                </li>
                <li>
                  <Link
                    className="button"
                    to={paths.recapJudges.href(competition.guid)}
                    aria-label={`Judges: ${competition.name}`}
                  >
                    Judges
                  </Link>
                </li>
              </ul>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Event" />;
}
