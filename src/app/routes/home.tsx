import type { QueryClient } from '@tanstack/react-query';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLoaderData } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { paths } from '../../config/paths';
import { seasonCalendarQueryOptions } from '../../features/events/api/get-season-calendar';
import { seasonWinnersQueryOptions } from '../../features/events/api/get-season-winners';
import { CompetitionList } from '../../features/events/components/competition-list';
import { CALENDAR_PAGE_SIZE, splitByToday } from '../../features/events/utils/calendar';
import { YourGroups } from '../../features/following/components/your-groups';
import { currentSeason, seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import type { Season } from '../../lib/api-models';
import { useDateFormat } from '../../lib/use-hydrated';
import { pageReads } from '../page-reads';
import { RouteErrorView } from '../route-error';

const LIVE = 6;
const LATEST = 6;
const UPCOMING = 6;

export const clientLoader = (queryClient: QueryClient) => async () => {
  const [seasons] = pageReads.home();
  const { body } = await queryClient.ensureQueryData(seasons);
  const season = currentSeason(body.data);
  if (season) await queryClient.ensureQueryData(seasonCalendarQueryOptions(season.id));
  // Today is the viewer's; a page the server renders (and its hydration) splits at this instant, in UTC.
  return { renderedAt: Date.now() };
};

export default function HomeRoute() {
  const seasons = useSuspenseQuery(seasonsQueryOptions());
  const season = currentSeason(seasons.data.body.data);
  if (!season)
    return (
      <EmptyState title="No seasons yet">Results appear here once the circuit publishes its first season.</EmptyState>
    );
  return <SeasonHome season={season} seasonsStale={seasons.data.stale} />;
}

function SeasonHome({ season, seasonsStale }: { season: Season; seasonsStale: boolean }) {
  const { renderedAt } = useLoaderData<{ renderedAt: number }>();
  const format = useDateFormat();
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(seasonCalendarQueryOptions(season.id));
  const entries = data.body.data;
  const { live, upcoming, latest } = splitByToday(entries, format.timeZone ? new Date(renderedAt) : new Date(), format);
  // The winners come after the page (they need the season's results, which the BFF may have to build): the cards
  // paint from the calendar alone and gain their winners when they arrive. Not read when no card is scored.
  const scored = [...live, ...latest].some((entry) => entry.competition.scoresReleased);
  const winnersRead = useQuery({ ...seasonWinnersQueryOptions(season.id), enabled: scored });
  const winners = useMemo(
    () =>
      winnersRead.data && {
        seasonId: season.id,
        byCompetition: new Map(winnersRead.data.body.data.map((entry) => [entry.competitionGuid, entry.divisions])),
      },
    [winnersRead.data, season.id],
  );
  // A busy day of an archive holds some seventy shows: the rest are on the season's page that starts with today's.
  const todaysPage = live.length > 0 ? Math.floor(entries.indexOf(live[0]) / CALENDAR_PAGE_SIZE) + 1 : 1;
  return (
    <>
      <title>{`Latest results, ${season.name} · Marching Results`}</title>
      <YourGroups seasonId={season.id} />
      <h1 className="heading-1">{season.name}</h1>
      <p className="mt-1 flex gap-4 text-sm">
        <Link className="link" to={paths.season.href(season.id)}>
          All events this season
        </Link>
        <Link className="link" to={paths.standings.href(season.id)}>
          Standings
        </Link>
      </p>
      <QueryNotices stale={data.stale || seasonsStale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />

      <section aria-labelledby="live-now">
        <h2 id="live-now" className="heading-2">
          Live now
        </h2>
        {live.length > 0 ? (
          <CompetitionList entries={live.slice(0, LIVE)} winners={winners} />
        ) : (
          <p>No competition today.</p>
        )}
        {live.length > LIVE ? (
          <p className="mt-3">
            <Link className="link" to={paths.season.href(season.id, { page: todaysPage })}>
              All {live.length} competitions today
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="upcoming">
        <h2 id="upcoming" className="heading-2">
          Upcoming
        </h2>
        {upcoming.length > 0 ? (
          <CompetitionList entries={upcoming.slice(0, UPCOMING)} />
        ) : (
          <p>No more competitions scheduled this season.</p>
        )}
      </section>

      <section aria-labelledby="latest-results">
        <h2 id="latest-results" className="heading-2">
          Latest results
        </h2>
        {latest.length > 0 ? (
          <CompetitionList entries={latest.slice(0, LATEST)} winners={winners} />
        ) : (
          <p>No competitions held yet this season.</p>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Season" />;
}
