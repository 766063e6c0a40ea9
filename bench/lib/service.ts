/**
 * What the benchmarks that run the project's own commands share: a DATA_DIR prepared with the CLI (PGlite is
 * single-process, so the CLI must finish before a server opens the database), a server started as a child process
 * in its own process group, and a way to wait for it and stop it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

/** The environment of a child that must use only the DATA_DIR it is given: nothing from the caller's shell may point it elsewhere. */
export function isolatedEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of [
    'API_BASE_URL',
    'API_CLIENT_ID',
    'API_CLIENT_SECRET',
    'API_CA_FILE',
    'API_ORGANIZATION',
    'DATABASE_URL',
  ])
    delete env[name];
  return env;
}

/** An organization with the sample circuit and one real recap, made with the CLI: what every server benchmark serves. */
export function prepareBenchData(env: NodeJS.ProcessEnv, recapFile: string) {
  const cli = (args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const organization = JSON.parse(cli(['org', 'create', '--name', 'Benchmark Circuit'])) as { guid: string };
  // Sample first: the importer finds the sample's divisions by name, the sample needs an empty organization.
  cli(['sample', '--org', organization.guid]);
  const imported = JSON.parse(cli(['import', '--org', organization.guid, recapFile])) as {
    imported: { eventId: number; competitionId: number; title: string; performances: number }[];
  };
  return { organization, cli, recap: imported.imported[0] };
}

export interface Service {
  child: ChildProcess;
  exited: Promise<void>;
  /** SIGTERM to the process group, SIGKILL after 10 s */
  stop: () => Promise<void>;
}

/** Starts `node --import tsx <script>` in its own process group (so stopping it also stops anything it started), output appended to logFile. */
export function startService(script: string, env: NodeJS.ProcessEnv, logFile: string): Service {
  return spawnService(['--import', 'tsx', script], env, logFile);
}

/**
 * Starts a server as its npm script runs it in production: `node scripts/start.js <which>` (`npm run api` is
 * `node scripts/start.js api`), the build of server/ run by plain node with no loader (decision 056), built first
 * when stale. Without npm in between, so the child's pid is the server's own process, whose memory a bench
 * measures. Its own process group and logFile as startService.
 */
export function startLaunched(which: 'api' | 'start', env: NodeJS.ProcessEnv, logFile: string): Service {
  return spawnService(['scripts/start.js', which], env, logFile);
}

function spawnService(args: string[], env: NodeJS.ProcessEnv, logFile: string): Service {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child.pid!, 'SIGTERM');
    const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
    if (timedOut) {
      signalGroup(child.pid!, 'SIGKILL');
      await exited;
    }
  };
  return { child, exited, stop };
}

/** Polls `ready` until it holds; fails when the service exits first or the time runs out. */
export async function waitUntilReady(
  service: Service,
  what: string,
  ready: () => boolean | Promise<boolean>,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) throw new Error(`the service exited before ${what}`);
    try {
      if (await ready()) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
