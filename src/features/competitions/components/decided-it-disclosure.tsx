import { lazy, Suspense, useState } from 'react';
import type { DivisionRoundScores } from '../utils/recap-types';
import { closeCount } from '../utils/close-placement';

const DecidedIt = lazy(() => import('./decided-it'));

/**
 * "What decided it" under a division's results, offered where a placement was decided by less than a point. A
 * native disclosure (keyboard and screen readers know it); its code loads and its numbers are computed when opened,
 * so the recap's first paint and its view switch do none of this work.
 */
export function DecidedItDisclosure({ section }: { section: DivisionRoundScores }) {
  const [open, setOpen] = useState(false);
  const count = closeCount(section.performances);
  if (count === 0) return null;
  return (
    <details className="mt-3" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer py-1 font-semibold">
        What decided it{' '}
        <span className="font-normal">
          ({count} {count === 1 ? 'placement' : 'placements'} by under a point)
        </span>
      </summary>
      {open ? (
        <Suspense fallback={<p>Loading…</p>}>
          <DecidedIt section={section} />
        </Suspense>
      ) : null}
    </details>
  );
}
