/* eslint-disable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex -- the stage is a
   named region the announcer drives as a whole (a tap anywhere on it, Space, Enter, arrows), so it takes the focus;
   the Back and Next buttons beside it are the same steps as buttons. */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { formatScore } from '../../../../domain/scores';
import { ordinal, type Announced } from '../utils/awards-model';

/** The keys that read the next placement, and the one that goes back (said on the page). */
const NEXT_KEYS = new Set([' ', 'Enter', 'ArrowRight']);
const BACK_KEY = 'ArrowLeft';

/**
 * One division and round read out at the awards: a tap on it or a key press reads the next placement (last place
 * first), in type large enough to read from a step away, and the announcer's place is `shown` (kept in the address,
 * so a reload or a second look keeps it). It takes the focus when it opens, so the keys work at once.
 */
export function AwardsStage({
  label,
  order,
  shown,
  onShown,
}: {
  label: string;
  /** last place first */
  order: readonly Announced[];
  shown: number;
  onShown: (shown: number) => void;
}) {
  const stage = useRef<HTMLElement>(null);
  useEffect(() => stage.current?.focus(), [label]);
  const current = shown > 0 ? order[shown - 1] : undefined;
  const step = (by: number) => {
    const next = Math.min(Math.max(shown + by, 0), order.length);
    if (next !== shown) onShown(next);
  };
  // The buttons hand the focus back, so the keys go on reading (and a button just disabled does not keep it).
  const stepAndRefocus = (by: number) => {
    step(by);
    stage.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (NEXT_KEYS.has(event.key)) step(1);
    else if (event.key === BACK_KEY) step(-1);
    else return;
    event.preventDefault();
  };
  const groups = `${order.length} ${order.length === 1 ? 'group' : 'groups'}`;
  return (
    <div className="print:hidden">
      <section
        ref={stage}
        aria-label={`Announcing ${label}`}
        aria-describedby="awards-keys"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onClick={() => step(1)}
        className="my-4 cursor-pointer rounded-xl border-2 border-slate-300 px-4 py-6 select-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 sm:px-8 dark:border-slate-700 dark:focus-visible:outline-sky-300"
      >
        <h2 className="text-xl font-semibold sm:text-2xl">
          {label}: {groups}
        </h2>
        <div role="status" className="mt-6 min-h-56 text-center sm:min-h-64">
          {current ? (
            <>
              <p className="text-3xl font-semibold sm:text-4xl">
                {ordinal(current.rank)} place{current.tied ? ' (tied)' : ''}
              </p>
              <p className="mt-4 text-4xl font-bold break-words sm:text-6xl">{current.group.name}</p>
              <p className="mt-4 text-4xl font-bold tabular-nums sm:text-6xl">{formatScore(current.total, 'total')}</p>
              {shown === order.length ? (
                <p className="mt-6 text-lg">That is every group of {label}.</p>
              ) : (
                <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">
                  {order.length - shown} still to read out
                </p>
              )}
            </>
          ) : (
            <p className="text-2xl sm:text-3xl">Ready: {groups} to read out, last place first.</p>
          )}
        </div>
      </section>
      <p id="awards-keys" className="text-sm text-slate-700 dark:text-slate-300">
        Tap the box, or press Space, Enter or → for the next placement; ← goes back.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="button min-h-11" disabled={shown === 0} onClick={() => stepAndRefocus(-1)}>
          ← Back
        </button>
        <button
          type="button"
          className="button min-h-11"
          disabled={shown === order.length}
          onClick={() => stepAndRefocus(1)}
        >
          Next →
        </button>
      </div>
      {shown > 1 ? (
        <>
          <h3 className="mt-6 font-semibold">Read out so far</h3>
          <ol className="mt-1 text-sm">
            {order.slice(0, shown - 1).map((placement) => (
              <li key={placement.performanceId}>
                {ordinal(placement.rank)}: {placement.group.name}, {formatScore(placement.total, 'total')}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
