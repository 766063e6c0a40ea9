import { memo } from 'react';
import { Link } from 'react-router';
import type { MySeat } from '../../../lib/api-models';
import type { JudgeSnapshot } from '../queue/judge-store';
import { sheetState, STATUS_LABELS, type SeatPerformance } from '../utils/sheet-state';

/**
 * The seat's performances in running order, each with its entry's state; wraps rather than scrolls sideways.
 * Memoized: a keystroke re-renders the sheet and the own ranks, not this (it changes with the device's store).
 */
export const RunningOrder = memo(function RunningOrder({
  snapshot,
  seat,
  current,
  hrefOf,
}: {
  snapshot: JudgeSnapshot;
  seat: MySeat;
  current: SeatPerformance | undefined;
  hrefOf: (performance: SeatPerformance) => string;
}) {
  return (
    <nav aria-label="Running order">
      <ol className="flex flex-wrap gap-2">
        {seat.performances.map((performance) => {
          const { status } = sheetState(snapshot, seat, performance);
          const open = performance.id === current?.id;
          return (
            <li key={performance.id}>
              <Link
                to={hrefOf(performance)}
                aria-current={open ? 'page' : undefined}
                className={`flex min-h-12 flex-col justify-center rounded-md border px-3 py-1 text-base ${
                  open
                    ? 'border-blue-800 bg-blue-800 text-white dark:border-sky-300 dark:bg-sky-300 dark:text-slate-950'
                    : 'border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-900'
                }`}
              >
                <span className="font-semibold">
                  {performance.order}. {performance.group.name}
                </span>
                <span className="text-sm">{STATUS_LABELS[status]}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
});
