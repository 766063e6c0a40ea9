import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MySeat } from '../../../lib/api-models';
import type { JudgeSnapshot } from '../queue/judge-store';
import type { SendQueue } from '../queue/send-queue';
import type { TypedLine } from '../utils/sheet';
import {
  nextToScore,
  ranksWithLive,
  seatId,
  sheetState,
  storedNumbers,
  type SeatPerformance,
} from '../utils/sheet-state';
import { sheetKeyOf } from '../queue/judge-records';
import { OwnRanksTable } from './own-ranks-table';
import { LiveLinesStore } from '../utils/live-lines';
import { showDate } from '../utils/show-date';
import { PrintSheetsLink } from './print-sheets';
import { RunningOrder } from './running-order';
import { ScoreSheet } from './score-sheet';
import { commentaryBridge } from '../device/commentary-bridge';

/** The recording part: its own chunk, loaded only for a seat whose event records commentary (decision 134). */
const RecorderPanel = lazy(() => import('../commentary').then((part) => ({ default: part.RecorderPanel })));

/** The shortcut to the next performance in running order (aria-keyshortcuts names it for assistive technology). */
const NEXT_SHORTCUT = 'Alt+N';

/** One seat: its running order, the open performance's sheet, and the judge's own numbers beside it. */
export function SeatView({
  snapshot,
  queue,
  seat,
  performanceId,
}: {
  snapshot: JudgeSnapshot;
  queue: SendQueue;
  seat: MySeat;
  performanceId: number | undefined;
}) {
  const navigate = useNavigate();
  const next = nextToScore(snapshot, seat);
  const current =
    seat.performances.find((performance) => performance.id === performanceId) ?? next ?? seat.performances[0];
  const [live] = useState(() => new LiveLinesStore());
  const [failure, setFailure] = useState<string | null>(null);
  const hrefOf = useCallback(
    (performance: SeatPerformance) => `?seat=${encodeURIComponent(seatId(seat))}&performance=${performance.id}`,
    [seat],
  );
  const index = current ? seat.performances.indexOf(current) : -1;
  const following = seat.performances[index + 1];
  const followingHref = following ? hrefOf(following) : undefined;

  useEffect(() => {
    if (!followingHref) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyN') {
        event.preventDefault();
        void navigate(followingHref);
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [followingHref, navigate]);

  // The same functions from render to render (ScoreSheet is memoized): what they need is read when they are called.
  const currentId = current?.id;
  const sheetKey = current ? sheetKeyOf({ performanceId: current.id, captionKey: seat.caption.key }) : '';
  const onType = useCallback(
    (lines: TypedLine[], entry: Parameters<SendQueue['record']>[2]) => {
      if (currentId === undefined) return;
      live.set({ performanceId: currentId, lines });
      const ref = { performanceId: currentId, captionKey: seat.caption.key };
      const marks = entry ? commentaryBridge.get()?.marksFor(ref, entry.scores) : undefined;
      queue.record(ref, lines, entry && marks ? { ...entry, marks } : entry).catch(failed(setFailure));
    },
    [currentId, seat, queue, live],
  );
  const onResolve = useCallback(
    (choice: 'mine' | 'theirs') => void queue.resolve(sheetKey, choice).catch(failed(setFailure)),
    [sheetKey, queue],
  );

  const state = current ? sheetState(snapshot, seat, current) : null;
  // A sheet starts again from the stored numbers when someone else changed them or a conflict came or went, never
  // while the judge's own writes come back (that would move the cursor under the judge's finger).
  const sheetStart =
    current && state
      ? `${current.id}:${state.held ? 'held' : 'open'}:${state.changedBy ? (state.server?.version ?? 0) : 'own'}`
      : '';
  // ...and the ranks beside it then rank the stored numbers (a tabulator's correction), not the ones typed before.
  useEffect(() => live.set(null), [sheetStart, live]);

  if (!current || !state) return <p>No performances in this round yet.</p>;
  const statuses = seat.performances.map((performance) =>
    performance === current ? state.status : sheetState(snapshot, seat, performance).status,
  );

  return (
    <div>
      <p className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <Link to="?" className="link">
          All seats
        </Link>
        <PrintSheetsLink seat={seat} named={false} />
      </p>
      <h1 className="heading-1">
        {seat.caption.name} · {seat.division.name} · {seat.round.name}
      </h1>
      <p className="mb-3 text-base text-slate-700 dark:text-slate-300">
        {seat.competition.name}, {showDate(seat.competition.date)}
      </p>
      {next && next.id !== current.id ? (
        <p className="mb-3">
          Next to score:{' '}
          <Link to={hrefOf(next)} className="link font-semibold">
            {next.order}. {next.group.name}
          </Link>
        </p>
      ) : null}
      {failure ? (
        <p
          role="alert"
          className="my-3 rounded-md bg-red-50 px-3 py-2 font-semibold text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          Not kept on this device: {failure}
        </p>
      ) : null}
      <RunningOrder seat={seat} current={current} hrefOf={hrefOf} statuses={statuses} />
      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,18rem)]">
        <div className="min-w-0">
          <ScoreSheet
            key={sheetStart}
            seat={seat}
            performance={current}
            state={state}
            onType={onType}
            onResolve={onResolve}
          />
          {following ? (
            <Link to={hrefOf(following)} aria-keyshortcuts={NEXT_SHORTCUT} className="button mt-4 min-h-12 text-base">
              Next performance: {following.group.name} ({NEXT_SHORTCUT})
            </Link>
          ) : null}
        </div>
        <div className="min-w-0">
          {seat.competition.commentaryEnabled ? (
            <Suspense fallback={null}>
              <RecorderPanel seat={seat} performance={current} />
            </Suspense>
          ) : null}
          <OwnRanks snapshot={snapshot} seat={seat} current={current.id} live={live} />
        </div>
      </div>
    </div>
  );
}

/** A keystroke the device could not keep (storage gone: a sign-out in another tab cleared it) is said, not dropped. */
const failed = (setFailure: (message: string) => void) => (error: unknown) =>
  setFailure(error instanceof Error ? error.message : String(error));

/** The own ranks with the open sheet's typed lines: drawn again on each keystroke, alone with the sheet. */
function OwnRanks({
  snapshot,
  seat,
  current,
  live,
}: {
  snapshot: JudgeSnapshot;
  seat: MySeat;
  current: number;
  live: LiveLinesStore;
}) {
  const stored = useMemo(() => storedNumbers(snapshot, seat), [snapshot, seat]);
  const typed = useSyncExternalStore(live.subscribe, live.get, live.get);
  const ranks = ranksWithLive(stored, seat, typed?.performanceId === current ? typed : null);
  return <OwnRanksTable seat={seat} ranks={ranks} current={current} />;
}
