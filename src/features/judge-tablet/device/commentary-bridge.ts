/**
 * What the judge's page asks of the recording part, which loads only where a seat records commentary
 * (commentary/, its own chunk): the marks of a keystroke, and what the tablet's heartbeat reports. The recording
 * part registers itself here when it loads; until then (and on pages without commentary) there is none.
 */
import type { MicrophoneState } from '../../../../domain/commentary';
import type { SheetRef } from '../queue/judge-records';
import type { LineScore } from '../utils/sheet';

export interface TypedMark {
  recordingKey: string;
  offsetMs: number;
  subcaptionKey?: string;
  score?: number;
}

export interface CommentaryBridge {
  /** the session is the judge's (again): the audio outbox may send */
  resume(): void;
  /**
   * The marks a sheet's entry carries, given its numbers as now typed: each number typed on it while its recording
   * ran, at its offset into the recording; undefined when it has no recording.
   */
  marksFor(ref: SheetRef, scores: LineScore[]): TypedMark[] | undefined;
  /** for the heartbeat */
  report(): {
    audioWaiting: { count: number; bytes: number };
    recording: { performanceId: number; captionKey: string; since: string } | null;
    microphone: MicrophoneState;
    storage: { freeBytes: number; persisted: boolean } | null;
  };
}

let current: CommentaryBridge | null = null;
let confirmed = false;

export const commentaryBridge = {
  get: (): CommentaryBridge | null => current,
  /** The recording part has loaded: it sends at once if the session is already known to be the judge's. */
  set(bridge: CommentaryBridge | null): void {
    current = bridge;
    if (confirmed) bridge?.resume();
  },
  /** The session is the judge's (again, after a new sign-in): what was recorded may be sent. */
  confirm(): void {
    confirmed = true;
    current?.resume();
  },
};
