/**
 * What a judge's device keeps of its commentary recordings (audio-store.ts): each recording's facts, and its pieces
 * of audio as MediaRecorder gave them, waiting for the API to confirm them (decision 089's outbox, for audio).
 */

import type { StampedMark } from './typed-marks';

/** A recording as the device knows it. `key` is the device's UUID for it, the API's recording `key` too. */
export interface RecordingRecord {
  key: string;
  performanceId: number;
  captionKey: string;
  /** the group's name, to say what waits ("Alpha Winds: 1.2 MB") */
  groupName: string;
  /** what MediaRecorder makes: audio/mp4, audio/webm;codecs=opus */
  mimeType: string;
  startedAt: number;
  /**
   * - `recording`: a MediaRecorder is (or was, before a reload or a crash) writing into it;
   * - `stopped`: the judge stopped it: once every piece is confirmed it is finished on the API;
   * - `finished`: the API joined it into one file; kept for its marks and its id until the device is cleared;
   * - `refused`: the API refused it for good (no sound, segments not joinable, too large): said to the judge.
   */
  state: 'recording' | 'stopped' | 'finished' | 'refused';
  /** each segment (a new MediaRecorder after a reload): its bytes written on the device and its time recorded */
  segments: SegmentRecord[];
  /** the API's recording id, once made */
  serverId?: number;
  /** why the API refused it, when `refused` */
  refusal?: string;
  /** the Marks the judge tapped (a number typed goes with its entry instead), and how many the API has kept */
  tapped: TappedMark[];
  tappedSent: number;
  /** the numbers typed on its sheet while it ran (typed-marks.ts): they go with the sheet's entries */
  typed: StampedMark[];
  /** the API's duration of the finished file */
  durationMs?: number;
}

export interface TappedMark {
  offsetMs: number;
}

export interface SegmentRecord {
  /** 1, then 2 after a reload, ...: the API's upload number */
  number: number;
  /** bytes written on the device: the size the finish declares */
  bytes: number;
  /** milliseconds of sound recorded in it (pauses left out), as of its last piece */
  durationMs: number;
  /** bytes the API has confirmed (an append's answer or the upload's offset) */
  confirmed: number;
  /** the API's upload id, once opened */
  uploadId?: number;
}

/** One MediaRecorder piece (1 s at most), stored before anything else is done with it. */
export interface PieceRecord {
  /** IndexedDB's auto-increment key: the order recorded, across recordings */
  seq: number;
  recordingKey: string;
  segment: number;
  /** where it starts in its segment's bytes */
  offset: number;
  size: number;
  /** an ArrayBuffer, not a Blob: Safari's IndexedDB has lost Blobs before */
  bytes: ArrayBuffer;
}

/** What the page says waits: "2 recordings, 3.4 MB waiting to send". */
export interface AudioWaiting {
  count: number;
  bytes: number;
}

/** Milliseconds into the whole recording at `segmentMs` into segment `number`: the segments before it, then it. */
export function recordingOffsetMs(recording: RecordingRecord, number: number, segmentMs: number): number {
  const before = recording.segments
    .filter((segment) => segment.number < number)
    .reduce((total, segment) => total + segment.durationMs, 0);
  return Math.round(before + segmentMs);
}

export const totalDurationMs = (recording: RecordingRecord) =>
  recording.segments.reduce((total, segment) => total + segment.durationMs, 0);
