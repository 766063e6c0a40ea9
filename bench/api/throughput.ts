/**
 * API throughput against the Node ceiling. The real API (startApi: TLS listener, PGlite in a temporary DATA_DIR)
 * and a "ceiling" server (the same listenHttps and certificate, answering a fixed body of exactly the measured
 * route's bytes) run in this process; the load comes from a child process, so on a 2-core machine server and
 * client each get a core. The ratio api/ceiling is what the budget checks: it says how much of what Node can
 * serve over TLS from this process is left after routing, auth, rate limiting and the response cache.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startTestApi, type TestApi } from '../../test/helpers/api-server.js';
import { listenHttps, type RunningServer } from '../../server/api/http/listen.js';
import { loadTls } from '../../server/api/http/tls.js';
import { loadRecaps } from '../../server/api/recap-import/load-recap.js';
import { loadSample } from '../../server/api/sample/load-sample.js';
import type { LoadReply, LoadResult, LoadTarget } from './protocol.js';
import { biggestRecap } from '../lib/biggest-recap.js';
import { median } from '../lib/stats.js';

export interface ThroughputOptions {
  /** api and ceiling alternate this many times per line; each figure is the median over rounds */
  rounds: number;
  connections: number;
  warmupMs: number;
  durationMs: number;
}

export interface TargetMeasurement extends LoadResult {
  /** server process CPU over the recorded window (100 = one core) */
  serverCpuPercent: number;
  /** server CPU time per completed request, microseconds */
  serverCpuUsPerRequest: number;
  eventLoopUtilization: number;
}

export interface RouteComparison {
  route: string;
  description: string;
  bodyBytes: number;
  status: number;
  /** per-figure medians over the rounds */
  api: TargetMeasurement;
  ceiling: TargetMeasurement;
  /** api rps / ceiling rps: the median of each round's ratio (a round's two runs are adjacent in time) */
  ratio: number;
  /** ceiling CPU per request / api CPU per request, median over rounds: the same comparison, unaffected by how busy the machine was */
  cpuRatio: number;
  rounds: { api: TargetMeasurement; ceiling: TargetMeasurement }[];
}

export interface ThroughputReport {
  recap: { file: string; title: string; performances: number };
  options: ThroughputOptions;
  comparisons: RouteComparison[];
}

const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

export async function measureThroughput(
  options: ThroughputOptions,
  log: (line: string) => void,
): Promise<ThroughputReport> {
  // The default limit (6000/min per application) would turn the measurement into a 429 benchmark.
  const api = await startTestApi({ env: { RATE_LIMIT_REQUESTS: '1000000000' } });
  try {
    const recap = biggestRecap();
    const organization = await api.createOrg('Benchmark Circuit');
    // Sample first: the importer finds the sample's divisions by name, the sample needs an empty organization.
    await loadSample(api.services.database, organization.id);
    const [loaded] = await loadRecaps(api.services.database.db, organization.id, [
      { name: recap.name, html: recap.html },
    ]);
    const key = await api.createKey(organization.guid, { name: 'Benchmark' });
    const token = await api.token(key.clientId, key.clientSecret);
    const competitionGuid = await competitionGuidOf(api, token, loaded.competitionId, recap.name.replace(/\.htm$/, ''));
    log(`api: ${loaded.title} (${loaded.performances} performances) imported; sample circuit loaded`);

    const routes = [
      { route: `/2018-03/performances?c=${competitionGuid}`, description: `v2 performances of "${loaded.title}"` },
      { route: '/events/', description: 'v4 event list, first page (sample circuit + the recap)' },
    ];
    const comparisons = await compareWithCeiling(api, token, routes, options, log);
    return {
      recap: { file: recap.name, title: loaded.title, performances: loaded.performances },
      options,
      comparisons,
    };
  } finally {
    await api.stop();
  }
}

/**
 * Each route of the API against the Node ceiling answering the same bytes: `options.rounds` alternations of the two,
 * plain and revalidated (If-None-Match). The load comes from a child process.
 */
export async function compareWithCeiling(
  api: TestApi,
  token: string,
  routes: { route: string; description: string }[],
  options: ThroughputOptions,
  log: (line: string) => void,
): Promise<RouteComparison[]> {
  let ceiling: RunningServer | undefined;
  let child: ChildProcess | undefined;
  try {
    const fixed = new Map<string, { body: Buffer<ArrayBuffer>; contentType: string; etag: string }>();
    for (const { route } of routes) {
      const response = await api.fetch(route, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`GET ${route} answered ${response.status}`);
      // One Buffer answered by every request: the cheapest way Node has to send the same bytes again.
      fixed.set(route, {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? '',
        etag: response.headers.get('etag') ?? '',
      });
    }

    const tls = await loadTls({ dataDir: api.dataDir });
    let current = fixed.get(routes[0].route)!;
    ceiling = await listenHttps(
      (request) => {
        const ifNoneMatch = request.headers.get('if-none-match');
        if (ifNoneMatch && ifNoneMatch === current.etag)
          return new Response(null, { status: 304, headers: { etag: current.etag } });
        return new Response(current.body, { headers: { 'content-type': current.contentType } });
      },
      tls,
      { port: 0, host: '127.0.0.1' },
    );

    child = fork(LOAD_GENERATOR, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const run = runner(child, api.ca, options);
    const comparisons: RouteComparison[] = [];
    for (const { route, description } of routes) {
      current = fixed.get(route)!;
      const bodyBytes = current.body.length;
      for (const conditional of [false, true]) {
        const headers: Record<string, string> = conditional ? { 'if-none-match': current.etag } : {};
        const status = conditional ? 304 : 200;
        const label = `${route.split('?')[0]}${conditional ? ' (If-None-Match)' : ''}`;
        const rounds: RouteComparison['rounds'] = [];
        for (let round = 1; round <= options.rounds; round++) {
          const apiResult = await run(
            `api ${label}`,
            `${api.url}${route}`,
            { ...headers, authorization: `Bearer ${token}` },
            status,
          );
          log(line(apiResult, round));
          const ceilingResult = await run(`ceiling ${label}`, `${ceiling.url}${route}`, headers, status);
          log(line(ceilingResult, round));
          rounds.push({ api: apiResult, ceiling: ceilingResult });
        }
        comparisons.push({
          route: label,
          description: conditional ? `${description}, revalidated: 304 without a body` : description,
          bodyBytes: conditional ? 0 : bodyBytes,
          status,
          api: medianMeasurement(rounds.map((round) => round.api)),
          ceiling: medianMeasurement(rounds.map((round) => round.ceiling)),
          ratio: median(rounds.map((round) => round.api.rps / round.ceiling.rps)),
          cpuRatio: median(
            rounds.map((round) => round.ceiling.serverCpuUsPerRequest / round.api.serverCpuUsPerRequest),
          ),
          rounds,
        });
      }
    }
    return comparisons;
  } finally {
    child?.disconnect();
    child?.kill();
    await ceiling?.close();
  }
}

async function competitionGuidOf(api: TestApi, token: string, competitionId: number, pageId: string): Promise<string> {
  const response = await api.fetch('/2018-03/competitions?includePractice=true', {
    headers: { authorization: `Bearer ${token}` },
  });
  const records = (await response.json()) as { CompetitionGuid: string; OrgCompetitionID: string | null }[];
  const record = records.find((item) => item.OrgCompetitionID === pageId);
  if (!record) throw new Error(`competition ${competitionId} (${pageId}) is not in the v2 competition list`);
  return record.CompetitionGuid;
}

/** Sends one target to the load generator and samples this process's CPU over the same recorded window. */
function runner(child: ChildProcess, ca: string, options: ThroughputOptions) {
  return (name: string, url: string, headers: Record<string, string>, expectStatus: number) =>
    new Promise<TargetMeasurement>((resolve, reject) => {
      const target: LoadTarget = { name, url, headers, ca, expectStatus, ...options };
      let cpuStart = process.cpuUsage();
      let eluStart = performance.eventLoopUtilization();
      let cpu: NodeJS.CpuUsage | undefined;
      let elu = 0;
      const startTimer = setTimeout(() => {
        cpuStart = process.cpuUsage();
        eluStart = performance.eventLoopUtilization();
      }, options.warmupMs);
      const endTimer = setTimeout(() => {
        cpu = process.cpuUsage(cpuStart);
        elu = performance.eventLoopUtilization(eluStart).utilization;
      }, options.warmupMs + options.durationMs);
      const onExit = () => reject(new Error('the load generator exited'));
      child.once('exit', onExit);
      child.once('message', (reply: LoadReply) => {
        child.off('exit', onExit);
        clearTimeout(startTimer);
        clearTimeout(endTimer);
        if (!reply.ok) return reject(new Error(`load generator: ${reply.error}`));
        const used = cpu ?? process.cpuUsage(cpuStart);
        const cpuMs = (used.user + used.system) / 1000;
        resolve({
          ...reply.result,
          serverCpuPercent: (cpuMs / options.durationMs) * 100,
          serverCpuUsPerRequest: reply.result.completed ? (cpuMs * 1000) / reply.result.completed : NaN,
          eventLoopUtilization: elu,
        });
      });
      child.send(target);
    });
}

/** Each numeric figure's median over the rounds (errors: the sum). */
function medianMeasurement(rounds: TargetMeasurement[]): TargetMeasurement {
  const figure = (pick: (result: TargetMeasurement) => number) => median(rounds.map(pick));
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
    serverCpuPercent: figure((result) => result.serverCpuPercent),
    serverCpuUsPerRequest: figure((result) => result.serverCpuUsPerRequest),
    eventLoopUtilization: figure((result) => result.eventLoopUtilization),
  };
}

function line(result: TargetMeasurement, round: number): string {
  return `  ${round} ${result.name.padEnd(44)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50Ms.toFixed(2)} ms  p99 ${result.p99Ms.toFixed(2)} ms  errors ${result.errors}  server CPU ${result.serverCpuPercent.toFixed(0)}%  client CPU ${result.clientCpuPercent.toFixed(0)}%`;
}
