import { formatAge } from '../../../lib/dates';
import { useNow } from '../../../lib/use-now';
import type { StreamState } from '../api/use-console-stream';

/**
 * How fresh the console's numbers are, said every second, and whether they are pushed: "Live" while the stream of
 * changes is open (a judge's entry shows within 2 s), "Reconnecting" while it is not (the console then asks every
 * 5 s), "Connection lost" when a read fails. The console is open all show long, and a stale screen must never pass
 * for a live one.
 */
export function Freshness({
  updatedAt,
  failed,
  stream,
  live = "judges' entries show as they arrive",
  what = 'the numbers below are',
}: {
  updatedAt: number;
  failed: boolean;
  stream: StreamState;
  /** what "Live" means on this page */
  live?: string;
  /** what a lost connection leaves on screen */
  what?: string;
}) {
  const now = useNow(1000);
  const age = updatedAt > 0 ? formatAge(now - updatedAt) : 'not yet';
  let text;
  if (failed)
    text = (
      <span className="font-semibold text-red-800 dark:text-red-300">
        <span aria-hidden="true">⚠ </span>Connection lost: {what} from {age}. Trying again…
      </span>
    );
  else if (stream === 'live')
    text = (
      <span className="text-slate-700 dark:text-slate-300">
        <span aria-hidden="true" className="text-green-700 dark:text-green-400">
          ●{' '}
        </span>
        Live: {live}. Updated {age}.
      </span>
    );
  else if (stream === 'reconnecting')
    text = (
      <span className="font-semibold text-amber-800 dark:text-amber-300">
        <span aria-hidden="true">◌ </span>Reconnecting… Updated {age}; checking every 5 s meanwhile.
      </span>
    );
  else
    text = (
      <span className="text-slate-700 dark:text-slate-300">
        <span aria-hidden="true">○ </span>
        {stream === 'connecting' ? 'Connecting…' : 'Checking every 5 s.'} Updated {age}.
      </span>
    );
  return (
    <p role="status" className="text-sm">
      {text}
    </p>
  );
}
