import { memo, useEffect, useRef } from 'react';
import type { MySeat } from '../../../../lib/api-models';
import { clockOf, sizeOf } from '../../../../lib/format';
import type { SeatPerformance } from '../../utils/sheet-state';
import { totalDurationMs, type RecordingRecord } from '../audio-records';
import { useCommentaryDevice, type CommentaryDevice } from '../commentary-device';
import { LOW_SPACE_MINUTES, minutesOfRecording } from '../storage-watch';
import { useRecorderState, useRecordings, useStorageState } from '../use-commentary';
import { LevelMeter } from './level-meter';
import { OwnRecording } from './own-recording';

/** The shortcuts, said on the page and to assistive technology (aria-keyshortcuts). */
export const RECORD_SHORTCUT = 'Alt+R';
export const PAUSE_SHORTCUT = 'Alt+P';
export const MARK_SHORTCUT = 'Alt+M';

/** The timer looks this long after a whole second, so that a timer firing a little early still sees it turned. */
const TIMER_LATE_MS = 5;

const alertClass =
  'my-2 rounded-md bg-red-50 px-3 py-2 text-base font-semibold text-red-900 dark:bg-red-950 dark:text-red-100';

/**
 * Recording the commentary of the open performance, beside its sheet (issue 38): Record, Pause, Resume, Stop and
 * Mark, the timer and the recording light, the microphone's level, what is wrong with it, an interrupted recording
 * to go on with or finish, and this performance's recordings on the device. Memoized: the judge's page renders again
 * with each keystroke kept, and nothing here depends on it.
 */
export default memo(function RecorderPanel({ seat, performance }: { seat: MySeat; performance: SeatPerformance }) {
  const { device, error } = useCommentaryDevice();
  if (error)
    return (
      <p role="alert" className={alertClass}>
        This browser does not let the page keep recordings on the device ({error.message}): commentary cannot be
        recorded here.
      </p>
    );
  if (!device) return null;
  return <Panel device={device} seat={seat} performance={performance} />;
});

/** What the panel and its parts for one performance's seat are given. */
interface SeatPanelProps {
  device: CommentaryDevice;
  seat: MySeat;
  performance: SeatPerformance;
}

function Panel({ device, seat, performance }: SeatPanelProps) {
  const { recorder } = device;
  const state = useRecorderState(device);
  const storage = useStorageState(device);
  const target = { performanceId: performance.id, captionKey: seat.caption.key, groupName: performance.group.name };
  const here = state.target?.performanceId === performance.id && state.target.captionKey === seat.caption.key;
  const live = state.phase === 'recording' || state.phase === 'paused';

  const record = () => {
    void device.storage.persist();
    void recorder.start(target);
  };
  const toggle = () => (live && here ? void recorder.stop() : record());
  const pause = () => (state.phase === 'paused' ? recorder.resume() : recorder.pause());

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.code === 'KeyR') {
        event.preventDefault();
        toggle();
      } else if (event.code === 'KeyP' && live) {
        event.preventDefault();
        pause();
      } else if (event.code === 'KeyM' && live) {
        event.preventDefault();
        void recorder.mark();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  const freeMinutes = storage ? minutesOfRecording(storage.freeBytes) : null;
  return (
    <section
      aria-labelledby="commentary-title"
      className="mb-4 rounded-md border border-slate-300 p-3 dark:border-slate-600"
    >
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={`inline-block size-3 rounded-full ${
            state.phase === 'recording' ? 'bg-red-600' : state.phase === 'paused' ? 'bg-amber-500' : 'bg-slate-400'
          }`}
        />
        <h2 id="commentary-title" className="text-xl font-bold">
          Commentary
        </h2>
        {live ? <Timer device={device} phase={state.phase} /> : null}
      </div>
      <p role="status" className="text-base">
        {state.phase === 'recording'
          ? `Recording ${state.target?.groupName ?? ''}`
          : state.phase === 'paused'
            ? `Paused: ${state.target?.groupName ?? ''}`
            : state.phase === 'starting'
              ? 'Opening the microphone…'
              : 'Not recording'}
        {live && !here ? ' (another performance)' : ''}
      </p>
      <InterruptedRecordings device={device} liveKey={state.key} />
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="button min-h-12 text-base"
          aria-keyshortcuts={RECORD_SHORTCUT}
          disabled={state.phase === 'starting'}
          onClick={toggle}
        >
          {live && here ? `Stop (${RECORD_SHORTCUT})` : `Record ${performance.group.name} (${RECORD_SHORTCUT})`}
        </button>
        {live ? (
          <>
            <button
              type="button"
              className="button min-h-12 text-base"
              aria-keyshortcuts={PAUSE_SHORTCUT}
              onClick={pause}
            >
              {state.phase === 'paused' ? 'Resume' : 'Pause'} ({PAUSE_SHORTCUT})
            </button>
            {!here ? (
              <button type="button" className="button min-h-12 text-base" onClick={() => void recorder.stop()}>
                Stop {state.target?.groupName}
              </button>
            ) : null}
            <button
              type="button"
              className="button min-h-12 text-base"
              aria-keyshortcuts={MARK_SHORTCUT}
              onClick={() => void recorder.mark()}
            >
              Mark ({MARK_SHORTCUT})
            </button>
          </>
        ) : null}
      </div>
      <div className="mt-3">
        <LevelMeter recorder={recorder} active={state.phase === 'recording'} />
      </div>
      {state.microphone === 'silent' ? (
        <p role="alert" className={alertClass}>
          No sound from the microphone for 10 seconds: check that it is not muted, covered or unplugged.
        </p>
      ) : null}
      {state.problem ? (
        <p role="alert" className={alertClass}>
          {state.problem}
        </p>
      ) : null}
      {live && state.wakeLock === 'unavailable' ? (
        <p className="mt-2 text-base">
          This browser cannot keep the screen on: set the screen lock to Never while you record.
        </p>
      ) : null}
      {freeMinutes !== null && freeMinutes < LOW_SPACE_MINUTES ? (
        <p role="alert" className={alertClass}>
          Space for about {freeMinutes} minutes of recording is left on this device ({sizeOf(storage!.freeBytes)}): let
          the waiting recordings send, or free some space.
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Keys: {RECORD_SHORTCUT} records and stops, {PAUSE_SHORTCUT} pauses and resumes, {MARK_SHORTCUT} marks a moment.
        Every number you type while recording is marked on the recording.
        {storage
          ? ` ${sizeOf(storage.freeBytes)} free on this device${storage.persisted ? ', kept by the browser' : ''}.`
          : ''}
      </p>
      <OwnRecordings device={device} seat={seat} performance={performance} />
    </section>
  );
}

/**
 * The device's recordings change with every piece stored (four times a second while recording) and every number
 * typed: only the two lists that show them render again then, not the panel around them (the judge types beside it).
 */
const InterruptedRecordings = memo(function InterruptedRecordings({
  device,
  liveKey,
}: {
  device: CommentaryDevice;
  liveKey: string | null;
}) {
  const recordings = useRecordings(device);
  return [...recordings.values()]
    .filter((recording) => recording.state === 'recording' && recording.key !== liveKey)
    .map((recording) => <Interrupted key={recording.key} device={device} recording={recording} />);
});

/** This performance's recordings on the device; each renders again only when its own record changes. */
const OwnRecordings = memo(function OwnRecordings({ device, seat, performance }: SeatPanelProps) {
  const recordings = useRecordings(device);
  return [...recordings.values()]
    .filter((recording) => recording.performanceId === performance.id && recording.captionKey === seat.caption.key)
    .map((recording) => (
      <OwnRecording key={recording.key} recording={recording} seat={seat} performance={performance} />
    ));
});

/**
 * The running timer. Its text is written straight into the page (no React render: the judge types beside it), and
 * only when it changes: a check just after each whole second of the recording, so the clock turns on the second
 * rather than up to a quarter second late, and the main thread does one small task a second, not four renders.
 */
const Timer = memo(function Timer({ device, phase }: { device: CommentaryDevice; phase: string }) {
  const text = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      const offset = device.recorder.offsetMs() ?? 0;
      const clock = clockOf(offset);
      if (text.current && text.current.textContent !== clock) text.current.textContent = clock;
      // paused, the offset stands still: looked at again a second later (Resume renders this anew)
      timer = setTimeout(show, phase === 'paused' ? 1_000 : 1_000 - (offset % 1_000) + TIMER_LATE_MS);
    };
    show();
    return () => clearTimeout(timer);
  }, [device, phase]);
  return (
    <span
      ref={text}
      role="timer"
      aria-label={phase === 'paused' ? 'Paused at' : 'Time recorded'}
      className="ml-auto font-mono text-lg tabular-nums"
    >
      {clockOf(device.recorder.offsetMs() ?? 0)}
    </span>
  );
});

/** A recording the page was closed on (a reload, a crash, a flat battery): go on with it, or finish it as it is. */
function Interrupted({ device, recording }: { device: CommentaryDevice; recording: RecordingRecord }) {
  const target = {
    performanceId: recording.performanceId,
    captionKey: recording.captionKey,
    groupName: recording.groupName,
  };
  return (
    <div
      role="alert"
      className="my-2 rounded-md border border-amber-700/50 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-300/40 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">
        The recording of {recording.groupName} was interrupted at {clockOf(totalDurationMs(recording))}.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="button min-h-12 text-base"
          onClick={() => {
            void device.storage.persist();
            void device.recorder.start(target, recording.key);
          }}
        >
          Go on recording {recording.groupName}
        </button>
        <button
          type="button"
          className="button min-h-12 text-base"
          onClick={() => void device.store.stop(recording.key).then(() => device.outbox.run())}
        >
          Finish it as it is
        </button>
      </div>
    </div>
  );
}
