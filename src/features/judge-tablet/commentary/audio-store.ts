/**
 * The device's commentary outbox (decision 089's, for audio): IndexedDB through `idb`, its own database beside the
 * entries' (JUDGE_AUDIO_DB_NAME), so recording never touches the entries' schema. Each piece MediaRecorder gives is
 * written here, in one transaction with its segment's new size, before anything else is done with it; a piece leaves
 * only in the transaction that records the API's confirmation of its last byte. The recordings (a few dozen small
 * records) are mirrored in memory for the page; the pieces stay on disk and are read a batch at a time.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { JUDGE_AUDIO_DB_NAME } from '../../../lib/judge-data';
import type { AudioWaiting, PieceRecord, RecordingRecord, SegmentRecord } from './audio-records';

interface AudioDb extends DBSchema {
  recordings: { key: string; value: RecordingRecord };
  pieces: { key: number; value: PieceRecord; indexes: { recording: string } };
}

const SCHEMA_VERSION = 1;
/**
 * A stored piece (four a second while recording) tells the page at most this often: what it changes on screen is a
 * recording's size and length, shown to the second, and each telling renders the recordings' lists beside the sheet
 * the judge types in. The memory copy itself changes at once (the outbox reads it); every other write tells at once.
 */
export const PIECES_TOLD_EVERY_MS = 1_000;
type Tx = IDBPTransaction<AudioDb, ('recordings' | 'pieces')[], 'readwrite'>;

export type NewRecording = Pick<RecordingRecord, 'key' | 'performanceId' | 'captionKey' | 'groupName' | 'mimeType'>;

export class AudioStore {
  private recordings: ReadonlyMap<string, RecordingRecord>;
  private readonly listeners = new Set<() => void>();
  private db: IDBPDatabase<AudioDb> | null;
  private writes: Promise<void> = Promise.resolve();
  private closed = false;
  private toldAt = Number.NEGATIVE_INFINITY;
  private telling: ReturnType<typeof setTimeout> | undefined;

  private constructor(db: IDBPDatabase<AudioDb>, recordings: RecordingRecord[]) {
    this.db = db;
    this.recordings = new Map(recordings.map((recording) => [recording.key, recording]));
  }

  static async open(name = JUDGE_AUDIO_DB_NAME): Promise<AudioStore> {
    const db = await openDB<AudioDb>(name, SCHEMA_VERSION, {
      upgrade(database) {
        database.createObjectStore('recordings', { keyPath: 'key' });
        database
          .createObjectStore('pieces', { keyPath: 'seq', autoIncrement: true })
          .createIndex('recording', 'recordingKey');
      },
      // a sign-out in another tab deletes the database: this connection lets it (lib/judge-data.ts)
      blocking: () => store.close(),
    });
    const recordings = await db.getAll('recordings');
    const store: AudioStore = new AudioStore(
      db,
      recordings.sort((a, b) => a.startedAt - b.startedAt),
    );
    return store;
  }

  /** The recordings, oldest first. */
  snapshot = (): ReadonlyMap<string, RecordingRecord> => this.recordings;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    this.closed = true;
    void this.writes.then(() => {
      this.db?.close();
      this.db = null;
    });
  }

  recording(key: string): RecordingRecord | undefined {
    return this.recordings.get(key);
  }

  /** A new recording, its first segment open. */
  async start(recording: NewRecording, at: number): Promise<RecordingRecord> {
    const record: RecordingRecord = {
      ...recording,
      startedAt: at,
      state: 'recording',
      segments: [emptySegment(1)],
      tapped: [],
      tappedSent: 0,
      typed: [],
    };
    await this.write(async (tx, next) => {
      await tx.objectStore('recordings').add(record);
      next.set(record.key, record);
    });
    return record;
  }

  /** Going on with an unfinished recording after a reload: a new MediaRecorder, a new segment. */
  async newSegment(key: string): Promise<number> {
    let number = 0;
    await this.update(key, (recording) => {
      number = Math.max(...recording.segments.map((segment) => segment.number)) + 1;
      return { ...recording, state: 'recording', segments: [...recording.segments, emptySegment(number)] };
    });
    return number;
  }

  /**
   * A piece as MediaRecorder gave it, with the time recorded in its segment so far: stored with its place in the
   * segment, the segment's size and duration moved on, in one transaction.
   */
  async addPiece(key: string, segment: number, bytes: ArrayBuffer, segmentMs: number): Promise<void> {
    await this.write(async (tx, next) => {
      const recording = await tx.objectStore('recordings').get(key);
      const current = recording?.segments.find((item) => item.number === segment);
      if (!recording || !current) throw new Error(`No segment ${segment} of recording ${key} on this device`);
      if (bytes.byteLength > 0) {
        const piece: Omit<PieceRecord, 'seq'> = {
          recordingKey: key,
          segment,
          offset: current.bytes,
          size: bytes.byteLength,
          bytes,
        };
        await tx.objectStore('pieces').add(piece as PieceRecord);
      }
      const updated = withSegment(recording, segment, (item) => ({
        ...item,
        bytes: item.bytes + bytes.byteLength,
        durationMs: Math.max(item.durationMs, segmentMs),
      }));
      await tx.objectStore('recordings').put(updated);
      next.set(key, updated);
    }, 'piece');
  }

  async stop(key: string): Promise<void> {
    await this.update(key, (recording) =>
      recording.state === 'recording' ? { ...recording, state: 'stopped' } : recording,
    );
  }

  async tapMark(key: string, offsetMs: number): Promise<void> {
    await this.update(key, (recording) => ({ ...recording, tapped: [...recording.tapped, { offsetMs }] }));
  }

  async setTyped(key: string, typed: RecordingRecord['typed']): Promise<void> {
    await this.update(key, (recording) => ({ ...recording, typed }));
  }

  async marksSent(key: string, count: number): Promise<void> {
    await this.update(key, (recording) => ({ ...recording, tappedSent: Math.max(recording.tappedSent, count) }));
  }

  async setServerId(key: string, serverId: number): Promise<void> {
    await this.update(key, (recording) => ({ ...recording, serverId }));
  }

  async setUploadId(key: string, segment: number, uploadId: number): Promise<void> {
    await this.update(key, (recording) => withSegment(recording, segment, (item) => ({ ...item, uploadId })));
  }

  /**
   * The API holds `offset` bytes of the segment: the pieces wholly below it leave the device, in the same
   * transaction that records it. Nothing else ever deletes a piece.
   */
  async confirm(key: string, segment: number, offset: number): Promise<void> {
    await this.write(async (tx, next) => {
      const recording = await tx.objectStore('recordings').get(key);
      if (!recording) return;
      const pieces = tx.objectStore('pieces');
      let cursor = await pieces.index('recording').openCursor(key);
      while (cursor) {
        const piece = cursor.value;
        if (piece.segment === segment && piece.offset + piece.size <= offset) await cursor.delete();
        cursor = await cursor.continue();
      }
      const updated = withSegment(recording, segment, (item) => ({
        ...item,
        confirmed: Math.max(item.confirmed, Math.min(offset, item.bytes)),
      }));
      await tx.objectStore('recordings').put(updated);
      next.set(key, updated);
    });
  }

  async finished(key: string, serverId: number, durationMs: number | null): Promise<void> {
    await this.update(key, (recording) => ({
      ...recording,
      serverId,
      state: 'finished',
      ...(durationMs === null ? {} : { durationMs }),
    }));
  }

  async refused(key: string, refusal: string): Promise<void> {
    await this.update(key, (recording) => ({ ...recording, state: 'refused', refusal }));
  }

  /**
   * The oldest piece waiting and those after it of the same segment, in order, up to `maxBytes` (one at least): one
   * append's body. `skip`: recordings the API refused, whose pieces stay on the device unsent.
   */
  async nextBatch(maxBytes: number, skip: ReadonlySet<string> = new Set()): Promise<PieceRecord[]> {
    if (!this.db) throw new StoreClosedAudioError();
    const batch: PieceRecord[] = [];
    let size = 0;
    let cursor = await this.db.transaction('pieces').store.openCursor();
    while (cursor) {
      const piece = cursor.value;
      if (skip.has(piece.recordingKey)) {
        cursor = await cursor.continue();
        continue;
      }
      const first = batch[0];
      if (first && (piece.recordingKey !== first.recordingKey || piece.segment !== first.segment)) break;
      if (first && size + piece.size > maxBytes) break;
      batch.push(piece);
      size += piece.size;
      cursor = await cursor.continue();
    }
    return batch;
  }

  /** The pieces on the device not yet confirmed (those the page shows as waiting, and for tests). */
  async piecesOf(key: string): Promise<PieceRecord[]> {
    if (!this.db) throw new StoreClosedAudioError();
    return this.db.getAllFromIndex('pieces', 'recording', key);
  }

  private update(key: string, change: (recording: RecordingRecord) => RecordingRecord): Promise<void> {
    return this.write(async (tx, next) => {
      const recording = await tx.objectStore('recordings').get(key);
      if (!recording) return;
      const updated = change(recording);
      await tx.objectStore('recordings').put(updated);
      next.set(key, updated);
    });
  }

  /** One read-write transaction at a time; the memory copy changes only once it is durable (as judge-store.ts). */
  private write(
    change: (tx: Tx, next: Map<string, RecordingRecord>) => Promise<void>,
    kind: 'piece' | 'other' = 'other',
  ): Promise<void> {
    if (this.closed) return Promise.reject(new StoreClosedAudioError());
    const run = this.writes.then(async () => {
      if (!this.db) throw new StoreClosedAudioError();
      const tx = this.db.transaction(['recordings', 'pieces'], 'readwrite', { durability: 'strict' });
      const done = tx.done;
      const next = new Map(this.recordings);
      try {
        await change(tx, next);
      } catch (error) {
        tx.abort();
        await done.catch(() => undefined);
        throw error;
      }
      await done;
      this.recordings = next;
      this.tell(kind);
    });
    this.writes = run.catch(() => undefined);
    return run;
  }

  /** The listeners, at once, or for a piece at most once every PIECES_TOLD_EVERY_MS (the last piece's told then). */
  private tell(kind: 'piece' | 'other'): void {
    const now = Date.now();
    if (kind === 'piece' && now - this.toldAt < PIECES_TOLD_EVERY_MS) {
      this.telling ??= setTimeout(() => this.tell('other'), this.toldAt + PIECES_TOLD_EVERY_MS - now);
      return;
    }
    clearTimeout(this.telling);
    this.telling = undefined;
    this.toldAt = now;
    for (const listener of this.listeners) listener();
  }
}

/**
 * What waits to be sent: the recordings stopped and not yet finished on the API, or with bytes the API has not
 * confirmed, and those bytes. `except`: the recording running now, whose last second is always on its way.
 */
export function audioWaiting(recordings: ReadonlyMap<string, RecordingRecord>, except?: string | null): AudioWaiting {
  let count = 0;
  let bytes = 0;
  for (const recording of recordings.values()) {
    if (recording.state === 'finished' || recording.state === 'refused' || recording.key === except) continue;
    const unconfirmed = recording.segments.reduce((total, segment) => total + segment.bytes - segment.confirmed, 0);
    if (unconfirmed === 0 && recording.state === 'recording') continue;
    count += 1;
    bytes += unconfirmed;
  }
  return { count, bytes };
}

export class StoreClosedAudioError extends Error {
  constructor() {
    super("This device's recordings were cleared (signed out?): reload the page.");
    this.name = 'StoreClosedAudioError';
  }
}

const emptySegment = (number: number): SegmentRecord => ({ number, bytes: 0, durationMs: 0, confirmed: 0 });

function withSegment(
  recording: RecordingRecord,
  number: number,
  change: (segment: SegmentRecord) => SegmentRecord,
): RecordingRecord {
  return {
    ...recording,
    segments: recording.segments.map((segment) => (segment.number === number ? change(segment) : segment)),
  };
}
