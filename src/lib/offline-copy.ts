/**
 * Whether the numbers on screen are the service worker's saved copies (decision 038), and since when. A saved copy
 * never poses as live: the page says "Saved <date, time>", shows no Live badge and opens no live stream.
 */
import { useSyncExternalStore } from 'react';
import { SAVED_AT_HEADER, SAVED_AT_META } from './offline-copy-names';

/** Milliseconds since the epoch of the oldest saved copy shown since the last fresh answer; undefined: all fresh. */
export type SavedAt = number | undefined;

/**
 * The rule. A saved answer (its copy's instant) keeps the oldest instant seen, so a page built from several saved
 * reads says when its oldest part was saved. A fresh answer means the network is back, and the app re-reads what is
 * on screen (react-query refetches on reconnect): the page is live again.
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

/** Called by the fetch layer for every answer the browser got (the server's own reads never carry the header). */
export function noteAnswer(response: Response): void {
  update({ savedAt: response.headers.get(SAVED_AT_HEADER) });
}

/** A page the worker served from its copies carries the meta element; read once when the app starts. */
export function noteDocument(document: Document): void {
  const meta = document.querySelector(`meta[name="${SAVED_AT_META}"]`);
  if (meta) update({ savedAt: meta.getAttribute('content') ?? '' });
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
