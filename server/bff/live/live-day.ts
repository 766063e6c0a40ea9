/**
 * Whether a competition may be live for some viewer. The app calls a competition live on the viewer's own today
 * (src/lib/dates.ts isToday); the BFF does not know the viewer's zone, so it accepts the competition's calendar date
 * from yesterday to tomorrow in UTC, which covers every zone from UTC-12 to UTC+14.
 */
const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4}-\d{2}-\d{2})/;

export function mayBeLive(competitionDate: string, now: number): boolean {
  const day = CALENDAR_DATE.exec(competitionDate)?.[1];
  if (day === undefined) return false;
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(dayStart)) return false;
  return Math.abs(dayStart - Math.floor(now / DAY_MS) * DAY_MS) <= DAY_MS;
}
