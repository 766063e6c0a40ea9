import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LocalDateTime } from '../../../components/local-date-time';
import type { CalendarEntry, CompetitionWinners } from '../../../lib/api-models';
import { CompetitionWinnersList } from './competition-winners';

/**
 * Competitions as cards: name, event, where and when (viewer's time zone), with the recap and schedule a tap away.
 * The recap only once scores are out: before that it is an empty page, and the schedule is what a fan needs.
 * `winners` (by competition guid, with the season they link in) adds each division's winner to a scored card.
 */
export function CompetitionList({
  entries,
  winners,
}: {
  entries: CalendarEntry[];
  winners?: { seasonId: number; byCompetition: ReadonlyMap<string, CompetitionWinners['divisions']> };
}) {
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
            {event.practice ? (
              <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs font-normal dark:bg-slate-800">Practice</span>
            ) : null}
          </p>
          <p>{competition.name}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{event.location}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <LocalDateTime iso={competition.date} />
          </p>
          {competition.scoresReleased && winners?.byCompetition.has(competition.guid) ? (
            <CompetitionWinnersList
              divisions={winners.byCompetition.get(competition.guid)!}
              seasonId={winners.seasonId}
              label={`Winners: ${event.name}, ${competition.name}`}
            />
          ) : null}
          <p className="mt-2 flex gap-3 text-sm">
            {competition.scoresReleased ? (
              <Link
                className="link"
                to={paths.recap.href(competition.guid)}
                aria-label={`Recap: ${event.name}, ${competition.name}`}
              >
                Recap
              </Link>
            ) : null}
            <Link
              className="link"
              to={paths.schedule.href(competition.guid)}
              aria-label={`Schedule: ${event.name}, ${competition.name}`}
            >
              Schedule
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
