import type { CalendarEntry } from '../../lib/api-models';

/** Today's competitions listened to at most, per tab: a busy archive day has dozens, a circuit's real day a few. */
export const MAX_WATCHED = 12;

/**
 * Which of today's competitions to listen to: those starting nearest now, so on a day of more than `max` the ones
 * under way or about to start are heard, not the first few of the calendar's order (by time, then by name: a show
 * added this afternoon would come last and go unheard).
 */
export function watchedToday(today: readonly CalendarEntry[], now: Date, max = MAX_WATCHED): CalendarEntry[] {
  if (today.length <= max) return [...today];
  const distance = (entry: CalendarEntry) => {
    const start = Date.parse(entry.competition.date);
    return Number.isNaN(start) ? Number.POSITIVE_INFINITY : Math.abs(start - now.getTime());
  };
  return today
    .map((entry) => ({ entry, distance: distance(entry) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, max)
    .map(({ entry }) => entry);
}
