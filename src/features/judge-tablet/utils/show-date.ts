/**
 * Dates and times as the judge's page shows them, in the device's time zone. Each format is made once: the page
 * renders on every keystroke, and `toLocaleString` with options builds a new formatter each call (a third of the
 * page's own script time per keystroke on an emulated tablet, `npm run bench -- --only tablet`).
 */
let formats: { show: Intl.DateTimeFormat; short: Intl.DateTimeFormat; clock: Intl.DateTimeFormat } | undefined;

function formatsNow() {
  formats ??= {
    show: new Intl.DateTimeFormat([], { dateStyle: 'medium', timeStyle: 'short' }),
    short: new Intl.DateTimeFormat([], { dateStyle: 'short', timeStyle: 'short' }),
    clock: new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  };
  return formats;
}

/**
 * A competition's start (GET /me/seats: `competition.date`, an ISO timestamp) as a judge reads it: "Nov 27, 2026,
 * 5:26 PM". Anything unreadable is shown as it came rather than as "Invalid Date".
 */
export function showDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatsNow().show.format(date);
}

/** When an entry was written (by whom is said beside it): "11/27/26, 5:26 PM"; empty when not known. */
export const shortDateTime = (at: string | null): string => (at ? formatsNow().short.format(new Date(at)) : '');

/** When the device last reached the server: "05:26:03 PM". */
export const clockTime = (at: number): string => formatsNow().clock.format(new Date(at));
