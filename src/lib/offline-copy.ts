/**
 * Whether the numbers on screen are the service worker's saved copies (decision 038), and since when. A saved copy
 * never poses as live: the page says "Saved <date, time>", shows no Live badge and opens no live stream.
 *
 * Derived from what the app already holds: each read's answer (`ApiResult.savedAt`, from the worker's header) as it
 * lands in the query cache, and the page's own HTML (the worker's meta element). This module is not in the initial
 * JS (the pages' notices and the live stream import it); it starts watching when a page first needs it.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { queryClient } from './react-query';
import { SAVED_AT_META } from './saved-copy-meta';

/** Milliseconds since the epoch of the oldest saved copy shown since the last fresh answer; undefined: all fresh. */
export type SavedAt = number | undefined;

/**
 * The rule. A saved answer (its copy's instant) keeps the oldest instant seen, so a page built from several saved
 * reads says when its oldest part was saved. A fresh answer means the network is back, and the app re-reads what is
 * on screen on reconnect: the page is live again.
 */
export function nextSavedAt(current: SavedAt, answer: { savedAt: string | null }): SavedAt {
  if (answer.savedAt === null) return undefined;
  const instant = Date.parse(answer.savedAt);
  // A header we cannot read is still a saved copy: say so, with the oldest instant we know, or now.
  const known = Number.isNaN(instant) ? (current ?? Date.now()) : instant;
  return current === undefined ? known : Math.min(current, known);
}

let savedAt: SavedAt;
const listeners = new Set<() => void>();

function update(answer: { savedAt: string | null }): void {
  const next = nextSavedAt(savedAt, answer);
  if (next === savedAt) return;
  savedAt = next;
  for (const listener of listeners) listener();
}

/** The worker's mark on an answer the browser read (`ApiResult.savedAt`); undefined for data not read here. */
function answerOf(data: unknown): { savedAt: string | null } | undefined {
  const mark = typeof data === 'object' && data !== null ? (data as { savedAt?: unknown }).savedAt : undefined;
  return mark === null || typeof mark === 'string' ? { savedAt: mark } : undefined;
}

function watch(client: QueryClient, document: Document): void {
  // Reads may have landed before this module loaded (a page's first reads start with its route): in their order.
  const landed = client
    .getQueryCache()
    .findAll()
    .filter((query) => query.state.dataUpdatedAt >= performance.timeOrigin)
    .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
  for (const query of landed) {
    const answer = answerOf(query.state.data);
    if (answer) update(answer);
  }
  const meta = document.querySelector(`meta[name="${SAVED_AT_META}"]`);
  if (meta) update({ savedAt: meta.getAttribute('content') ?? '' });
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const answer = answerOf(event.query.state.data);
    if (answer) update(answer);
  });
  // Ask even when the browser says it is offline: the worker answers from its saved copies ('online' would pause
  // the read). Back online, what is on screen is read again even if it looks fresh: it may be a saved copy (a saved
  // page hydrates with the time it was first rendered), and the numbers may have changed.
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, networkMode: 'offlineFirst', refetchOnReconnect: 'always' },
  });
  // react-query assumes it starts online and learns otherwise only from an "offline" event: a page opened offline
  // must know, or going back online would change nothing.
  onlineManager.setOnline(navigator.onLine);
  askAgainWhileSaved(client, () => savedAt !== undefined);
}

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 30_000;

/**
 * Back online, the reads asked at once can still fail: the connection is not usable yet (a phone rejoining the
 * stadium's Wi-Fi, the browser's network not yet back in its service worker), and no other "online" event comes. While
 * the page shows saved copies and the browser says it is online, what is on screen is asked again, 2 s later, then
 * twice as long each time up to 30 s, until a fresh answer ends it.
 */
export function askAgainWhileSaved(client: QueryClient, showsSaved: () => boolean): () => void {
  let delay = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    if (!showsSaved() || !onlineManager.isOnline()) return;
    timer = setTimeout(() => {
      if (!showsSaved() || !onlineManager.isOnline()) return;
      void client.refetchQueries({ type: 'active' }).finally(() => {
        delay = Math.min(delay * 2, LAST_RETRY_MS);
        schedule();
      });
    }, delay);
  };
  const unsubscribe = onlineManager.subscribe((online) => {
    delay = FIRST_RETRY_MS;
    if (online) schedule();
    else clearTimeout(timer);
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/** Registers the worker once the page has loaded: it takes nothing from the first paint. Only in a build. */
function registerWhenLoaded(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('./register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

if (typeof window !== 'undefined') {
  watch(queryClient, document);
  registerWhenLoaded();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The saved instant of what the page shows (undefined: fresh). Server HTML and its hydration never say saved. */
export function useSavedAt(): SavedAt {
  return useSyncExternalStore(
    subscribe,
    () => savedAt,
    () => undefined,
  );
}
