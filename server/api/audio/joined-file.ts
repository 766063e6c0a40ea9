/**
 * What joining a recording's uploads into its one served file needs and answers, whatever the container
 * (webm-join.ts, mp4-join.ts). Every pass streams: a segment is read from its start as often as a pass needs it,
 * and what is written goes to the sink part by part, so no file is ever held whole in memory.
 */
import type { AudioType } from './audio-type.js';

/** One upload (segment) of a recording: its bytes from the start, each time `read` is called. */
export interface SegmentBytes {
  read(): AsyncIterable<Uint8Array>;
}

/** Where the joined file goes, in order. */
export type Sink = (bytes: Uint8Array) => Promise<void>;

export interface JoinedFile {
  /** how long the file plays, as its own timestamps say */
  durationMs: number;
}

/** The uploads cannot make one playable file (no sound at all, or segments recorded in different formats). */
export class NotJoinable extends Error {
  constructor(
    readonly code: 'no_audio' | 'segments_not_joinable',
    message: string,
  ) {
    super(message);
    this.name = 'NotJoinable';
  }
}

export type Joiner = (segments: readonly SegmentBytes[], sink: Sink) => Promise<JoinedFile>;

export type { AudioType };
