import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { formatAge } from '../lib/dates';
import { useSavedAt } from '../lib/offline-copy';
import { rememberPage } from '../lib/saved-pages';
import { LocalDateTime } from './local-date-time';
import { useHydrated } from '../lib/use-hydrated';
import { useNow } from '../lib/use-now';
import { Notice } from './notice';

interface QueryNoticesProps {
  /** the BFF served its saved copy (X-BFF-Stale) */
  stale: boolean;
  /** the latest background refresh failed; the data on screen is from `updatedAt` */
  refreshFailed: boolean;
  updatedAt: number;
  /** the data refreshes on its own: say how fresh it is */
  live?: boolean;
  /** changes are pushed to this page as they happen (a live stream is open): it is up to date */
  pushed?: boolean;
}

/** What the reader needs to know about the freshness of the numbers on screen. */
export function QueryNotices({
  stale,
  refreshFailed,
  updatedAt,
  live: liveCompetition = false,
  pushed = false,
}: QueryNoticesProps) {
  // "Today" is the viewer's: server HTML and its hydration leave the live line out, the next render adds it.
  const savedAt = useSavedAt();
  const { pathname, search } = useLocation();
  // Every page with numbers shows these notices: one with fresh numbers is listed as saved on this device (the
  // offline page's list, decision 075), with the title it now has.
  useEffect(() => {
    if (savedAt === undefined) void rememberPage();
  }, [pathname, search, savedAt]);
  // A saved copy never poses as live (decision 038).
  const live = useHydrated() && liveCompetition && savedAt === undefined;
  const now = useNow(live || refreshFailed ? 1000 : 30_000);
  const age = formatAge(now - updatedAt);
  return (
    <>
      {live ? (
        <p className="my-2 flex items-center gap-2 text-sm font-medium">
          <span className="inline-block size-2.5 rounded-full bg-red-600" aria-hidden="true" />
          <span>Live</span>
          <span className="text-slate-700 dark:text-slate-300">
            {pushed && !refreshFailed ? '· up to date' : `· updated ${age}`}
          </span>
        </p>
      ) : null}
      {savedAt !== undefined ? (
        <Notice tone="warning">
          Saved <LocalDateTime iso={new Date(savedAt).toISOString()} />. No connection: these are the results as they
          were then; they update when the connection is back.
        </Notice>
      ) : null}
      {stale ? <Notice tone="warning">Showing saved results, the results service is not answering.</Notice> : null}
      {refreshFailed ? (
        <Notice tone="warning">
          Could not refresh the results; showing the results from {age}. Trying again shortly.
        </Notice>
      ) : null}
    </>
  );
}
