/**
 * Registers the service worker (src/sw/service-worker.ts, decision 038). Loaded after the first paint, never in
 * the initial JS. The page that registers it was loaded before any worker existed: once the worker controls the
 * page, it is asked to save this page and the reads it made, so the first page of a visit opens offline too.
 */
import { Workbox } from 'workbox-window';
import { env } from '../config/env';
import { rememberPage } from './saved-pages';

/** vite.config.ts builds src/sw/service-worker.ts here; the BFF serves it no-cache (server/bff/static-files.ts). */
const SERVICE_WORKER_URL = '/service-worker.js';

/** The reads this page made (the resource timings of `/api/...`), but never the live stream. */
function readsMade(): string[] {
  const reads = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter(
      (url) =>
        url.origin === location.origin && url.pathname.startsWith(`${env.apiBase}/`) && !url.pathname.endsWith('/live'),
    )
    .map((url) => url.href);
  return [...new Set(reads)];
}

/** Never throws: without a worker (refused, or a browser without one) the app works, only not offline. */
export async function registerServiceWorker(): Promise<void> {
  try {
    await register();
  } catch (error) {
    console.warn('Offline reading is not available:', error);
  }
}

async function register(): Promise<void> {
  const workbox = await untilInstalled(installOnce, retryAfter);
  // The page's HTML is asked for as a page (Accept: text/html) so the worker files it with the pages.
  const urlsToCache: Array<string | [string, RequestInit]> = [
    [location.href, { headers: { accept: 'text/html' } }],
    ...readsMade(),
  ];
  await workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } });
  // Its notices came before the worker controlled it: listed as saved now (the offline page's list).
  await rememberPage();
}

/**
 * One try: its Workbox once the worker controls the page; null if it could not install, which the browser does not try
 * again until the next page load (and a judge's page is one load for a whole show): its script could not be
 * fetched, or one of the build's files could not (the network dropped during the install: the worker is then
 * redundant). Any other refusal (an insecure origin, a browser that forbids workers) is thrown: trying again would
 * not help.
 */
async function installOnce(): Promise<Workbox | null> {
  const workbox = new Workbox(SERVICE_WORKER_URL);
  const controlled = navigator.serviceWorker.controller !== null;
  const installed = new Promise<Workbox | null>((resolve) => {
    workbox.addEventListener('controlling', () => resolve(workbox));
    workbox.addEventListener('redundant', () => resolve(null));
  });
  try {
    await workbox.register();
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
  return controlled ? workbox : installed;
}

const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;

/** Tries until installed: 5 s after a failed try, then twice as long each time up to 5 minutes. */
export async function untilInstalled<Installed>(
  once: () => Promise<Installed | null>,
  wait: (ms: number) => Promise<void>,
): Promise<Installed> {
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LAST_RETRY_MS)) {
    const installed = await once();
    if (installed !== null) return installed;
    await wait(delay);
  }
}

/** Waits `ms`, or until the network comes back, whichever is first. */
function retryAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    addEventListener('online', done);
  });
}
