/**
 * What bench/api/judges-entering.ts and its devices' child process (judges-tablets.ts) say to each other over IPC;
 * a module of its own so that the parent does not load the child's entry point.
 */
import { performance } from 'node:perf_hooks';
import type { Json } from '../../test/api/client.js';

export interface TabletsPlan {
  url: string;
  ca: string;
  pacing: 'paced' | 'back to back';
  competitionId: number;
  /** each judge's token and its seat as GET /me/seats answered it */
  judges: { token: string; seat: Json }[];
  windowMs: number;
  /** a tabulator's screen reading the progress view from the same devices' process, every `pollMs` */
  screen?: { token: string; pollMs: number };
  /** each judge also uploads a commentary recording while entering (`--only commentary`) */
  recording?: RecordingPlan;
}

/**
 * The recording each judge uploads (bench/api/tablets-recording.ts): a real MediaRecorder file's pieces, the first
 * (its header) once and the others over and over, one a second of sound, as the tablet's outbox sends them online.
 */
export interface RecordingPlan {
  /** the recorded file (test/fixtures/commentary/) and its pieces' sizes as its recorder gave them */
  fixture: string;
  sizes: number[];
  /** seconds of sound, one piece each */
  seconds: number;
  /** the time the pieces are spread over: the round's, so that every judge uploads while entering */
  spreadMs: number;
}

/** A submit as answered, `at` on the clock both processes share (now()). */
export interface SubmittedEntry {
  divisionId: number;
  captionKey: string;
  performanceId: number;
  at: number;
}

/** One read of the progress view: when it was asked and answered (now()), and what it says is still missing. */
export interface ProgressReading {
  asked: number;
  answered: number;
  /** `${divisionId}|${captionKey}|${performanceId}` of every caption a performance still lacks */
  missing: string[];
}

export type TabletsMessage = {
  submitted?: SubmittedEntry;
  progress?: ProgressReading;
  result?: TabletsResult;
  error?: string;
};

/** What the parent tells the devices once it has seen enough: stop reading, and exit. */
export interface TabletsStop {
  stop: true;
}

/** Milliseconds on a clock two processes of one machine share: performance.now() starts anew in each. */
export const now = () => performance.timeOrigin + performance.now();

export interface TabletsResult {
  /** every write's latency, ms */
  latencies: number[];
  notOk: number;
  seconds: number;
  /** the recordings' appends, when the plan has a recording */
  appends?: AppendsResult;
}

export interface AppendsResult {
  /** every append's latency, ms */
  latencies: number[];
  /** appends answered other than 204 */
  notOk: number;
  /** bytes the API confirmed, all judges */
  bytes: number;
}

/** A number on the line's step within its maximum, different per judge and performance: the tablets' and the floor's. */
export function scoreFor(line: { max: number; step: number }, judge: number, position: number): number {
  const steps = Math.floor(line.max / line.step);
  const taken = Math.floor(steps * (0.55 + ((judge * 7 + position * 13) % 40) / 100));
  return Number((taken * line.step).toFixed(3));
}

/** The progress view's missing captions, as ProgressReading keeps them. */
export function missingOf(progress: Json): string[] {
  const missing: string[] = [];
  for (const section of progress.data as Json[])
    for (const caption of section.captions as Json[])
      for (const id of caption.missing as number[]) missing.push(`${section.division.id}|${caption.captionKey}|${id}`);
  return missing;
}
