/**
 * One recording at a time on the judge's device: the microphone through MediaRecorder in pieces of a quarter second
 * (`timeslice`), each piece written to the audio store before anything else (audio-store.ts), the outbox asked to
 * send at most once every 5 s (SEND_EVERY_MS); a live input level from a Web Audio AnalyserNode, "no sound" after 10 s of silence; the screen kept awake
 * (Wake Lock) while recording. The format is what the browser records best (decision 134): audio/mp4 where
 * MediaRecorder has it, else audio/webm with Opus, at a speech bitrate.
 */
import type { MicrophoneState } from '../../../../domain/commentary';
import { recordingOffsetMs } from './audio-records';
import type { AudioOutbox } from './audio-outbox';
import type { AudioStore } from './audio-store';

/**
 * A piece a quarter second: what a crash or a reload can take is the piece MediaRecorder still holds and the pieces
 * not yet in IndexedDB, and with 1 s pieces that was 1.6 to 2.8 s on a busy tablet (issue 38 allows a second).
 */
export const TIMESLICE_MS = 250;
/**
 * The outbox is asked to send at most this often while recording: every piece is on the device within a quarter
 * second (what a crash can take), and the API gets an append every 5 s carrying them, not four a second. At one
 * append a second, 30 tablets' appends queued the judges' submits behind them on the embedded database (a submit's
 * p95 16x the same round without uploads, bench/results/commentary-uploads.md of 2b788b9); the server's copy is at
 * most 5 s behind the device's, which keeps everything until the API confirms it.
 */
export const SEND_EVERY_MS = 5_000;
export const AUDIO_BITS_PER_SECOND = 48_000;
/** Silence for this long while recording is said ("No sound from the microphone"). */
export const SILENCE_WARNING_MS = 10_000;
/** An input level (RMS of the samples, 0 to 1) below this is silence: some -46 dBFS, below a quiet room's hum. */
const SILENCE_LEVEL = 0.005;
const LEVEL_EVERY_MS = 100;

const PREFERRED_TYPES = ['audio/mp4', 'audio/webm;codecs=opus', 'audio/webm'] as const;

/** The container MediaRecorder records best here, or null when it records none of ours. */
export function recordingType(
  supported: (type: string) => boolean = (type) =>
    typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type),
): string | null {
  return PREFERRED_TYPES.find(supported) ?? null;
}

export interface RecordingTarget {
  performanceId: number;
  captionKey: string;
  groupName: string;
}

export interface RecorderState {
  phase: 'idle' | 'starting' | 'recording' | 'paused';
  key: string | null;
  target: RecordingTarget | null;
  /** ISO time the current recording began (the heartbeat's `since`) */
  since: string | null;
  microphone: MicrophoneState;
  /** why recording cannot start or stopped by itself, in words for the judge */
  problem: string | null;
  wakeLock: 'held' | 'unavailable' | 'none';
}

interface Live {
  key: string;
  segment: number;
  recorder: MediaRecorder;
  stream: MediaStream;
  audio: AudioContext | null;
  analyser: AnalyserNode | null;
  samples: Float32Array<ArrayBuffer> | null;
  levelTimer: ReturnType<typeof setInterval> | undefined;
  /** performance.now() the segment's recording began, the time paused so far, and since when it is paused */
  startedAt: number;
  pausedMs: number;
  pausedAt: number | null;
  lastSoundAt: number;
  writes: Promise<void>;
  stopped: Promise<void>;
  wakeLock: WakeLockSentinel | null;
}

export class CommentaryRecorder {
  private state: RecorderState = {
    phase: 'idle',
    key: null,
    target: null,
    since: null,
    microphone: 'off',
    problem: null,
    wakeLock: 'none',
  };
  private live: Live | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly levelListeners = new Set<(level: number) => void>();
  private level = 0;
  private sendAskedAt = Number.NEGATIVE_INFINITY;
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible' && this.live && !this.live.wakeLock) void this.keepAwake(this.live);
  };

  constructor(
    private readonly store: AudioStore,
    private readonly outbox: AudioOutbox,
    private readonly newKey: () => string = () => crypto.randomUUID(),
  ) {}

  snapshot = (): RecorderState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The input level, ten times a second while recording: drawn by the meter straight into the page. */
  subscribeLevel = (listener: (level: number) => void): (() => void) => {
    this.levelListeners.add(listener);
    listener(this.level);
    return () => this.levelListeners.delete(listener);
  };

  /** Milliseconds into the whole recording now (pauses left out), or null when not recording. */
  offsetMs(): number | null {
    const live = this.live;
    if (!live) return null;
    const recording = this.store.recording(live.key);
    return recording ? recordingOffsetMs(recording, live.segment, this.segmentMs(live)) : null;
  }

  /**
   * Starts recording `target`: a new recording, or (`goOn`) a new segment of an unfinished one that a reload or a
   * crash interrupted. A recording still running is stopped first.
   */
  async start(target: RecordingTarget, goOn?: string): Promise<void> {
    if (this.state.phase === 'starting') return;
    if (this.live) await this.stop();
    const previous = goOn ? this.store.recording(goOn) : undefined;
    const mimeType = previous?.mimeType ?? recordingType();
    if (!mimeType) {
      this.set({
        problem: 'This browser cannot record audio (no MediaRecorder): use Safari or Chrome.',
        microphone: 'unavailable',
      });
      return;
    }
    this.set({ phase: 'starting', problem: null });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
      });
    } catch (error) {
      this.set({ phase: 'idle', ...microphoneProblem(error) });
      return;
    }
    const container = mimeType.split(';')[0];
    const recorder = new MediaRecorder(stream, {
      mimeType: MediaRecorder.isTypeSupported(mimeType) ? mimeType : container,
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    });
    const record =
      previous ??
      (await this.store.start({ key: this.newKey(), ...target, mimeType: recorder.mimeType || mimeType }, Date.now()));
    const segment = previous ? await this.store.newSegment(previous.key) : 1;
    const now = performance.now();
    let stopped!: () => void;
    const live: Live = {
      key: record.key,
      segment,
      recorder,
      stream,
      audio: null,
      analyser: null,
      samples: null,
      levelTimer: undefined,
      startedAt: now,
      pausedMs: 0,
      pausedAt: null,
      lastSoundAt: now,
      writes: Promise.resolve(),
      stopped: new Promise((resolve) => (stopped = resolve)),
      wakeLock: null,
    };
    recorder.ondataavailable = (event) => this.keep(live, event.data);
    recorder.onstop = () => void live.writes.then(stopped);
    recorder.onerror = () => {
      this.set({ problem: 'The recording stopped: the microphone went away. What was recorded is kept.' });
      void this.stop();
    };
    this.live = live;
    this.listenToLevel(live);
    recorder.start(TIMESLICE_MS);
    void this.keepAwake(live);
    document.addEventListener('visibilitychange', this.onVisible);
    this.set({
      phase: 'recording',
      key: record.key,
      target,
      since: new Date(record.startedAt).toISOString(),
      microphone: 'on',
      problem: null,
    });
  }

  pause(): void {
    const live = this.live;
    if (!live || live.recorder.state !== 'recording') return;
    live.recorder.pause();
    live.pausedAt = performance.now();
    this.set({ phase: 'paused' });
  }

  resume(): void {
    const live = this.live;
    if (!live || live.recorder.state !== 'paused') return;
    live.recorder.resume();
    if (live.pausedAt !== null) live.pausedMs += performance.now() - live.pausedAt;
    live.pausedAt = null;
    live.lastSoundAt = performance.now();
    this.set({ phase: 'recording', microphone: 'on' });
  }

  /** Stops the recording: its last piece is stored, then it is finished on the API once every piece is there. */
  async stop(): Promise<void> {
    const live = this.live;
    if (!live) return;
    this.live = null;
    // onstop comes after the last piece, and `stopped` once that piece is stored
    if (live.recorder.state !== 'inactive') {
      live.recorder.stop();
      await live.stopped;
    }
    await live.writes;
    this.release(live);
    await this.store.stop(live.key);
    this.set({ phase: 'idle', key: null, target: null, since: null, microphone: 'off' });
    void this.outbox.run();
  }

  /** Leaves an unfinished recording as it is (the page closes): a reload offers to go on with it or finish it. */
  abandon(): void {
    const live = this.live;
    if (!live) return;
    this.live = null;
    if (live.recorder.state !== 'inactive') live.recorder.stop();
    this.release(live);
  }

  /** A tapped Mark at the moment now. */
  async mark(): Promise<number | null> {
    const offset = this.offsetMs();
    const live = this.live;
    if (offset === null || !live) return null;
    await this.store.tapMark(live.key, offset);
    void this.outbox.run();
    return offset;
  }

  private keep(live: Live, data: Blob): void {
    const segmentMs = this.segmentMs(live);
    // Read at once, not behind the writes before it: a piece waits only for its own turn in IndexedDB.
    const read = data.arrayBuffer();
    // In order, one after another: a piece's place in its segment is the size of those before it.
    live.writes = live.writes
      .then(async () => {
        await this.store.addPiece(live.key, live.segment, await read, segmentMs);
        const now = performance.now();
        if (now - this.sendAskedAt >= SEND_EVERY_MS) {
          this.sendAskedAt = now;
          void this.outbox.run();
        }
      })
      .catch((error: unknown) => {
        this.set({
          problem: `A second of the recording could not be kept on this device (${error instanceof Error ? error.message : String(error)}): is the storage full?`,
        });
      });
  }

  private segmentMs(live: Live): number {
    const now = performance.now();
    return now - live.startedAt - live.pausedMs - (live.pausedAt === null ? 0 : now - live.pausedAt);
  }

  private listenToLevel(live: Live): void {
    try {
      // nothing is played: the meter needs no low latency, and the audio thread wakes far less often for it
      const audio = new AudioContext({ latencyHint: 'playback' });
      const analyser = audio.createAnalyser();
      analyser.fftSize = 2048;
      audio.createMediaStreamSource(live.stream).connect(analyser);
      live.audio = audio;
      live.analyser = analyser;
      live.samples = new Float32Array(analyser.fftSize);
    } catch {
      // no Web Audio: recording goes on without a meter (and without the silence warning)
      return;
    }
    live.levelTimer = setInterval(() => this.measure(live), LEVEL_EVERY_MS);
  }

  private measure(live: Live): void {
    if (!live.analyser || !live.samples) return;
    live.analyser.getFloatTimeDomainData(live.samples);
    let sum = 0;
    for (const sample of live.samples) sum += sample * sample;
    const rms = Math.sqrt(sum / live.samples.length);
    this.level = live.pausedAt === null ? rms : 0;
    for (const listener of this.levelListeners) listener(this.level);
    const now = performance.now();
    if (live.pausedAt !== null) return;
    if (rms >= SILENCE_LEVEL) {
      live.lastSoundAt = now;
      if (this.state.microphone === 'silent') this.set({ microphone: 'on' });
    } else if (now - live.lastSoundAt > SILENCE_WARNING_MS && this.state.microphone !== 'silent') {
      this.set({ microphone: 'silent' });
    }
  }

  private async keepAwake(live: Live): Promise<void> {
    if (!('wakeLock' in navigator)) {
      this.set({ wakeLock: 'unavailable' });
      return;
    }
    try {
      const lock = await navigator.wakeLock.request('screen');
      if (this.live !== live) {
        void lock.release();
        return;
      }
      live.wakeLock = lock;
      lock.addEventListener('release', () => {
        live.wakeLock = null;
        if (this.live === live) this.set({ wakeLock: 'none' });
      });
      this.set({ wakeLock: 'held' });
    } catch {
      // refused (the page is hidden, or battery saver): asked again when the page is visible
      this.set({ wakeLock: 'none' });
    }
  }

  private release(live: Live): void {
    clearInterval(live.levelTimer);
    for (const track of live.stream.getTracks()) track.stop();
    void live.audio?.close().catch(() => undefined);
    void live.wakeLock?.release().catch(() => undefined);
    document.removeEventListener('visibilitychange', this.onVisible);
    this.level = 0;
    for (const listener of this.levelListeners) listener(0);
    this.set({ wakeLock: 'none' });
  }

  private set(change: Partial<RecorderState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}

function microphoneProblem(error: unknown): Pick<RecorderState, 'microphone' | 'problem'> {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return {
      microphone: 'refused',
      problem:
        "The microphone is not allowed for this site. Allow it in the browser's settings for this site (Safari: aA in the address bar, Website Settings; Chrome: the icon left of the address), then press Record again.",
    };
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return {
      microphone: 'unavailable',
      problem: 'No microphone found on this device: plug one in, then press Record again.',
    };
  if (name === 'NotReadableError')
    return {
      microphone: 'unavailable',
      problem: 'The microphone is in use by another app (a call?): close it, then press Record again.',
    };
  return {
    microphone: 'unavailable',
    problem: `The microphone could not be opened (${error instanceof Error ? error.message : String(error)}).`,
  };
}
