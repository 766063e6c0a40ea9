/**
 * Many connections on the biggest response: `npm run api` (the real entry point as production runs it, the built
 * server by plain node through scripts/start.js, in a process of its own so its memory is its own) serves `/2018-03/performances` of the biggest real recap to 1,000 keep-alive HTTPS connections
 * from the load-generator child, and the Node ceiling (bench/api/ceiling-server.ts, a process of its own too: the
 * same listener and certificate answering the same bytes from one Buffer) serves them to the same 1,000 connections
 * from the same load generator, alternately, LOAD_ROUNDS times. Budgeted: the API's p99 over the ceiling's (the
 * median of the rounds' ratios), the API process's peak resident memory while its load ran (Linux's VmHWM, reset
 * just before the load) and errors. The absolute latencies are reported beside them.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/helpers/free-port.js';
import { isolatedEnv, prepareBenchData, sleep, startLaunched, startService, waitUntilReady } from '../lib/service.js';
import { median } from '../lib/stats.js';
import type { LoadReply, LoadResult, LoadTarget } from './protocol.js';

/** A busy show's crowd reading one recap at once (decision 017): the load the budgets are set for. */
export const LOAD_CONNECTIONS = 1000;
/** API and ceiling alternate this many times: each ratio is of two loads adjacent in time */
const LOAD_ROUNDS = 2;

export interface ManyConnectionsOptions {
  connections: number;
  /** after every connection has had its first answer */
  warmupMs: number;
  durationMs: number;
}

export interface ManyConnectionsReport {
  route: string;
  description: string;
  bodyBytes: number;
  options: ManyConnectionsOptions;
  /** the API's load: each figure the median over the rounds (errors: the sum; max: the highest) */
  load: LoadResult;
  /** the Node ceiling's, the same way */
  ceiling: LoadResult;
  /** the budgeted figure: the median of the rounds' API p99 / ceiling p99 */
  p99Ratio: number;
  rounds: { api: LoadResult; ceiling: LoadResult }[];
  /** resident memory of the API process, bytes */
  rss: {
    /** after start-up and one request, before the load */
    before: number;
    /** the peak while the load ran: VmHWM (reset before the load when the kernel allows), or the highest sample */
    peak: number;
    peakSource: 'VmHWM' | 'samples';
    /** once the load generator has closed its connections */
    after: number;
  };
}

const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

export async function measureManyConnections(
  recapFile: string,
  options: ManyConnectionsOptions,
  log: (line: string) => void,
): Promise<ManyConnectionsReport> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'marching-bench-load-'));
  const port = await freePort();
  // The default limit (6000/min per application) would turn the measurement into a 429 benchmark.
  const env = isolatedEnv({
    DATA_DIR: path.join(workDir, 'data'),
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    RATE_LIMIT_REQUESTS: '1000000000',
  });
  const logFile = path.join(workDir, 'api.log');
  try {
    const { organization, cli, recap } = prepareBenchData(env, recapFile);
    const key = JSON.parse(cli(['key', 'create', '--org', organization.guid, '--name', 'Benchmark'])) as {
      client_id: string;
      client_secret: string;
    };
    // Not through tsx: its loader thread and source maps cost the process some 70 MiB more than the built server
    // that `npm run api` runs (decisions 053, 056, 146), and the budget is the API's memory, not the loader's.
    const api = startLaunched('api', env, logFile);
    try {
      let listening: { url: string; certificate: string } | undefined;
      await waitUntilReady(api, `the API said it listens (see ${logFile})`, () => {
        const line = readFileSync(logFile, 'utf8')
          .split('\n')
          .find((text) => text.includes('"API listening"'));
        listening = line ? (JSON.parse(line) as { url: string; certificate: string }) : undefined;
        return listening !== undefined;
      });
      const { url } = listening!;
      const ca = readFileSync(listening!.certificate, 'utf8');
      const client = httpsClient(url, ca);

      const token = (await client.json(
        'POST',
        '/v3/oauth2/token',
        {},
        `grant_type=client_credentials&client_id=${encodeURIComponent(key.client_id)}&client_secret=${encodeURIComponent(key.client_secret)}`,
      )) as { access_token: string };
      const authorization = `Bearer ${token.access_token}`;
      const competitions = (await client.json('GET', '/2018-03/competitions?includePractice=true', {
        authorization,
      })) as { CompetitionGuid: string; OrgCompetitionID: string | null }[];
      const pageId = path.basename(recapFile).replace(/\.htm(\.gz)?$/, '');
      const competition = competitions.find((record) => record.OrgCompetitionID === pageId);
      if (!competition) throw new Error(`the recap ${pageId} is not in the v2 competition list`);
      const route = `/2018-03/performances?c=${competition.CompetitionGuid}`;
      // The first read computes and caches the response; the load measures serving it.
      const body = await client.text('GET', route, { authorization });
      const bodyBytes = Buffer.byteLength(body);
      log(
        `api under load: ${recap.title} (${recap.performances} performances), ${route.split('?')[0]} is ${bodyBytes} bytes; ${options.connections} connections`,
      );

      const pid = api.child.pid!;
      const bodyFile = path.join(workDir, 'ceiling-body');
      writeFileSync(bodyFile, body);
      const ceiling = await startCeiling(env, url, bodyFile, path.join(workDir, 'ceiling.log'));
      try {
        const before = memoryOf(pid).rss;
        let peak = before;
        let peakSource: ManyConnectionsReport['rss']['peakSource'] = 'VmHWM';
        const rounds: ManyConnectionsReport['rounds'] = [];
        for (let round = 1; round <= LOAD_ROUNDS; round++) {
          const measured = await measuringPeak(pid, () =>
            runLoad({
              name: `api ${route.split('?')[0]} x${options.connections}`,
              url: `${url}${route}`,
              headers: { authorization },
              ca,
              expectStatus: 200,
              ...options,
            }),
          );
          peak = Math.max(peak, measured.peak);
          if (measured.source === 'samples') peakSource = 'samples';
          log(`  ${round} api     ${loadLine(measured.result)}  RSS peak ${mib(measured.peak)} MiB`);
          // Sockets close asynchronously after the load generator destroys its agent.
          await sleep(500);
          const floor = await runLoad({
            name: `ceiling ${route.split('?')[0]} x${options.connections}`,
            url: `${ceiling.url}${route}`,
            headers: {},
            ca,
            expectStatus: 200,
            ...options,
          });
          log(`  ${round} ceiling ${loadLine(floor)}`);
          rounds.push({ api: measured.result, ceiling: floor });
          await sleep(500);
        }
        const after = memoryOf(pid).rss;
        const report: ManyConnectionsReport = {
          route: route.split('?')[0],
          description: `v2 performances of "${recap.title}" (the biggest real recap)`,
          bodyBytes,
          options,
          load: medianLoad(rounds.map((round) => round.api)),
          ceiling: medianLoad(rounds.map((round) => round.ceiling)),
          p99Ratio: median(rounds.map((round) => round.api.p99Ms / round.ceiling.p99Ms)),
          rounds,
          rss: { before, peak, peakSource, after },
        };
        log(
          `  p99 ${report.load.p99Ms.toFixed(0)} ms against the ceiling's ${report.ceiling.p99Ms.toFixed(0)} ms: ${report.p99Ratio.toFixed(2)}x; RSS before ${mib(before)}, peak ${mib(peak)}, after ${mib(after)} MiB`,
        );
        return report;
      } finally {
        await ceiling.stop();
      }
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The ceiling process on the same DATA_DIR (its certificate), a port of its own; ready once it says it listens. */
async function startCeiling(env: NodeJS.ProcessEnv, apiUrl: string, bodyFile: string, logFile: string) {
  const port = await freePort();
  const service = startService(
    'bench/api/ceiling-server.ts',
    { ...env, API_PORT: String(port), BENCH_CEILING_BODY: bodyFile, BENCH_CEILING_CONTENT_TYPE: 'application/json' },
    logFile,
  );
  try {
    await waitUntilReady(service, `the ceiling said it listens (see ${logFile})`, () =>
      readFileSync(logFile, 'utf8').includes('"ceiling listening"'),
    );
  } catch (error) {
    await service.stop();
    throw error;
  }
  // the API's host name: the certificate names it
  const url = new URL(apiUrl);
  url.port = String(port);
  return { url: url.origin, stop: service.stop };
}

/** Runs a load while following the process's peak resident memory: VmHWM reset before it, or 100 ms samples. */
async function measuringPeak<T>(pid: number, load: () => Promise<T>) {
  const hwmReset = resetPeak(pid);
  let sampledPeak = memoryOf(pid).rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
  }, 100);
  try {
    const result = await load();
    const peak = hwmReset ? Math.max(memoryOf(pid).hwm, sampledPeak) : sampledPeak;
    return { result, peak, source: hwmReset ? ('VmHWM' as const) : ('samples' as const) };
  } finally {
    clearInterval(sampler);
  }
}

/** Each figure's median over the rounds; errors summed, the slowest answer the slowest of all. */
function medianLoad(rounds: LoadResult[]): LoadResult {
  const figure = (pick: (result: LoadResult) => number) => median(rounds.map(pick));
  return {
    ...rounds[0],
    requests: figure((result) => result.requests),
    completed: figure((result) => result.completed),
    errors: rounds.reduce((sum, result) => sum + result.errors, 0),
    firstError: rounds.find((result) => result.firstError)?.firstError,
    elapsedMs: figure((result) => result.elapsedMs),
    rps: figure((result) => result.rps),
    p50Ms: figure((result) => result.p50Ms),
    p90Ms: figure((result) => result.p90Ms),
    p99Ms: figure((result) => result.p99Ms),
    maxMs: Math.max(...rounds.map((result) => result.maxMs)),
    meanBodyBytes: figure((result) => result.meanBodyBytes),
    clientCpuPercent: figure((result) => result.clientCpuPercent),
    connectedMs: figure((result) => result.connectedMs),
    connectedAll: rounds.every((result) => result.connectedAll),
  };
}

const loadLine = (load: LoadResult) =>
  `${load.rps.toFixed(0)} req/s  p50 ${load.p50Ms.toFixed(0)} ms  p99 ${load.p99Ms.toFixed(0)} ms  errors ${load.errors}${load.firstError ? ` (${load.firstError})` : ''}`;

/** One target in a load-generator child of its own (its own core). */
function runLoad(target: LoadTarget): Promise<LoadResult> {
  const child = fork(LOAD_GENERATOR, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<LoadResult>((resolve, reject) => {
    child.once('exit', () => reject(new Error('the load generator exited')));
    child.once('message', (reply: LoadReply) =>
      reply.ok ? resolve(reply.result) : reject(new Error(`load generator: ${reply.error}`)),
    );
    child.send(target);
  }).finally(() => {
    child.disconnect();
    child.kill();
  });
}

/** Resident memory now and at its peak, from /proc (Linux), in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/** Writing 5 to clear_refs resets VmHWM to the current RSS, so the peak covers the load alone. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function httpsClient(base: string, ca: string) {
  const request = (method: string, target: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = https.request(
        new URL(target, base),
        {
          method,
          ca,
          agent: false,
          headers: body ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  const text = async (method: string, target: string, headers: Record<string, string>, body?: string) => {
    const response = await request(method, target, headers, body);
    if (response.status !== 200)
      throw new Error(`${method} ${target.split('?')[0]} answered ${response.status}: ${response.text.slice(0, 200)}`);
    return response.text;
  };
  return {
    text,
    json: async (method: string, target: string, headers: Record<string, string>, body?: string) =>
      JSON.parse(await text(method, target, headers, body)) as unknown,
  };
}
