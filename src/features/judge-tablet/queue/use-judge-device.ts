import { useEffect, useState, useSyncExternalStore } from 'react';
import { JudgeStore, type JudgeSnapshot } from './judge-store';
import { SendQueue, type QueueStatus } from './send-queue';

export interface JudgeDevice {
  store: JudgeStore;
  queue: SendQueue;
}

/** One store and one queue per page load: every view of the page sends through the same outbox. */
let opening: Promise<JudgeDevice> | undefined;

function openDevice(): Promise<JudgeDevice> {
  if (opening) return opening;
  opening = JudgeStore.open().then((store) => ({
    store,
    queue: new SendQueue({ store, paused: true }),
  }));
  // A failed open (storage refused) may succeed on the next visit to the page.
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
}

/** Closes the page's store and stops its queue (the page unmounts; a sign-out deletes the database: lib/judge-data.ts). */
export async function closeJudgeDevice(): Promise<void> {
  // Forgotten at once, so a page mounted right after (React's strict mode mounts twice) opens its own.
  const closing = opening;
  opening = undefined;
  const device = await closing?.catch(() => undefined);
  device?.queue.stop();
  device?.store.close();
}

/**
 * The device store and queue, opened in the browser only (the BFF's render of the page never touches IndexedDB).
 * The queue starts paused: the page resumes it once the session is the judge's (judge-desk.tsx).
 */
export function useJudgeDevice(): { device?: JudgeDevice; error?: Error } {
  const [state, setState] = useState<{ device?: JudgeDevice; error?: Error }>({});
  useEffect(() => {
    let live = true;
    openDevice().then(
      (device) => live && setState({ device }),
      (error: unknown) => live && setState({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
      // Leaving the page closes the store once its writes are done; coming back opens it again from IndexedDB.
      void closeJudgeDevice();
    };
  }, []);
  return state;
}

export function useJudgeSnapshot(store: JudgeStore): JudgeSnapshot {
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}

export function useQueueStatus(queue: SendQueue): QueueStatus {
  return useSyncExternalStore(queue.subscribe, queue.status, queue.status);
}
