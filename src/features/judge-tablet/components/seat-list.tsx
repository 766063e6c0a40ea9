import { Link } from 'react-router';
import { managePaths } from '../../../config/manage-paths';
import type { MySeat } from '../../../lib/api-models';
import { seatId } from '../utils/sheet-state';
import { showDate } from '../utils/show-date';

/** The judge's seats: each opens its running order; each competition's critique schedule below them. */
export function SeatList({ seats }: { seats: readonly MySeat[] }) {
  const competitions = [...new Map(seats.map((seat) => [seat.competition.guid, seat.competition])).values()];
  return (
    <>
      <SeatLinks seats={seats} />
      {competitions.length > 0 ? (
        <p className="mt-4 text-base">
          {/* the station lists are the printable critique page's, which every judge reads (decision 137) */}
          {competitions.map((competition) => (
            <Link
              key={competition.guid}
              to={managePaths.critique.href(competition.guid)}
              className="mr-4 text-blue-900 underline dark:text-sky-300"
            >
              Critique schedule<span className="sr-only"> of {competition.name}</span>
            </Link>
          ))}
        </p>
      ) : null}
    </>
  );
}

function SeatLinks({ seats }: { seats: readonly MySeat[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {seats.map((seat) => (
        <li key={seatId(seat)}>
          <Link
            to={`?seat=${encodeURIComponent(seatId(seat))}`}
            className="block rounded-lg border border-slate-300 px-4 py-3 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-900"
          >
            <span className="block text-xl font-semibold">{seat.caption.name}</span>
            <span className="block">
              {seat.division.name} · {seat.round.name}
            </span>
            <span className="block text-base text-slate-700 dark:text-slate-300">
              {seat.competition.name}, {showDate(seat.competition.date)} · {seat.performances.length} performances
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
