/**
 * What bench/api/judges-entering.ts and its tablets' child process (judges-tablets.ts) say to each other over IPC;
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
}

/** A submit as answered, `at` on the clock both processes share (now()). */
export interface SubmittedEntry {
  divisionId: number;
  captionKey: string;
  performanceId: number;
  at: number;
}

export type TabletsMessage = { submitted?: SubmittedEntry; result?: TabletsResult; error?: string };

/** Milliseconds on a clock two processes of one machine share: performance.now() starts anew in each. */
export const now = () => performance.timeOrigin + performance.now();

export interface TabletsResult {
  /** every write's latency, ms */
  latencies: number[];
  notOk: number;
  seconds: number;
}
