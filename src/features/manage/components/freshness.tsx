import { formatAge } from '../../../lib/dates';
import { useNow } from '../../../lib/use-now';

/**
 * How fresh the console's numbers are, said every second ("updated 3 s ago"), and a lost connection said as such:
 * the console is open all show long, and a stale screen must never pass for a live one.
 */
export function Freshness({ updatedAt, failed, offline }: { updatedAt: number; failed: boolean; offline: boolean }) {
  const now = useNow(1000);
  const age = updatedAt > 0 ? formatAge(now - updatedAt) : 'not yet';
  return (
    <p role="status" className="text-sm">
      {failed || offline ? (
        <span className="font-semibold text-red-800 dark:text-red-300">
          <span aria-hidden="true">⚠ </span>Connection lost: the numbers below are from {age}. Trying again…
        </span>
      ) : (
        <span className="text-slate-700 dark:text-slate-300">
          <span aria-hidden="true">● </span>Updated {age} (checks every 1.5 s)
        </span>
      )}
    </p>
  );
}
