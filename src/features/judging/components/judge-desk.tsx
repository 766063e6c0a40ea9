import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageSkeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { meQueryOptions } from '../api/get-me';
import { mySeatsQueryOptions } from '../api/get-my-seats';
import { useJudgeSnapshot, useQueueStatus, type JudgeDevice } from '../queue/use-judge-device';
import { seatId } from '../utils/sheet-state';
import { QueueStatusLine } from './queue-status';
import { SeatList } from './seat-list';
import { SeatView } from './seat-view';
import { SignInPrompt } from './sign-in-prompt';

const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * The judge's page: the seats (read from the API and saved on the device, or the saved ones offline), the open seat
 * and performance named in the URL, and always what waits to be sent.
 */
export function JudgeDesk({ device }: { device: JudgeDevice }) {
  const { store, queue } = device;
  const snapshot = useJudgeSnapshot(store);
  const status = useQueueStatus(queue);
  const me = useQuery(meQueryOptions(store));
  const seats = useQuery(mySeatsQueryOptions(store));
  const [searchParams] = useSearchParams();

  const needsSignIn = signedOut(me.error) || signedOut(seats.error) || status.blocked === 'signed-out';
  const readsSignedIn = seats.isSuccess && !seats.isError;
  useEffect(() => {
    // The reads work again (a new session): what waited for it goes now.
    if (readsSignedIn && queue.status().blocked === 'signed-out') void queue.resume();
  }, [readsSignedIn, seats.dataUpdatedAt, queue]);

  const saved = snapshot.seats;
  const seat = saved?.seats.find((item) => seatId(item) === searchParams.get('seat'));
  const performanceId = Number(searchParams.get('performance')) || undefined;
  const who = snapshot.me?.user ? `${snapshot.me.user.firstName} ${snapshot.me.user.lastName}` : null;

  return (
    <div className="text-lg">
      <title>{`${seat ? `Judging ${seat.caption.initials} · ${seat.division.name}` : 'Judging'} · Marching Results`}</title>
      {needsSignIn ? <SignInPrompt waiting={snapshot.outbox.length} /> : null}
      <QueueStatusLine snapshot={snapshot} status={status} />
      {seats.isError && !signedOut(seats.error) && saved ? (
        <p role="status" className="mb-3 text-base">
          Not connected: showing your seats as saved on this device at {new Date(saved.savedAt).toLocaleString()}.
        </p>
      ) : null}
      {seat ? (
        <SeatView snapshot={snapshot} queue={queue} seat={seat} performanceId={performanceId} />
      ) : (
        <>
          <h1 className="heading-1">Judging</h1>
          {who ? <p className="mb-3 text-base">Signed in as {who}</p> : null}
          {saved ? (
            saved.seats.length === 0 ? (
              <EmptyState title="You are not seated on any caption">
                A tabulator seats you on a caption of a competition; your seats appear here.
              </EmptyState>
            ) : (
              <SeatList seats={saved.seats} />
            )
          ) : seats.isPending ? (
            <PageSkeleton />
          ) : needsSignIn ? null : (
            <EmptyState title="Your seats could not be read">
              {isApiError(seats.error) && seats.error.status === 0
                ? 'No connection, and no seats are saved on this device yet: open this page once with a network.'
                : seats.error instanceof Error
                  ? seats.error.message
                  : 'Try again when the network is back.'}
            </EmptyState>
          )}
        </>
      )}
    </div>
  );
}
