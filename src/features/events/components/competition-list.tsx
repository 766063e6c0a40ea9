import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LocalDateTime } from '../../../components/local-date-time';
import type { CalendarEntry } from '../../../lib/api-models';

/**
 * Competitions as cards: name, event, where and when (viewer's time zone), with the recap and schedule a tap away.
 * The recap only once scores are out: before that it is an empty page, and the schedule is what a fan needs.
 */
export function CompetitionList({ entries }: { entries: CalendarEntry[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map(({ event, competition }) => (
        <li key={competition.guid} className="rounded-lg border border-slate-300 p-3 dark:border-slate-700">
          <p className="font-semibold">
            {event.id !== null ? (
              <Link className="link" to={paths.event.href(event.id)}>
                {event.name}
              </Link>
            ) : (
              event.name
            )}
            {event.practice ? <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs font-normal dark:bg-slate-800">Practice</span> : null}
          </p>
          <p>{competition.name}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{event.location}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <LocalDateTime iso={competition.date} />
          </p>
          <p className="mt-2 flex gap-3 text-sm">
            {competition.scoresReleased ? (
              <Link className="link" to={paths.recap.href(competition.guid)} aria-label={`Recap: ${event.name}, ${competition.name}`}>
                Recap
              </Link>
            ) : null}
            <Link className="link" to={paths.schedule.href(competition.guid)} aria-label={`Schedule: ${event.name}, ${competition.name}`}>
              Schedule
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
