import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageSkeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api/core';
import { clearJudgeData, hasJudgeAudio } from '../../../lib/judge-data';
import { commentaryBridge } from '../device/commentary-bridge';
import { useTabletHeartbeat } from '../device/use-tablet-heartbeat';
import { useKeptForOffline } from '../../../lib/use-kept-for-offline';
import { ANOTHER_JUDGE, judgeSessionQueryOptions } from '../api/get-judge-session';
import { useSeatsStream } from '../api/use-seats-stream';
import { useJudgeSnapshot, useQueueStatus, type JudgeDevice } from '../queue/use-judge-device';
import { seatId } from '../utils/sheet-state';
import { PrintSheets, PrintSheetsLink, roundId, roundsOf } from './print-sheets';
import { QueueStatusLine } from './queue-status';
import { SeatList } from './seat-list';
import { SeatView } from './seat-view';
import { SignInPrompt } from './sign-in-prompt';

/** What waits of the recordings: the recording part's chunk, loaded only where commentary is recorded. */
const AudioWaitingLine = lazy(() => import('../commentary').then((part) => ({ default: part.AudioWaitingLine })));

const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * The judge's page: the seats (read from the API and saved on the device, or the saved ones offline), the open seat
 * and performance named in the URL, and always what waits to be sent.
 */
export function JudgeDesk({ device }: { device: JudgeDevice }) {
  const { store, queue } = device;
  const snapshot = useJudgeSnapshot(store);
  const status = useQueueStatus(queue);
  const kept = useKeptForOffline();
  const session = useQuery(judgeSessionQueryOptions(store));
  const [searchParams] = useSearchParams();

  const needsSignIn = signedOut(session.error) || status.blocked === 'signed-out';
  const anotherJudge = isApiError(session.error) && session.error.code === ANOTHER_JUDGE;
  const confirmed = session.isSuccess;
  // Told of its seats' changes (a tabulator's correction) by push once the session was the judge's; the stream
  // reconnects by itself after a network cut and the seats are read again then (decision 124).
  useSeatsStream(session.data !== undefined && !needsSignIn && !anotherJudge);
  useEffect(() => {
    // Only once this page load has seen the session is the judge's (again) does anything go, and again each time
    // the browser says the network is back.
    if (!confirmed) return;
    void queue.resume();
    commentaryBridge.confirm();
    const send = () => void queue.run();
    addEventListener('online', send);
    return () => removeEventListener('online', send);
  }, [confirmed, session.dataUpdatedAt, queue]);

  const saved = anotherJudge ? null : snapshot.seats;
  const seat = saved?.seats.find((item) => seatId(item) === searchParams.get('seat'));
  const performanceId = Number(searchParams.get('performance')) || undefined;
  const printRound = searchParams.get('print');
  // recordings of an earlier show may wait on the device where no seat records now: they are still sent
  const [audioHere, setAudioHere] = useState(false);
  useEffect(() => void hasJudgeAudio().then(setAudioHere, () => undefined), []);
  const records = audioHere || (saved?.seats.some((item) => item.competition.commentaryEnabled) ?? false);
  useTabletHeartbeat(confirmed && !anotherJudge, snapshot.outbox.length, seat?.competition.id);
  const who = !anotherJudge && snapshot.me?.user ? `${snapshot.me.user.firstName} ${snapshot.me.user.lastName}` : null;

  return (
    <div className="text-lg">
      <title>{`${seat ? `Judging ${seat.caption.initials} · ${seat.division.name}` : 'Judging'} · Marching Results`}</title>
      {needsSignIn ? (
        <SignInPrompt waiting={snapshot.outbox.length} judgedHere={snapshot.me !== null || snapshot.seats !== null} />
      ) : null}
      <div className="print:hidden">
        <QueueStatusLine snapshot={snapshot} status={status} kept={kept} />
        {records && !anotherJudge ? (
          <Suspense fallback={null}>
            <AudioWaitingLine />
          </Suspense>
        ) : null}
      </div>
      {anotherJudge ? (
        <AnotherJudge store={store} detail={session.error instanceof Error ? session.error.message : ''} />
      ) : null}
      {session.isError && !signedOut(session.error) && !anotherJudge && saved ? (
        <p role="status" className="mb-3 text-base print:hidden">
          Not connected: showing your seats as saved on this device at {new Date(saved.savedAt).toLocaleString()}.
        </p>
      ) : null}
      {printRound !== null && saved ? (
        <PrintSheets snapshot={snapshot} seats={saved.seats} round={printRound} />
      ) : seat ? (
        <SeatView snapshot={snapshot} queue={queue} seat={seat} performanceId={performanceId} />
      ) : (
        <>
          <h1 className="heading-1">Judging</h1>
          {saved && searchParams.get('seat') ? (
            // An address naming a seat that is not this judge's (another judge's, or gone): said, never opened. The
            // API refuses this judge's writes there too (403), so nothing could be entered on it anyway.
            <p
              role="alert"
              className="my-3 rounded-md bg-red-50 px-3 py-2 font-semibold text-red-900 dark:bg-red-950 dark:text-red-100"
            >
              This seat is not one of yours: you can only open the seats you are given. Your seats are below.
            </p>
          ) : null}
          {who ? <p className="mb-3 text-base">Signed in as {who}</p> : null}
          {saved ? (
            saved.seats.length === 0 ? (
              <EmptyState title="You are not seated on any caption">
                A tabulator seats you on a caption of a competition; your seats appear here.
              </EmptyState>
            ) : (
              <>
                <SeatList seats={saved.seats} />
                <div className="mt-4 flex flex-wrap gap-2">
                  {roundsOf(saved.seats).map((round, _, rounds) => (
                    <PrintSheetsLink key={roundId(round)} seat={round} named={rounds.length > 1} />
                  ))}
                </div>
              </>
            )
          ) : session.isPending ? (
            <PageSkeleton />
          ) : needsSignIn || anotherJudge ? null : (
            <EmptyState title="Your seats could not be read">
              {isApiError(session.error) && session.error.status === 0
                ? 'No connection, and no seats are saved on this device yet: open this page once with a network.'
                : session.error instanceof Error
                  ? session.error.message
                  : 'Try again when the network is back.'}
            </EmptyState>
          )}
        </>
      )}
    </div>
  );
}

/** Another person signed in on a device holding a judge's data: theirs to send, or to discard on purpose. */
function AnotherJudge({ store, detail }: { store: JudgeDevice['store']; detail: string }) {
  const waiting = store.snapshot().outbox.length;
  return (
    <div
      role="alert"
      className="my-3 rounded-md border border-red-700/50 bg-red-50 px-3 py-3 dark:border-red-300/40 dark:bg-red-950"
    >
      <p className="font-semibold">{detail}</p>
      <p className="text-base">
        {waiting > 0 ? `${waiting} of their entries are not sent yet: sign in as them to send them. ` : ''}
        Nothing of theirs is shown or sent under your sign-in.
      </p>
      <button
        type="button"
        className="button mt-2 min-h-12 text-base"
        onClick={() => void clearJudgeData().then(() => location.reload())}
      >
        Discard their data on this device
      </button>
    </div>
  );
}
