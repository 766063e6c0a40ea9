/**
 * The recording part of one page load: its audio store, its outbox and its recorder, opened once (every view of the
 * page records and sends through the same), and registered with the judge's page (device/commentary-bridge.ts).
 */
import { useEffect, useState } from 'react';
import { commentaryBridge } from '../device/commentary-bridge';
import { AudioOutbox } from './audio-outbox';
import { AudioStore, audioWaiting } from './audio-store';
import { commentaryApi } from './commentary-api';
import { CommentaryRecorder } from './recorder';
import { StorageWatch } from './storage-watch';
import { afterPaint } from './after-paint';
import { marksOnWire, stampMarks, type StampedMark } from './typed-marks';
import { sheetKeyOf } from '../queue/judge-records';

export interface CommentaryDevice {
  store: AudioStore;
  outbox: AudioOutbox;
  recorder: CommentaryRecorder;
  storage: StorageWatch;
}

let opening: Promise<CommentaryDevice> | undefined;

export function openCommentaryDevice(): Promise<CommentaryDevice> {
  if (opening) return opening;
  opening = AudioStore.open().then((store) => {
    const outbox = new AudioOutbox({ store, api: commentaryApi(), paused: true });
    const recorder = new CommentaryRecorder(store, outbox);
    const storage = new StorageWatch();
    const device = { store, outbox, recorder, storage };
    register(device);
    addEventListener('online', () => void outbox.run());
    // The page is going away with a recording running: what was recorded is kept, and the next visit offers to go on.
    addEventListener('pagehide', () => recorder.abandon());
    return device;
  });
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
}

function register({ store, outbox, recorder, storage }: CommentaryDevice): void {
  // The marks as last stamped, ahead of the store's copy: that is written once the keystroke's frame is painted
  // (afterPaint), and the next keystroke may come before it is.
  let stamped: { key: string; typed: StampedMark[] } | null = null;
  commentaryBridge.set({
    resume: () => void outbox.resume(),
    marksFor(ref, scores) {
      const key = recorder.snapshot().key;
      const recording = key ? store.recording(key) : undefined;
      const offset = recorder.offsetMs();
      if (!recording || offset === null || sheetKeyOf(recording) !== sheetKeyOf(ref)) return undefined;
      const before = stamped?.key === recording.key ? stamped.typed : recording.typed;
      const typed = stampMarks(before, recording.key, scores, offset, Date.now());
      if (typed.length !== before.length || typed.some((mark, index) => mark !== before[index])) {
        const mine = { key: recording.key, typed };
        stamped = mine;
        // The entry carries these marks already (the judge's store keeps it before it is sent); this copy is the
        // device's own (the marks under the recording, the next keystroke's stamp), so it may wait for the paint.
        afterPaint(() => {
          if (stamped !== mine) return;
          void store
            .setTyped(mine.key, mine.typed)
            .catch(() => undefined)
            .finally(() => {
              if (stamped === mine) stamped = null;
            });
        });
      }
      return typed.length > 0 ? marksOnWire(typed) : undefined;
    },
    report() {
      const state = recorder.snapshot();
      return {
        audioWaiting: audioWaiting(store.snapshot()),
        recording:
          state.target && state.since
            ? { performanceId: state.target.performanceId, captionKey: state.target.captionKey, since: state.since }
            : null,
        microphone: state.microphone,
        storage: storage.snapshot(),
      };
    },
  });
}

/** The page's recording part, in the browser only; undefined until it is open. */
export function useCommentaryDevice(): { device?: CommentaryDevice; error?: Error } {
  const [state, setState] = useState<{ device?: CommentaryDevice; error?: Error }>({});
  useEffect(() => {
    let live = true;
    openCommentaryDevice().then(
      (device) => live && setState({ device }),
      (error: unknown) => live && setState({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
