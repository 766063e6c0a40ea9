import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ItineraryView } from '../../components/itinerary-view';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { competitionScheduleQueryOptions } from '../../features/competitions/api/get-competition-schedule';
import { useLiveUpdates } from '../../features/competitions/api/use-live-updates';
import { seasonCalendarQueryOptions } from '../../features/events/api/get-season-calendar';
import { splitByToday } from '../../features/events/utils/calendar';
import { currentSeason, seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import type { CalendarEntry } from '../../lib/api-models';
import { useHydrated } from '../../lib/use-hydrated';

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
 * A group's itinerary today (issue 40 item 5; decision 141): its performances at today's competitions of the
 * current season, each with its steps, the one under way and the time to the next, read from the schedule the
 * upstream serves as data (our API) and kept live by the competition's pushed changes. Read through the app's
 * ordinary reads, so the service worker keeps the copies and a phone that opened it reads it offline. Nothing is
 * shown before hydration (today and the time zone are the viewer's), nor where no competition has the group today.
 */
export function TodaysItinerary({ groupName }: { groupName: string }) {
  const hydrated = useHydrated();
  const seasons = useQuery({ ...seasonsQueryOptions(), enabled: hydrated });
  const season = seasons.data ? currentSeason(seasons.data.body.data) : undefined;
  const calendar = useQuery({ ...seasonCalendarQueryOptions(season?.id ?? 0), enabled: season !== undefined });
  const now = useNow();
  if (!hydrated || !calendar.data) return null;
  const today = splitByToday(calendar.data.body.data, new Date(now)).live;
  if (today.length === 0) return null;
  return (
    <section aria-labelledby="todays-itinerary" className="mt-4 print:mt-0">
      <h2 id="todays-itinerary" className="heading-2">
        Today&apos;s itinerary
      </h2>
      {today.map((entry) => (
        <CompetitionItinerary key={entry.competition.guid} entry={entry} groupName={groupName} now={now} />
      ))}
      <p className="mt-2 print:hidden">
        <button type="button" className="button" onClick={() => window.print()}>
          Print the itinerary
        </button>
      </p>
    </section>
  );
}

function CompetitionItinerary({ entry, groupName, now }: { entry: CalendarEntry; groupName: string; now: number }) {
  const guid = entry.competition.guid;
  const summary = useQuery(competitionQueryOptions(guid));
  const competition = summary.data?.body.competition;
  const asData = competition !== undefined && competition.id !== null && competition.scheduleData;
  const schedule = useQuery({
    ...competitionScheduleQueryOptions(guid, competition?.id ?? 0),
    enabled: asData,
  });
  useLiveUpdates(guid, asData);
  const own = (schedule.data?.body?.data ?? []).filter(
    (performance) => performance.group.name === groupName && (performance.itinerary ?? []).length > 0,
  );
  return own.map((performance) => (
    <ItineraryView
      key={performance.performanceId}
      title={`${entry.competition.name} · ${performance.division.name}${performance.round.name ? ` · ${performance.round.name}` : ''}`}
      steps={performance.itinerary ?? []}
      now={now}
    />
  ));
}
