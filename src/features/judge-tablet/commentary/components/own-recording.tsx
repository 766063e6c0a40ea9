import { memo } from 'react';
import { CommentaryPlayer, type PlayerMark } from '../../../../components/signed-in/commentary-player';
import { env } from '../../../../config/env';
import type { MySeat } from '../../../../lib/api-models';
import { clockOf, sizeOf } from '../../../../lib/format';
import { formatScore } from '../../utils/sheet';
import type { SeatPerformance } from '../../utils/sheet-state';
import { totalDurationMs, type RecordingRecord } from '../audio-records';

/** The marks of a recording as the device keeps them: the numbers typed on its sheet, and the Marks tapped. */
export function marksOf(recording: RecordingRecord, seat: MySeat): PlayerMark[] {
  const names = new Map(seat.caption.subcaptions.map((line) => [line.key, line.name]));
  return [
    ...recording.typed.map((mark) => ({
      offsetMs: mark.offsetMs,
      label: `${seat.caption.name}: ${names.get(mark.subcaptionKey) ?? mark.subcaptionKey} ${formatScore(mark.score)}`,
    })),
    ...recording.tapped.map((mark) => ({ offsetMs: mark.offsetMs, label: 'Mark' })),
  ];
}

/** One recording of the open performance on this device: sent and playable, on its way, or refused. */
export const OwnRecording = memo(function OwnRecording({
  recording,
  seat,
  performance,
}: {
  recording: RecordingRecord;
  seat: MySeat;
  performance: SeatPerformance;
}) {
  const recorded = clockOf(totalDurationMs(recording));
  const waiting = recording.segments.reduce((total, segment) => total + segment.bytes - segment.confirmed, 0);
  const title = `Your commentary on ${performance.group.name}, ${new Date(recording.startedAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`;
  if (recording.state === 'finished' && recording.serverId !== undefined)
    return (
      <div className="mt-3">
        <CommentaryPlayer
          src={`${env.apiBase}/commentary/recordings/${recording.serverId}/audio`}
          title={title}
          durationMs={recording.durationMs ?? totalDurationMs(recording)}
          marks={marksOf(recording, seat)}
        />
      </div>
    );
  if (recording.state === 'refused')
    return (
      <p
        role="alert"
        className="mt-3 rounded-md bg-red-50 px-3 py-2 text-base text-red-900 dark:bg-red-950 dark:text-red-100"
      >
        {title} ({recorded}) was not taken by the server: {recording.refusal} It is kept on this device.
      </p>
    );
  return (
    <p className="mt-3 text-base">
      {title}: {recorded} recorded
      {recording.state === 'stopped' ? (waiting > 0 ? `, ${sizeOf(waiting)} waiting to send` : ', being finished') : ''}
      .
    </p>
  );
});
