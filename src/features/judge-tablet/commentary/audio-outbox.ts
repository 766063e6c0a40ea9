/**
 * The audio outbox's sender: the pieces the recorder stored (audio-store.ts) go to the API in the order recorded,
 * each byte exactly once, at the server's offset (decision 128's `Upload-Offset` protocol), in the background while
 * the judge scores. A piece leaves the device only once the API's answer (an append's new offset, a 409's offset or
 * the upload's own) covers its last byte. What stops it:
 * - no network, or the API not answering (5xx, 429, an answer lost): tried again on `online` and after a delay; an
 *   append whose answer was lost asks the upload's offset before going on, so nothing is sent twice;
 * - 401 (signed out): waits for `resume()` after a new sign-in;
 * - a refusal for good (403, 404, 413, 415, 422, a recording the event does not take): the recording is said to be
 *   refused and its pieces are kept on the device (never deleted unconfirmed); the others go on.
 */
import { isApiError, type ApiError } from '../../../lib/api/core';
import type { PieceRecord, RecordingRecord, SegmentRecord } from './audio-records';
import { StoreClosedAudioError, type AudioStore } from './audio-store';
import type { CommentaryApi } from './commentary-api';

export type OutboxBlock = null | 'offline' | 'unavailable' | 'signed-out';

export interface OutboxStatus {
  sending: boolean;
  blocked: OutboxBlock;
}

export interface AudioOutboxOptions {
  store: AudioStore;
  api: CommentaryApi;
  /** after a failed try, the delays before the next ones; the last repeats. Empty: no timer (tests call run()). */
  retryDelaysMs?: readonly number[];
  /** bytes one append carries at most: several seconds of pieces after a time offline, a few seconds' worth of speech */
  batchBytes?: number;
  /** nothing is sent until `resume()`: the page first makes sure the session is the judge's */
  paused?: boolean;
}

const DEFAULT_RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];
const DEFAULT_BATCH_BYTES = 256 * 1024;

type Step = 'again' | 'idle' | 'wait' | 'signed-out';

export class AudioOutbox {
  private readonly store: AudioStore;
  private readonly api: CommentaryApi;
  private readonly retryDelaysMs: readonly number[];
  private readonly batchBytes: number;
  private state: OutboxStatus = { sending: false, blocked: null };
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private paused: boolean;
  /** uploads whose last append's answer never came: their offset is asked before anything more is sent */
  private readonly unsure = new Set<number>();
  /** the server's offset of an upload, as its last answer said */
  private readonly known = new Map<number, number>();

  constructor(options: AudioOutboxOptions) {
    this.store = options.store;
    this.api = options.api;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.batchBytes = options.batchBytes ?? DEFAULT_BATCH_BYTES;
    this.paused = options.paused ?? false;
  }

  status = (): OutboxStatus => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  resume(): Promise<void> {
    this.paused = false;
    if (this.state.blocked === 'signed-out') this.setStatus({ blocked: null });
    return this.run();
  }

  /** Sends what waits until nothing does or something stops it; a call during a run makes it look again. */
  run(): Promise<void> {
    if (this.stopped || this.paused) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.drain();
        } while (this.again && this.state.blocked !== 'signed-out' && !this.stopped);
      } catch (error) {
        if (error instanceof StoreClosedAudioError) this.stop();
        else {
          console.error('The audio outbox stopped on an error; trying again later.', error);
          this.retryLater();
        }
      } finally {
        this.running = null;
        this.setStatus({ sending: false });
      }
    })();
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async drain(): Promise<void> {
    if (this.state.blocked === 'signed-out') return;
    while (!this.stopped) {
      if (this.store.isClosed) throw new StoreClosedAudioError();
      if (navigatorOffline() && this.hasWork()) {
        this.setStatus({ blocked: 'offline', sending: false });
        this.retryLater();
        return;
      }
      const step = await this.step();
      if (step === 'again') continue;
      if (step === 'idle') {
        this.failures = 0;
        this.setStatus({ blocked: null, sending: false });
        return;
      }
      if (step === 'signed-out') {
        this.setStatus({ blocked: 'signed-out', sending: false });
        return;
      }
      this.setStatus({ blocked: navigatorOffline() ? 'offline' : 'unavailable', sending: false });
      this.retryLater();
      return;
    }
  }

  private hasWork(): boolean {
    for (const recording of this.store.snapshot().values()) {
      if (recording.state === 'recording' || recording.state === 'stopped') return true;
    }
    return false;
  }

  /** One thing sent: a finish, the tapped marks, or the next append. */
  private async step(): Promise<Step> {
    const recordings = [...this.store.snapshot().values()];
    for (const recording of recordings) {
      if (recording.state === 'stopped' && recording.segments.every((segment) => segment.confirmed >= segment.bytes)) {
        this.setStatus({ sending: true });
        return this.finish(recording);
      }
    }
    for (const recording of recordings) {
      if (recording.state !== 'refused' && recording.tapped.length > recording.tappedSent) {
        this.setStatus({ sending: true });
        return this.sendMarks(recording);
      }
    }
    const refused = new Set(recordings.filter((item) => item.state === 'refused').map((item) => item.key));
    const batch = await this.store.nextBatch(this.batchBytes, refused);
    if (batch.length === 0) return 'idle';
    this.setStatus({ sending: true });
    return this.append(batch);
  }

  private async append(batch: PieceRecord[]): Promise<Step> {
    const first = batch[0];
    const key = first.recordingKey;
    const recordingId = await this.recordingId(key);
    if (typeof recordingId === 'string') return recordingId;
    const segment = this.segmentOf(key, first.segment);
    const uploadId = await this.uploadId(key, recordingId, segment);
    if (typeof uploadId === 'string') return uploadId;

    if (this.unsure.has(uploadId)) {
      const asked = await this.attempt(key, () => this.api.uploadOffset(uploadId));
      if (typeof asked === 'string') return asked;
      this.unsure.delete(uploadId);
      return this.serverHolds(key, segment.number, uploadId, asked, first.offset);
    }
    const start = first.offset;
    const end = start + batch.reduce((total, piece) => total + piece.size, 0);
    const from = Math.max(start, this.known.get(uploadId) ?? this.segmentOf(key, first.segment).confirmed);
    if (from >= end) return this.serverHolds(key, segment.number, uploadId, from, start);
    const body = new Blob(batch.map((piece) => piece.bytes)).slice(from - start);
    try {
      const offset = await this.api.append(uploadId, from, body);
      return this.serverHolds(key, segment.number, uploadId, offset, start);
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.code === 'offset_mismatch') {
        const offset = problemField(error, 'offset');
        if (typeof offset === 'number') return this.serverHolds(key, segment.number, uploadId, offset, start);
      }
      const outcome = await this.failed(key, error);
      // the bytes may have arrived and the answer not: the upload's offset says, before anything is sent again
      if (outcome === 'wait') this.unsure.add(uploadId);
      return outcome;
    }
  }

  /** The API holds `offset` bytes of the upload: what is below it leaves the device. */
  private async serverHolds(
    key: string,
    segment: number,
    uploadId: number,
    offset: number,
    oldestHeld: number,
  ): Promise<Step> {
    if (offset < oldestHeld) {
      await this.store.refused(
        key,
        `The API holds ${offset} bytes of this recording where the device had ${oldestHeld} confirmed: ask the tabulator to check it`,
      );
      return 'again';
    }
    this.known.set(uploadId, offset);
    await this.store.confirm(key, segment, offset);
    this.failures = 0;
    this.setStatus({ blocked: null });
    return 'again';
  }

  private async finish(recording: RecordingRecord): Promise<Step> {
    const recordingId = await this.recordingId(recording.key);
    if (typeof recordingId === 'string') return recordingId;
    const current = this.store.recording(recording.key)!;
    const uploads = current.segments
      .filter((segment) => segment.uploadId !== undefined)
      .map((segment) => ({ number: segment.number, size: segment.bytes }));
    if (uploads.length === 0) {
      await this.store.refused(recording.key, 'Nothing was recorded: the microphone gave no sound before Stop');
      return 'again';
    }
    const finished = await this.attempt(recording.key, () => this.api.finish(recordingId, uploads));
    if (typeof finished === 'string') return finished;
    await this.store.finished(recording.key, finished.id, finished.durationMs);
    return 'again';
  }

  private async sendMarks(recording: RecordingRecord): Promise<Step> {
    const count = recording.tapped.length;
    const marks = recording.tapped
      .slice(recording.tappedSent)
      .map((mark) => ({ recordingKey: recording.key, offsetMs: Math.round(mark.offsetMs) }));
    const sent = await this.attempt(recording.key, () =>
      this.api.addMarks(recording.performanceId, recording.captionKey, marks),
    );
    if (typeof sent === 'string') return sent;
    await this.store.marksSent(recording.key, count);
    return 'again';
  }

  /** The recording's id on the API, made once (the same key answers the same recording, so a lost answer is safe). */
  private async recordingId(key: string): Promise<number | Step> {
    const recording = this.store.recording(key)!;
    if (recording.serverId !== undefined) return recording.serverId;
    const made = await this.attempt(key, () =>
      this.api.createRecording({
        performanceId: recording.performanceId,
        captionKey: recording.captionKey,
        contentType: recording.mimeType,
        key,
      }),
    );
    if (typeof made === 'string') return made;
    await this.store.setServerId(key, made.id);
    return made.id;
  }

  private async uploadId(key: string, recordingId: number, segment: SegmentRecord): Promise<number | Step> {
    if (segment.uploadId !== undefined) return segment.uploadId;
    const opened = await this.attempt(key, () => this.api.openUpload(recordingId, segment.number));
    if (typeof opened === 'string') return opened;
    await this.store.setUploadId(key, segment.number, opened.id);
    // opened before with this number (an answer lost): it may hold bytes already
    this.known.set(opened.id, opened.offset);
    return opened.id;
  }

  private segmentOf(key: string, number: number): SegmentRecord {
    return this.store.recording(key)!.segments.find((segment) => segment.number === number)!;
  }

  /** A call whose failure stops this pass (the step to take) or refuses the recording for good. */
  private async attempt<T>(key: string, call: () => Promise<T>): Promise<T | Step> {
    try {
      return await call();
    } catch (error) {
      return this.failed(key, error);
    }
  }

  private async failed(key: string, error: unknown): Promise<Step> {
    if (!isApiError(error) || error.status === 0) return 'wait';
    if (error.status === 401) return 'signed-out';
    if (error.status >= 500 || error.status === 408 || error.status === 429) return 'wait';
    const detail = problemField(error, 'detail');
    await this.store.refused(
      key,
      typeof detail === 'string' ? detail : `The API refused the recording (${error.status} ${error.code})`,
    );
    return 'again';
  }

  private retryLater(): void {
    if (this.stopped || this.retryDelaysMs.length === 0 || this.timer !== undefined) return;
    const delay = this.retryDelaysMs[Math.min(this.failures, this.retryDelaysMs.length - 1)];
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delay);
  }

  private setStatus(change: Partial<OutboxStatus>): void {
    const next = { ...this.state, ...change };
    if (next.sending === this.state.sending && next.blocked === this.state.blocked) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function problemField(error: ApiError, name: string): unknown {
  return typeof error.body === 'object' && error.body !== null
    ? (error.body as Record<string, unknown>)[name]
    : undefined;
}

const navigatorOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
