/**
 * The load generator, run as a child process (its own core on a 2-core machine) by bench/api/throughput.ts and
 * bench/api/many-connections.ts.
 * It receives one target at a time over IPC, drives it with a fixed number of keep-alive HTTPS connections,
 * each sending its next request as soon as the previous answer's body has been read (closed loop), and answers
 * with every latency's summary. Nothing here knows about the API: headers and expected status come with the target.
 */
import https from 'node:https';
import type { LoadResult, LoadTarget } from './protocol.js';

async function drive(target: LoadTarget): Promise<LoadResult> {
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: target.connections,
    ca: target.ca,
    servername: 'localhost',
  });
  const url = new URL(target.url);
  const options: https.RequestOptions = {
    agent,
    host: url.hostname,
    port: url.port,
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: target.headers,
  };

  let recording = false;
  let stopping = false;
  const latencies: number[] = [];
  let errors = 0;
  let requests = 0;
  let bytes = 0;
  let firstError: string | undefined;

  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = https.request(options, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        response.on('end', () => {
          if (recording) {
            requests++;
            if (response.statusCode === target.expectStatus) {
              latencies.push(performance.now() - started);
              bytes += size;
            } else {
              errors++;
              firstError ??= `status ${response.statusCode}`;
            }
          }
          resolve();
        });
        response.on('error', () => resolve());
      });
      request.on('error', (error) => {
        if (recording) {
          requests++;
          errors++;
          firstError ??= error.message;
        }
        resolve();
      });
      request.end();
    });

  // Recording starts once every connection has had its first answer: with many connections, a first request
  // waits behind all the TLS handshakes, which is connection set-up, not the latency of serving a request.
  let connected = 0;
  let allConnected!: () => void;
  const connectedAll = new Promise<void>((resolve) => (allConnected = resolve));
  const connection = async () => {
    await once();
    if (++connected === target.connections) allConnected();
    while (!stopping) await once();
  };

  const cpuBefore = { value: process.cpuUsage() };
  const loadStarted = performance.now();
  const workers = Array.from({ length: target.connections }, connection);
  let giveUp: NodeJS.Timeout | undefined;
  await Promise.race([connectedAll, new Promise((resolve) => (giveUp = setTimeout(resolve, MAX_CONNECT_MS)))]);
  clearTimeout(giveUp);
  const connectedMs = performance.now() - loadStarted;
  await sleep(target.warmupMs);
  recording = true;
  const started = performance.now();
  cpuBefore.value = process.cpuUsage();
  await sleep(target.durationMs);
  recording = false;
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore.value);
  stopping = true;
  await Promise.all(workers);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    requests,
    completed: latencies.length,
    errors,
    firstError,
    elapsedMs,
    rps: latencies.length / (elapsedMs / 1000),
    p50Ms: percentile(latencies, 0.5),
    p90Ms: percentile(latencies, 0.9),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? NaN,
    meanBodyBytes: latencies.length ? bytes / latencies.length : 0,
    clientCpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
    connectedMs,
    connectedAll: connected >= target.connections,
  };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** How long the connections may take to get their first answers before recording starts anyway. */
const MAX_CONNECT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

process.on('message', (target: LoadTarget) => {
  drive(target).then(
    (result) => process.send?.({ ok: true, result }),
    (error: Error) => process.send?.({ ok: false, error: error.message }),
  );
});
process.on('disconnect', () => process.exit(0));
