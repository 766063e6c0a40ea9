import type { KeptForOffline } from '../../../lib/use-kept-for-offline';
import type { JudgeSnapshot } from '../queue/judge-store';
import type { QueueStatus } from '../queue/send-queue';
import { clockTime } from '../utils/show-date';

const clock = clockTime;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Whether a reload without a network opens the page: a judge checks it before the network can drop. */
const KEPT_TEXT: Readonly<Record<KeptForOffline, string>> = {
  kept: 'This page opens on this device without a network.',
  'not-yet': 'Not yet saved for use without a network: keep the network on a moment.',
  unsupported:
    'This browser cannot open the page again without a network; what you type is kept on the device all the same.',
};

/**
 * What is not yet sent, when the API was last reached, and whether the page opens without a network: always on
 * screen, so a judge never wonders.
 */
export function QueueStatusLine({
  snapshot,
  status,
  kept,
}: {
  snapshot: JudgeSnapshot;
  status: QueueStatus;
  kept: KeptForOffline | undefined;
}) {
  const waiting = snapshot.outbox.length;
  const held = snapshot.held.size;
  const why =
    status.blocked === 'offline'
      ? 'No network: they are kept on this device and sent when it is back.'
      : status.blocked === 'unavailable'
        ? 'The server is not answering: trying again.'
        : status.blocked === 'signed-out'
          ? 'Sign in again to send them; they are kept on this device.'
          : status.sending
            ? 'Sending…'
            : '';
  return (
    <div
      role="status"
      className={`my-3 rounded-md border px-3 py-2 ${
        waiting > 0 || held > 0
          ? 'border-amber-700/50 bg-amber-50 text-amber-950 dark:border-amber-300/40 dark:bg-amber-950 dark:text-amber-100'
          : 'border-emerald-700/40 bg-emerald-50 text-emerald-950 dark:border-emerald-300/40 dark:bg-emerald-950 dark:text-emerald-100'
      }`}
    >
      <p className="font-semibold">
        {waiting > 0 ? `${count(waiting, 'entry', 'entries')} waiting to send` : 'Every entry sent'}
        {held > 0 ? ` · ${count(held, 'entry needs', 'entries need')} your decision` : ''}
      </p>
      <p className="text-base">
        {waiting > 0 && why ? `${why} ` : ''}
        {snapshot.lastReachedAt === null
          ? 'Not in touch with the server yet.'
          : `Last reached the server at ${clock(snapshot.lastReachedAt)}.`}
        {kept ? ` ${KEPT_TEXT[kept]}` : ''}
      </p>
    </div>
  );
}
