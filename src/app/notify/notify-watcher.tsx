import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { competitionScheduleQueryOptions } from '../../features/competitions/api/get-competition-schedule';
import { performancesQueryOptions } from '../../features/competitions/api/get-performances';
import { seasonCalendarQueryOptions } from '../../features/events/api/get-season-calendar';
import { splitByToday } from '../../features/events/utils/calendar';
import { currentSeason, seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import type { FollowedGroup } from '../../lib/following-storage';
import { subscribeLiveDay } from '../../lib/live-day-stream';
import { formatTime } from '../../lib/dates';
import { useDateFormat } from '../../lib/use-hydrated';
import { movedForFollowed, type MovedPerformance } from './moved-for-followed';
import { releasedForFollowed, type ReleasedResult } from './released-for-followed';
import { watchedToday } from './watched-today';

interface Announcement {
  key: string;
  title: string;
  body: string;
  /** where its link goes, and what the link says */
  href: string;
  linkText: string;
}

/**
 * Loaded only while some followed group asked to be told (notify-gate.tsx): listens to the live push of today's
 * competitions (one stream for all of them), re-reads a competition's released records and its schedule on each
 * change and tells of every new result of an opted-in group and every time of one moved (decision 141), by a system notification where the browser allows it, else by a notice on
 * the page.
 */
export default function NotifyWatcher({ groups }: { groups: readonly FollowedGroup[] }) {
  const seasons = useQuery(seasonsQueryOptions());
  const season = seasons.data ? currentSeason(seasons.data.body.data) : undefined;
  const calendar = useQuery({ ...seasonCalendarQueryOptions(season?.id ?? 0), enabled: season !== undefined });
  const format = useDateFormat();
  const now = new Date();
  const today = calendar.data ? watchedToday(splitByToday(calendar.data.body.data, now, format).live, now) : [];
  const [notices, setNotices] = useState<Announcement[]>([]);
  const announce = useCallback((announcements: Announcement[]) => {
    const onPage = announcements.filter((announcement) => !showSystemNotification(announcement));
    if (onPage.length > 0) setNotices((current) => [...current, ...onPage].slice(-5));
  }, []);
  // Each competition's watch, by guid, told of its changes by the one stream.
  const [watches] = useState(() => new Map<string, () => void>());
  const [versions] = useState(() => new Map<string, string>());
  const guids = today.map((entry) => entry.competition.guid).join(',');
  useEffect(() => {
    if (guids === '') return;
    return subscribeLiveDay(guids.split(','), (guid) => watches.get(guid)?.(), versions);
  }, [guids, watches, versions]);

  return (
    <>
      {today.map((entry) => (
        <CompetitionWatch
          key={entry.competition.guid}
          guid={entry.competition.guid}
          name={entry.competition.name}
          groups={groups}
          announce={announce}
          watches={watches}
        />
      ))}
      {notices.length > 0 ? (
        <section
          aria-label="Score notifications"
          className="fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-md flex-col gap-2"
        >
          {notices.map((notice) => (
            <div
              key={notice.key}
              role="status"
              className="rounded-md border border-blue-900 bg-white p-3 text-sm shadow-lg dark:border-sky-300 dark:bg-slate-900"
            >
              <p className="font-semibold">{notice.title}</p>
              <p>{notice.body}</p>
              <p className="mt-2 flex gap-3">
                <Link
                  className="underline"
                  to={notice.href}
                  onClick={() => setNotices((current) => current.filter((other) => other !== notice))}
                >
                  {notice.linkText}
                </Link>
                <button
                  type="button"
                  className="underline"
                  onClick={() => setNotices((current) => current.filter((other) => other !== notice))}
                >
                  Dismiss
                </button>
              </p>
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}

function CompetitionWatch({
  guid,
  name,
  groups,
  announce,
  watches,
}: {
  guid: string;
  name: string;
  groups: readonly FollowedGroup[];
  announce: (announcements: Announcement[]) => void;
  watches: Map<string, () => void>;
}) {
  const queryClient = useQueryClient();
  const groupsNow = useRef(groups);
  useEffect(() => {
    groupsNow.current = groups;
  }, [groups]);
  useEffect(() => {
    const seen = new Set<string>();
    const times = new Map<number, string | null>();
    let active = true;
    let first = true;
    const check = async () => {
      const announceThis = !first;
      first = false;
      const { body } = await queryClient.fetchQuery({ ...performancesQueryOptions(guid), staleTime: 0 });
      const released = releasedForFollowed(guid, body, groupsNow.current, seen, announceThis);
      if (active && released.length > 0) announce(released.map((result) => announcementOf(result, guid, name)));
      // the published times too, where the upstream serves the schedule as data (our API): a moved time is news
      const { competition } = (await queryClient.fetchQuery(competitionQueryOptions(guid))).body;
      if (competition.id === null || !competition.scheduleData) return;
      const schedule = await queryClient.fetchQuery({
        ...competitionScheduleQueryOptions(guid, competition.id),
        staleTime: 0,
      });
      const moved = movedForFollowed(guid, schedule.body?.data ?? [], groupsNow.current, times);
      if (active && moved.length > 0) announce(moved.map((one) => movedAnnouncementOf(one, name)));
    };
    // Checks run one after another, the first (what was already out) before any change is judged.
    let queue = check().catch(() => undefined);
    const again = () => void (queue = queue.then(check).catch(() => undefined));
    watches.set(guid, again);
    return () => {
      active = false;
      if (watches.get(guid) === again) watches.delete(guid);
    };
  }, [guid, name, queryClient, announce, watches]);
  return null;
}

function announcementOf(
  { key, group, record }: ReleasedResult,
  competitionGuid: string,
  competitionName: string,
): Announcement {
  const placement = record.Rank > 0 ? `, rank ${record.Rank} in ${record.DivisionName}` : ` in ${record.DivisionName}`;
  return {
    key,
    href: paths.recap.href(competitionGuid),
    linkText: 'See the recap',
    title: `${group.name}: scores released`,
    body: `${record.TotalScore}${placement} (${record.RoundName}) at ${competitionName}`,
  };
}

/** "Kingwood HS now performs at 7:42 PM", in the viewer's time zone, the group's itinerary a tap away. */
function movedAnnouncementOf({ key, group, entry, from }: MovedPerformance, competitionName: string): Announcement {
  const round = entry.round.name || `round ${entry.round.number}`;
  return {
    key,
    href: paths.group.href(group),
    linkText: 'See its itinerary',
    title: `${group.name} now performs at ${formatTime(entry.time!)}`,
    body: `${entry.division.name} (${round}) at ${competitionName}${from ? `, was ${formatTime(from)}` : ''}`,
  };
}

/** True when the system showed it; false where the browser does not allow it (no permission, or a phone that needs a service worker). */
function showSystemNotification(announcement: Announcement): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  try {
    new Notification(announcement.title, { body: announcement.body, tag: announcement.key });
    return true;
  } catch {
    return false;
  }
}
