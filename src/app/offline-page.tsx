import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LocalDateTime } from '../components/local-date-time';
import { serverAnswers } from '../lib/api/health';
import { savedPages, type SavedPage } from '../lib/saved-pages';

const SITE_SUFFIX = ' · Marching Results';

/**
 * Offline, on a page this device never saved (decision 075): said at once, with what is saved here to read instead,
 * and the page loads by itself when the connection is back (it is loaded again).
 */
export function OfflinePage() {
  const [pages, setPages] = useState<SavedPage[]>();
  // A saved page opening (a document load) is not interrupted: Chromium may tell the page leaving that it is
  // "online" as the next one starts, and a reload then would take the reader back here.
  const leaving = useRef(false);
  useEffect(() => {
    savedPages().then(setPages, () => setPages([]));
  }, []);
  useEffect(() => {
    // The whole page again, as a fresh visit: the route's reads and whatever failed with them (a chunk, a read). Only
    // once the server answers: "online" can come before the connection carries anything (a network still joining;
    // a browser's emulation lifts the page's offline state before its worker's), and a reload then fails again.
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = (tries = 0) => {
      clearTimeout(retry);
      if (leaving.current) return;
      serverAnswers().then(
        () => {
          if (!leaving.current) location.reload();
        },
        () => {
          if (tries < 30 && navigator.onLine) retry = setTimeout(() => load(tries + 1), 1000);
        },
      );
    };
    const online = () => load();
    // Back here from the saved page (the browser's back-forward cache keeps this one as it was): not leaving now.
    const back = () => (leaving.current = false);
    addEventListener('online', online);
    addEventListener('pageshow', back);
    return () => {
      clearTimeout(retry);
      removeEventListener('online', online);
      removeEventListener('pageshow', back);
    };
  }, []);
  return (
    <section aria-labelledby="offline-title" className="py-6">
      <title>{`You’re offline${SITE_SUFFIX}`}</title>
      <h1 id="offline-title" className="heading-1">
        You’re offline
      </h1>
      <p className="mt-2 max-w-prose">
        This page is not saved on this device, so it cannot open without a connection. It will load by itself when the
        connection is back.
      </p>
      <h2 className="heading-2 mt-6">Saved on this device</h2>
      {pages === undefined ? null : pages.length === 0 ? (
        <p className="mt-2 max-w-prose">
          Nothing yet. A page you open while online is saved here, to read when you have no signal.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {pages.map((page) => (
            <li key={page.url} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
              {/* A document load: the worker answers it with the saved page itself. A page the server rendered
                  carries its numbers in that HTML, and its reads were never fetched here, so the app's own
                  navigation would find nothing saved to read. */}
              <Link to={page.url} reloadDocument className="link" onClick={() => (leaving.current = true)}>
                {page.title.endsWith(SITE_SUFFIX) ? page.title.slice(0, -SITE_SUFFIX.length) : page.title}
              </Link>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                Saved <LocalDateTime iso={new Date(page.savedAt).toISOString()} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
