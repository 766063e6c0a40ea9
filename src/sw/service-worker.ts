/// <reference lib="webworker" />
/**
 * The service worker (decision 038), built by vite-plugin-pwa (injectManifest) from Workbox's modules. Pages and the
 * app's reads: network first, the saved copy when the network fails, marked as saved so the app never shows it as
 * live. The live stream is never touched. The build's hashed files: cache first (a name never changes content),
 * warmed at install and kept across app updates, so a page of an older version still finds its chunks.
 *
 * A signed-in user's data never goes into these caches (decision 090): the caller's own reads (`/api/me`,
 * `/api/me/...`) and the BFF's sign-in routes (`/auth/...`) are left to the network, and writes are never routed here
 * (Workbox routes GET only; a score entry is a POST). The judge's page (`/judge`) is never saved as a page either: it
 * is not rendered on the server, so offline the build's own shell opens it, and its data comes from the judge's own
 * IndexedDB, which a sign-out deletes (src/lib/judge-data.ts).
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { warmStrategyCache } from 'workbox-recipes';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { OFFLINE_CODE, SAVED_AT_HEADER } from '../lib/saved-copy-header';
import { SAVED_AT_META, SAVED_COPY_DAYS } from '../lib/saved-copy-meta';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

const DAY_SECONDS = 24 * 60 * 60;
/** A phone with a signal that answers nothing should not wait long for the saved page. */
const NETWORK_TIMEOUT_SECONDS = 6;
/** The build's own index.html: a page seen only inside the app (never loaded as a document) opens in it offline. */
const APP_SHELL = '/index.html';

const sameOrigin = (url: URL) => url.origin === self.location.origin;
/** A signed-in user's own reads: `/api/me` and under it (seats, entries). */
const isOwnRead = (url: URL) => url.pathname === '/api/me' || url.pathname.startsWith('/api/me/');
/**
 * The judges' commentary and the tablets' reports (decision 128): a signed-in person's, and audio the circuit hears,
 * never fans: never saved here (decision 090), Range requests of the audio included.
 */
const isCommentary = (url: URL) =>
  url.pathname.startsWith('/api/commentary/') || /\/commentary(?:\/|$)|\/tablets$/.test(url.pathname);
const isRead = (url: URL) =>
  url.pathname.startsWith('/api/') &&
  url.pathname !== '/api/health' &&
  !isCommentary(url) &&
  !url.pathname.endsWith('/live') &&
  // the console's and a judge's streams of changes (decisions 101, 124): streams, and a signed-in person's
  !url.pathname.endsWith('/changes') &&
  !isOwnRead(url);
const isJudgePage = (url: URL) => url.pathname === '/judge' || url.pathname.startsWith('/judge/');
const isPage = (request: Request, url: URL) =>
  (request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html')) &&
  !url.pathname.startsWith('/api/') &&
  !url.pathname.startsWith('/assets/') &&
  // Signing in and out are the BFF's redirects, never a page to save (decision 086).
  !url.pathname.startsWith('/auth/');

/** The copy's instant: its Date header (the server's clock when it answered), else now. */
function savedInstant(response: Response): string {
  const date = Date.parse(response.headers.get('date') ?? '');
  return new Date(Number.isNaN(date) ? Date.now() : date).toISOString();
}

/** The copy's headers for a new body: the stored body is already decoded, and its length may change. */
function copyHeaders(response: Response): Headers {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return headers;
}

const markSavedRead: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = copyHeaders(cachedResponse);
    headers.set(SAVED_AT_HEADER, savedInstant(cachedResponse));
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

const markSavedPage: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => {
    if (!cachedResponse || new URL(request.url).pathname === APP_SHELL) return cachedResponse;
    const meta = `<meta name="${SAVED_AT_META}" content="${savedInstant(cachedResponse)}">`;
    const html = (await cachedResponse.text()).replace('<head>', () => `<head>${meta}`);
    return new Response(html, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers: copyHeaders(cachedResponse),
    });
  },
};

const expiration = (maxEntries: number, days: number) =>
  new ExpirationPlugin({ maxEntries, maxAgeSeconds: days * DAY_SECONDS, purgeOnQuotaError: true });

const pages = new NetworkFirst({
  cacheName: 'pages',
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  // A navigation's Accept differs from the app's own request for the same page (CACHE_URLS): the page is the same.
  matchOptions: { ignoreVary: true },
  plugins: [
    expiration(200, SAVED_COPY_DAYS),
    markSavedPage,
    // Offline and never loaded as a document: the app's shell renders it from the saved reads.
    { handlerDidError: async () => (await caches.open('pages')).match(APP_SHELL, { ignoreVary: true }) },
  ],
});

/**
 * No network and no saved copy: a problem the app knows (OFFLINE_CODE) instead of a failed fetch, so the page says
 * at once that it is offline rather than retrying into a paused query (decision 075).
 */
const offlineAnswer: WorkboxPlugin = {
  handlerDidError: () =>
    Promise.resolve(
      Response.json(
        {
          type: 'about:blank',
          status: 503,
          title: 'Offline',
          detail: 'No connection, and this read is not saved on this device.',
          code: OFFLINE_CODE,
        },
        { status: 503, headers: { 'content-type': 'application/problem+json' } },
      ),
    ),
};

/**
 * A signed-in person's own reads (/me, the audit, unreleased scores) come `private, no-store` (decision 086): never
 * kept on the device, where the next person to open the site would find them.
 */
const notStored: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) =>
    Promise.resolve(
      response.status === 200 && !/no-store/i.test(response.headers.get('cache-control') ?? '') ? response : null,
    ),
};

const reads = new NetworkFirst({
  cacheName: 'reads',
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  matchOptions: { ignoreVary: true },
  plugins: [notStored, expiration(500, SAVED_COPY_DAYS), markSavedRead, offlineAnswer],
});

const builtFiles = new CacheFirst({ cacheName: 'built-files', plugins: [expiration(600, 90)] });
/** The build's hashed files (vite.config.ts: the worker's manifest), not its unhashed icons or manifest. */
const builtUrls = self.__WB_MANIFEST.map(
  (entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.origin).pathname,
);

/**
 * The judge's page: from the network, never saved; offline, the build's shell (it carries nobody's data), whose app
 * opens the page from the judge's IndexedDB. First, so the fans' page route never sees it.
 */
const judgePage = new NetworkOnly({
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [{ handlerDidError: async () => (await caches.open('pages')).match(APP_SHELL, { ignoreVary: true }) }],
});

registerRoute(({ request, url }) => sameOrigin(url) && isPage(request, url) && isJudgePage(url), judgePage);
registerRoute(({ request, url }) => sameOrigin(url) && isPage(request, url), pages);
registerRoute(({ url }) => sameOrigin(url) && isRead(url), reads);
registerRoute(({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'), builtFiles);

warmStrategyCache({ urls: builtUrls, strategy: builtFiles });
warmStrategyCache({ urls: [APP_SHELL], strategy: pages });

// Nothing is deleted when a new version takes over (no precache to clean up): an open page keeps working.
void self.skipWaiting();
clientsClaim();
