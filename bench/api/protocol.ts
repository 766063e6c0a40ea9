/** What the benchmark process and its load-generator child say to each other over IPC. */
export interface LoadTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** the CA to trust (the API's self-signed certificate) */
  ca: string;
  expectStatus: number;
  connections: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadResult {
  name: string;
  /** answers received while recording, good or not */
  requests: number;
  /** answers with the expected status: the ones latencies and rps count */
  completed: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  rps: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanBodyBytes: number;
  /** the load generator's own CPU use over the recorded window (100 = one core) */
  clientCpuPercent: number;
  /** from the start until every connection had its first answer; the warm-up starts then */
  connectedMs: number;
  /** false when some connection still had no answer after a minute and recording started anyway */
  connectedAll: boolean;
}

export type LoadReply = { ok: true; result: LoadResult } | { ok: false; error: string };
