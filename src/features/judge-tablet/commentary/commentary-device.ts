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
import { marksOnWire, stampMarks } from './typed-marks';
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
  commentaryBridge.set({
    resume: () => void outbox.resume(),
    marksFor(ref, scores) {
      const key = recorder.snapshot().key;
      const recording = key ? store.recording(key) : undefined;
      const offset = recorder.offsetMs();
      if (!recording || offset === null || sheetKeyOf(recording) !== sheetKeyOf(ref)) return undefined;
      const typed = stampMarks(recording.typed, recording.key, scores, offset, Date.now());
      if (typed.length !== recording.typed.length || typed.some((mark, index) => mark !== recording.typed[index]))
        void store.setTyped(recording.key, typed).catch(() => undefined);
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
