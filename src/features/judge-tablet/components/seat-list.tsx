import { Link } from 'react-router';
import type { MySeat } from '../../../lib/api-models';
import { seatId } from '../utils/sheet-state';
import { showDate } from '../utils/show-date';

/** The judge's seats: each opens its running order. */
export function SeatList({ seats }: { seats: readonly MySeat[] }) {
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
