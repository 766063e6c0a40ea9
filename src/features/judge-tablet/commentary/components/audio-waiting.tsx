import { sizeOf } from '../../../../lib/format';
import { audioWaiting } from '../audio-store';
import { useCommentaryDevice, type CommentaryDevice } from '../commentary-device';
import { useOutboxStatus, useRecorderState, useRecordings } from '../use-commentary';

/** Beside the entries waiting: the recordings not yet on the server ("2 recordings, 3.4 MB waiting to send"). */
export default function AudioWaitingLine() {
  const { device } = useCommentaryDevice();
  return device ? <Line device={device} /> : null;
}

function Line({ device }: { device: CommentaryDevice }) {
  const recordings = useRecordings(device);
  const status = useOutboxStatus(device);
  const live = useRecorderState(device).key;
  // the recording running now is always a second behind: said only once it cannot be sent
  const { count, bytes } = audioWaiting(recordings, status.blocked === null ? live : null);
  const refused = [...recordings.values()].filter((recording) => recording.state === 'refused').length;
  if (count === 0 && refused === 0) return null;
  const why =
    status.blocked === 'offline'
      ? ' No network: kept on this device and sent when it is back.'
      : status.blocked === 'unavailable'
        ? ' The server is not answering: trying again.'
        : status.blocked === 'signed-out'
          ? ' Sign in again to send them.'
          : status.sending
            ? ' Sending…'
            : '';
  return (
    <p role="status" className="-mt-2 mb-3 rounded-b-md px-3 text-base">
      {count > 0 ? (
        <strong className="font-semibold">
          {count} {count === 1 ? 'recording' : 'recordings'}, {sizeOf(bytes)} waiting to send.
        </strong>
      ) : null}
      {count > 0 ? why : ''}
      {refused > 0
        ? ` ${refused} ${refused === 1 ? 'recording was' : 'recordings were'} not taken by the server: see its performance.`
        : ''}
    </p>
  );
}
