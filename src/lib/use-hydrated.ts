import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page renders on the server and while the browser hydrates that HTML, true from the render
 * after. What depends on the viewer (time zone, locale, today's date, screen width) differs between the server
 * and the browser; rendering it only once hydrated keeps the hydrated markup identical to the server's, so React
 * keeps the server's DOM instead of rebuilding the page. A page the app renders itself is hydrated from the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The time zone and language to show dates in: the viewer's own (undefined: the browser's) once hydrated, UTC and
 * English on the server and while hydrating, so the hydrated markup is the server's.
 */
export function useDateFormat(): { timeZone?: string; locale?: string } {
  return useHydrated() ? {} : SERVER_FORMAT;
}
const SERVER_FORMAT = { timeZone: 'UTC', locale: 'en-US' };
