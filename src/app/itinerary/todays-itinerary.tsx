import { useEffect, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ItineraryView } from '../../components/itinerary-view';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { competitionScheduleQueryOptions } from '../../features/competitions/api/get-competition-schedule';
import { competitionKeys } from '../../features/competitions/api/keys';
import { seasonCalendarQueryOptions } from '../../features/events/api/get-season-calendar';
import { splitByToday } from '../../features/events/utils/calendar';
import { currentSeason, seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import { subscribeLiveDay } from '../../lib/live-day-stream';
import { useSavedAt } from '../../lib/offline-copy';
import { useHydrated } from '../../lib/use-hydrated';
import { watchedToday } from '../notify/watched-today';

/** The clock the itinerary reads, moved on every half minute: the time to the next step is in whole minutes. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The competitions a group's itinerary is in (`key`: their guids, separated by commas), listened to in one stream (`/api/bff/live?competitions=`): a stream
 * per competition of the day took the browser's six connections to the server on a day of several shows, and the
 * page's own reads waited. None while the page is read from the saved copies (decision 038).
 */
function useDayUpdates(key: string) {
  const queryClient = useQueryClient();
  const offline = useSavedAt() !== undefined;
  const [versions] = useState(() => new Map<string, string>());
  useEffect(() => {
    if (offline || key === '') return;
    return subscribeLiveDay(
      key.split(','),
      (guid) => void queryClient.invalidateQueries({ queryKey: competitionKeys.detail(guid) }),
      versions,
    );
  }, [key, offline, queryClient, versions]);
}

/**
 * A group's itinerary today (issue 40 item 5; decision 141): its performances at today's competitions of the
 * current season, each with its steps, the one under way and the time to the next, read from the schedule the
 * upstream serves as data (our API) and kept live by the competitions' pushed changes. Read through the app's
 * ordinary reads, so the service worker keeps the copies and a phone that opened it reads it offline. Nothing is
 * shown before hydration (today and the time zone are the viewer's), nor where the group has no step today; only the
 * competitions it performs at are listened to.
 */
export function TodaysItinerary({
  groupName,
  offlineCopy,
}: {
  groupName: string;
  /** where the same itinerary opens without a network (the signed-in pages need one): the fans' group page */
  offlineCopy?: string;
}) {
  const hydrated = useHydrated();
  const seasons = useQuery({ ...seasonsQueryOptions(), enabled: hydrated });
  const season = seasons.data ? currentSeason(seasons.data.body.data) : undefined;
  const calendar = useQuery({ ...seasonCalendarQueryOptions(season?.id ?? 0), enabled: season !== undefined });
  const now = useNow();
  // at most the twelve starting nearest now, as the notices listen to: each is a summary and a schedule read
  const today =
    hydrated && calendar.data
      ? watchedToday(splitByToday(calendar.data.body.data, new Date(now)).live, new Date(now))
      : [];
  // The summaries say which competitions serve their schedule as data; read once here (a recap page open on the
  // same competition polls its own), as a group that is not on the day's schedules needs no more of them.
  const summaries = useQueries({
    queries: today.map((entry) => ({ ...competitionQueryOptions(entry.competition.guid), refetchInterval: false })),
  });
  const schedules = useQueries({
    queries: today.map((entry, index) => {
      const competition = summaries[index]?.data?.body.competition;
      return {
        ...competitionScheduleQueryOptions(entry.competition.guid, competition?.id ?? 0),
        enabled: competition !== undefined && competition.id !== null && competition.scheduleData,
      };
    }),
  });
  const itineraries = today.flatMap((entry, index) =>
    (schedules[index]?.data?.body?.data ?? [])
      .filter((performance) => performance.group.name === groupName && (performance.itinerary ?? []).length > 0)
      .map((performance) => ({ competition: entry.competition, performance })),
  );
  // a string, equal from render to render while the same competitions are listened to
  useDayUpdates([...new Set(itineraries.map(({ competition }) => competition.guid))].join(','));
  if (itineraries.length === 0) return null;
  return (
    <section aria-labelledby="todays-itinerary" className="mt-4 print:mt-0">
      <h2 id="todays-itinerary" className="heading-2">
        Today&apos;s itinerary
      </h2>
      {itineraries.map(({ competition, performance }) => (
        <ItineraryView
          key={performance.performanceId}
          title={`${competition.name} · ${performance.division.name}${performance.round.name ? ` · ${performance.round.name}` : ''}`}
          steps={performance.itinerary ?? []}
          now={now}
        />
      ))}
      {offlineCopy === undefined ? null : (
        <p className="mt-2 print:hidden">
          Without a network, this page does not open: the{' '}
          <Link to={offlineCopy} className="text-blue-900 underline dark:text-sky-300">
            group&apos;s public page
          </Link>{' '}
          shows the same itinerary and keeps it on this device once opened.
        </p>
      )}
      <p className="mt-2 print:hidden">
        <button type="button" className="button" onClick={() => window.print()}>
          Print the itinerary
        </button>
      </p>
    </section>
  );
}
