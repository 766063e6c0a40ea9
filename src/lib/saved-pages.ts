/**
 * The pages saved on this device for reading offline (decision 075): each page the app showed from fresh reads while
 * the service worker controlled it, so its reads (and, for a page loaded as a document, its HTML) are in the worker's
 * caches. Kept with their titles in a cache of their own beside the worker's, bounded, newest last; the offline page
 * lists them. Not in the initial JS: the pages' notices and the worker's registration import it.
 */
import { paths } from '../config/paths';
import { SAVED_COPY_DAYS } from './saved-copy-meta';

const CACHE_NAME = 'saved-pages';
/** Enough for a weekend's shows; the worker keeps 500 reads, so older pages would lose their numbers anyway. */
export const MAX_SAVED_PAGES = 40;
const KEEP_MS = SAVED_COPY_DAYS * 24 * 60 * 60 * 1000;

export interface SavedPage {
  /** path and query, as the app's links write them */
  url: string;
  title: string;
  savedAt: number;
}

/**
 * The page in view, saved: only when its reads went through the worker (it controls the page) and online. Never the
 * judge's page: its title names the judge's seat, and a judge's data stays out of the fans' caches (decision 090).
 */
export async function rememberPage(): Promise<void> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller || !navigator.onLine) return;
  if (location.pathname === paths.judgeTablet.path) return;
  const url = location.pathname + location.search;
  const cache = await caches.open(CACHE_NAME);
  // Deleted first, so a page seen again moves to the end: the cache's keys keep the order they were put in.
  await cache.delete(url);
  await cache.put(url, Response.json({ title: document.title, savedAt: Date.now() }));
  const urls = await cache.keys();
  await Promise.all(urls.slice(0, Math.max(0, urls.length - MAX_SAVED_PAGES)).map((request) => cache.delete(request)));
}

function savedPageOf(url: string, value: unknown): SavedPage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { title, savedAt } = value as { title?: unknown; savedAt?: unknown };
  if (typeof title !== 'string' || typeof savedAt !== 'number') return undefined;
  const path = new URL(url);
  return { url: path.pathname + path.search, title, savedAt };
}

/** The pages saved here, newest first, without those whose saved reads the worker has let go. */
export async function savedPages(now = Date.now()): Promise<SavedPage[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(CACHE_NAME);
  const entries = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const answer = await cache.match(request);
      return answer ? savedPageOf(request.url, await answer.json().catch(() => undefined)) : undefined;
    }),
  );
  return entries
    .filter((page): page is SavedPage => page !== undefined && now - page.savedAt < KEEP_MS)
    .sort((a, b) => b.savedAt - a.savedAt);
}
