import { formatDate, formatDateTime, machineDate } from '../lib/dates';
import { useHydrated } from '../lib/use-hydrated';

/**
 * An instant in the viewer's time zone and language. Server HTML (and the hydration of it) cannot know either, so it
 * shows the instant in UTC, in English, and the viewer's own form replaces it right after hydration.
 */
export function LocalDateTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={machineDate(iso)}>
      {hydrated ? formatDateTime(iso) : formatDateTime(iso, { timeZone: 'UTC', locale: 'en-US' })}
    </time>
  );
}

/** A day ("Sat, Mar 28, 2026") in the viewer's time zone and language, in UTC and English until hydrated. */
export function LocalDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={machineDate(iso)}>
      {hydrated ? formatDate(iso) : formatDate(iso, { timeZone: 'UTC', locale: 'en-US' })}
    </time>
  );
}
