import { memo } from 'react';
import { Link } from 'react-router';
import type { MySeat } from '../../../lib/api-models';
import { STATUS_LABELS, type SeatPerformance, type SheetStatus } from '../utils/sheet-state';

interface RunningOrderProps {
  seat: MySeat;
  current: SeatPerformance | undefined;
  hrefOf: (performance: SeatPerformance) => string;
  /** each performance's entry state, in running order */
  statuses: readonly SheetStatus[];
}

/**
 * The seat's performances in running order, each with its entry's state; wraps rather than scrolls sideways.
 * Memoized on the states themselves: a keystroke, and the device store's answer to it, re-render the sheet and the
 * own ranks, and this only when an entry's state changes.
 */
export const RunningOrder = memo(function RunningOrder({ seat, current, hrefOf, statuses }: RunningOrderProps) {
  return (
    <nav aria-label="Running order">
      <ol className="flex flex-wrap gap-2">
        {seat.performances.map((performance, i) => {
          const status = statuses[i];
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
}, sameRunningOrder);

function sameRunningOrder(before: RunningOrderProps, after: RunningOrderProps): boolean {
  return (
    before.seat === after.seat &&
    before.current === after.current &&
    before.hrefOf === after.hrefOf &&
    before.statuses.length === after.statuses.length &&
    before.statuses.every((status, i) => status === after.statuses[i])
  );
}
