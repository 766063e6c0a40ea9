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
  const workbox = new Workbox(SERVICE_WORKER_URL);
  const controlled = navigator.serviceWorker.controller
    ? Promise.resolve()
    : new Promise<void>((resolve) => workbox.addEventListener('controlling', () => resolve()));
  await workbox.register();
  await controlled;
  // The page's HTML is asked for as a page (Accept: text/html) so the worker files it with the pages.
  const urlsToCache: Array<string | [string, RequestInit]> = [
    [location.href, { headers: { accept: 'text/html' } }],
    ...readsMade(),
  ];
  await workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } });
  // Its notices came before the worker controlled it: listed as saved now (the offline page's list).
  await rememberPage();
}
