/**
 * `npx tsx bench/tsx-vs-built.ts [--runs 5]`: the API run through tsx (as `npm run api` and `npm start` run it)
 * against the same entry bundled by esbuild and run by plain node, for docs/decisions/043. Not part of
 * `npm run bench`: it answers one question once, and is kept so the answer can be checked again.
 *
 * Three ways of running server/api/server.ts, interleaved run by run on copies of one prepared data directory:
 * - `tsx server/api/server.ts`: tsx's command line, which starts node with its loader in a child process;
 * - `node --import tsx server/api/server.ts`: the loader in one process;
 * - `node api.mjs`: the entry bundled by esbuild (our code in one file, packages left to node_modules).
 * Measured per run: the time from spawning to the first 200 on /health (and the CPU time used by then, which other
 * load on the machine does not stretch), then to the first /openapi.json; resident
 * memory of the whole process tree at rest; after 200 requests on the biggest v2 performances (8 at a time); and
 * its peak under the bench's 1,000 keep-alive connections on the same route (bench/api/load-generator.ts).
 * `--start-only` stops each run after the memory at rest.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { freePort } from '../test/helpers/free-port.js';
import { biggestRecap } from './lib/biggest-recap.js';
import { isolatedEnv, prepareBenchData } from './lib/service.js';
import { median } from './lib/stats.js';
import type { LoadReply, LoadResult, LoadTarget } from './api/protocol.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOAD_GENERATOR = path.join(root, 'bench/api/load-generator.ts');

interface RunResult {
  variant: string;
  healthMs: number;
  /** CPU time the process tree had used when /health first answered: unlike wall time, not stretched by other load */
  startCpuMs: number;
  openApiMs: number;
  restMiB: number;
  after200MiB: number;
  peak1000MiB: number;
  p99Ms: number;
  errors: number;
  processes: number;
}

/**
 * While the v4 routes are found by scanning their folder for `.ts` files at run time (a bundle has no such folder),
 * the bundle gets the same modules as static imports: what a registry listed in code gives.
 */
function listedV4Routes(): Plugin {
  return {
    name: 'listed-v4-routes',
    setup(builder) {
      builder.onLoad({ filter: /server[\\/]api[\\/]routes[\\/]v4[\\/]index\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        // Once the folder's modules are listed in code, the file bundles as it is.
        if (!source.includes('readdirSync')) return undefined;
        const names = [
          'competitions',
          'divisions',
          'events',
          'groups',
          'judge-seasons',
          'judges',
          'performances',
          'seasons',
          'standings',
        ];
        const imports = names.map((name, index) => `import * as m${index} from './${name}.js';`).join('\n');
        const start = source.indexOf('const resourceFiles');
        const end = source.indexOf('/**', start);
        if (start < 0 || end < 0) throw new Error('v4/index.ts changed: update the bundle plugin');
        const replaced = `${source.slice(0, start)}const resources = [${names.map((_, index) => `m${index}`).join(', ')}] as ResourceModule[];\n\n${source.slice(end)}`;
        return { contents: `${imports}\n${replaced}`, loader: 'ts' };
      });
    },
  };
}

async function buildApi(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'api.mjs');
  await build({
    entryPoints: [path.join(root, 'server/api/server.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    plugins: [listedV4Routes()],
    logLevel: 'warning',
  });
  // migrate.ts reads its SQL files beside its own module; packages resolve from node_modules above the bundle.
  cpSync(path.join(root, 'server/api/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  if (!existsSync(path.join(outDir, '..', 'node_modules')))
    symlinkSync(path.join(root, 'node_modules'), path.join(outDir, '..', 'node_modules'));
  return outfile;
}

function treeRssBytes(pid: number): { rss: number; pids: number[] } {
  const pids: number[] = [];
  const visit = (id: number) => {
    pids.push(id);
    for (const task of safeRead(`/proc/${id}/task/${id}/children`).split(/\s+/).filter(Boolean)) visit(Number(task));
  };
  visit(pid);
  const rss = pids.reduce((sum, id) => sum + field(safeRead(`/proc/${id}/status`), 'VmRSS'), 0);
  return { rss, pids };
}

/** User and system CPU time of a process tree so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
function treeCpuMs(pid: number): number {
  return treeRssBytes(pid).pids.reduce((sum, id) => {
    const fields = safeRead(`/proc/${id}/stat`).split(') ')[1]?.split(' ') ?? [];
    // utime, stime, and the same of children already exited (tsx's esbuild service, say)
    return sum + [11, 12, 13, 14].reduce((ticks, index) => ticks + Number(fields[index] ?? 0), 0) * 10;
  }, 0);
}

function field(status: string, name: string): number {
  return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const mib = (bytes: number) => bytes / 1024 / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function request(
  url: string,
  ca: string,
  agent: https.Agent | false,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      url,
      {
        method: body ? 'POST' : 'GET',
        ca,
        agent,
        servername: 'localhost',
        headers: body ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

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

async function stopTree(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => process.kill(-child.pid!, 'SIGKILL'))]);
}

async function runOnce(
  variant: string,
  command: string[],
  template: string,
  workDir: string,
  credentials: { clientId: string; clientSecret: string; route: string },
  withLoad: boolean,
): Promise<RunResult> {
  const dataDir = path.join(workDir, `data-${variant}-${Date.now()}`);
  cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const env = isolatedEnv({
    DATA_DIR: dataDir,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    RATE_LIMIT_REQUESTS: '1000000000',
  });
  const ca = readFileSync(path.join(dataDir, 'tls/cert.pem'), 'utf8');
  const base = `https://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), { cwd: root, env, stdio: 'ignore', detached: true });
  try {
    let healthMs = NaN;
    let startCpuMs = NaN;
    while (performance.now() - started < 120_000) {
      if (child.exitCode !== null) throw new Error(`${variant} exited before answering`);
      const answer = await request(`${base}/health`, ca, false).catch(() => undefined);
      if (answer?.status === 200) {
        healthMs = performance.now() - started;
        startCpuMs = treeCpuMs(child.pid!);
        break;
      }
      await sleep(10);
    }
    const openApi = await request(`${base}/openapi.json`, ca, false);
    if (openApi.status !== 200) throw new Error(`/openapi.json answered ${openApi.status}`);
    const openApiMs = performance.now() - started;
    await sleep(3000);
    const rest = treeRssBytes(child.pid!);
    if (!withLoad)
      return {
        variant,
        healthMs,
        startCpuMs,
        openApiMs,
        restMiB: mib(rest.rss),
        after200MiB: NaN,
        peak1000MiB: NaN,
        p99Ms: NaN,
        errors: 0,
        processes: rest.pids.length,
      };

    const token = JSON.parse(
      (
        await request(
          `${base}/v3/oauth2/token`,
          ca,
          false,
          {},
          `grant_type=client_credentials&client_id=${encodeURIComponent(credentials.clientId)}&client_secret=${encodeURIComponent(credentials.clientSecret)}`,
        )
      ).text,
    ) as { access_token: string };
    const headers = { authorization: `Bearer ${token.access_token}` };
    const agent = new https.Agent({ keepAlive: true, maxSockets: 8, ca, servername: 'localhost' });
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 200) {
          next++;
          const answer = await request(`${base}${credentials.route}`, ca, agent, headers);
          if (answer.status !== 200) throw new Error(`${credentials.route} answered ${answer.status}`);
        }
      }),
    );
    agent.destroy();
    await sleep(1000);
    const after200 = treeRssBytes(child.pid!);

    let peak = after200.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeRssBytes(child.pid!).rss);
    }, 100);
    let load: LoadResult;
    try {
      load = await runLoad({
        name: variant,
        url: `${base}${credentials.route}`,
        headers,
        ca,
        expectStatus: 200,
        connections: 1000,
        warmupMs: 1000,
        durationMs: 4000,
      });
    } finally {
      clearInterval(sampler);
    }
    return {
      variant,
      healthMs,
      startCpuMs,
      openApiMs,
      restMiB: mib(rest.rss),
      after200MiB: mib(after200.rss),
      peak1000MiB: mib(peak),
      p99Ms: load.p99Ms,
      errors: load.errors,
      processes: rest.pids.length,
    };
  } finally {
    await stopTree(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, 'start-only': { type: 'boolean', default: false } },
  });
  process.chdir(root);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'marching-tsx-vs-built-'));
  try {
    const template = path.join(workDir, 'template');
    mkdirSync(template);
    const env = isolatedEnv({ DATA_DIR: template });
    const recap = biggestRecap();
    const { organization, cli } = prepareBenchData(env, path.join(root, 'test/fixtures/recaps', `${recap.name}.gz`));
    const key = JSON.parse(cli(['key', 'create', '--org', organization.guid, '--name', 'Benchmark'])) as {
      client_id: string;
      client_secret: string;
    };
    const buildStarted = performance.now();
    const bundle = await buildApi(path.join(workDir, 'build'));
    const buildMs = performance.now() - buildStarted;

    // One start on the template makes the TLS certificate every run then reuses, and finds the route.
    const port = await freePort();
    const first = spawn(process.execPath, [bundle], {
      cwd: root,
      env: { ...env, API_PORT: String(port) },
      stdio: 'ignore',
      detached: true,
    });
    let route = '';
    try {
      for (let tries = 0; !existsSync(path.join(template, 'tls/cert.pem')) && tries < 600; tries++) await sleep(100);
      const ca = readFileSync(path.join(template, 'tls/cert.pem'), 'utf8');
      const base = `https://127.0.0.1:${port}`;
      for (let tries = 0; tries < 600; tries++) {
        if ((await request(`${base}/health`, ca, false).catch(() => undefined))?.status === 200) break;
        await sleep(100);
      }
      const token = JSON.parse(
        (
          await request(
            `${base}/v3/oauth2/token`,
            ca,
            false,
            {},
            `grant_type=client_credentials&client_id=${key.client_id}&client_secret=${key.client_secret}`,
          )
        ).text,
      ) as { access_token: string };
      const competitions = JSON.parse(
        (
          await request(`${base}/2018-03/competitions?includePractice=true`, ca, false, {
            authorization: `Bearer ${token.access_token}`,
          })
        ).text,
      ) as { CompetitionGuid: string; OrgCompetitionID: string | null }[];
      const competition = competitions.find((record) => record.OrgCompetitionID === recap.name.replace(/\.htm$/, ''));
      if (!competition) throw new Error('the biggest recap is not listed');
      route = `/2018-03/performances?c=${competition.CompetitionGuid}`;
      const v4 = await request(`${base}/seasons/`, ca, false, { authorization: `Bearer ${token.access_token}` });
      if (v4.status !== 200) throw new Error(`the bundle serves no v4 routes (/seasons/ answered ${v4.status})`);
    } finally {
      await stopTree(first);
    }

    const variants: [string, string[]][] = [
      ['tsx CLI', [path.join(root, 'node_modules/.bin/tsx'), 'server/api/server.ts']],
      ['node --import tsx', [process.execPath, '--import', 'tsx', 'server/api/server.ts']],
      ['node, bundled', [process.execPath, bundle]],
    ];
    const results: RunResult[] = [];
    const loadBefore = os.loadavg();
    for (let run = 0; run < Number(values.runs); run++) {
      for (const [variant, command] of variants) {
        const result = await runOnce(
          variant,
          command,
          template,
          workDir,
          {
            clientId: key.client_id,
            clientSecret: key.client_secret,
            route,
          },
          !values['start-only'],
        );
        results.push(result);
        console.log(JSON.stringify({ run, ...result, load: os.loadavg()[0] }));
      }
    }
    const loadAfter = os.loadavg();
    const lines = [
      `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; load average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}; bundle built in ${buildMs.toFixed(0)} ms; ${values.runs} runs per way, interleaved, medians.`,
      '',
      '| Way | Processes | First /health (ms) | CPU until then (ms) | First /openapi.json (ms) | RSS at rest (MiB) | After 200 requests (MiB) | Peak, 1,000 connections (MiB) | p99 (ms) | Errors |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...variants.map(([variant]) => {
        const mine = results.filter((result) => result.variant === variant);
        const med = (pick: (result: RunResult) => number) => median(mine.map(pick));
        return `| ${variant} | ${mine[0]?.processes} | ${med((r) => r.healthMs).toFixed(0)} | ${med((r) => r.startCpuMs).toFixed(0)} | ${med((r) => r.openApiMs).toFixed(0)} | ${med((r) => r.restMiB).toFixed(0)} | ${med((r) => r.after200MiB).toFixed(0)} | ${med((r) => r.peak1000MiB).toFixed(0)} | ${med((r) => r.p99Ms).toFixed(0)} | ${mine.reduce((sum, r) => sum + r.errors, 0)} |`;
      }),
    ];
    console.log(lines.join('\n'));
    writeFileSync(path.join(os.tmpdir(), 'tsx-vs-built.json'), JSON.stringify(results, null, 2));
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
