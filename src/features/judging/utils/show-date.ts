/**
 * A competition's start (GET /me/seats: `competition.date`, an ISO timestamp) as a judge reads it, in the device's
 * time zone: "Nov 27, 2026, 5:26 PM". Anything unreadable is shown as it came rather than as "Invalid Date".
 */
export function showDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}
