/**
 * The `npm start` stack (API + BFF + built app) as a child process, on a DATA_DIR prepared before it starts:
 * the CLI needs the embedded database to itself, so the organization, the sample circuit and the recap are loaded
 * first, and the stack then serves the first organization of the database.
 */
import { execFileSync, spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../test/helpers/free-port.js';

export interface RunningStack {
  /** the BFF, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** the competition's v2 guid, its address in the app */
  competitionGuid: string;
  competitionTitle: string;
  logFile: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  workDir: string;
  /** the built app (vite build output) the BFF serves */
  staticDir: string;
  recapFile: string;
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const dataDir = path.join(options.workDir, 'data');
  const [port, apiPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    API_PORT: String(apiPort),
    SKIP_WEB_BUILD: '1',
    BFF_STATIC_DIR: options.staticDir,
  };
  // The stack makes its own credentials: nothing from the caller's shell may point it elsewhere.
  for (const name of ['API_BASE_URL', 'API_CLIENT_ID', 'API_CLIENT_SECRET', 'API_CA_FILE', 'DATABASE_URL']) delete env[name];

  const cli = (args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const organization = JSON.parse(cli(['org', 'create', '--name', 'Benchmark Circuit'])) as { guid: string };
  cli(['sample', '--org', organization.guid]);
  const imported = JSON.parse(cli(['import', '--org', organization.guid, options.recapFile])) as {
    imported: { eventId: number; competitionId: number; title: string }[];
  };
  const { eventId, competitionId, title } = imported.imported[0];

  const logFile = path.join(options.workDir, 'stack.log');
  const log = openSync(logFile, 'a');
  // Its own process group, so stopping it also stops anything it started.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], { env, stdio: ['ignore', log, log], detached: true });
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
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForOk(`${baseUrl}/api/health`, 120_000, () => child.exitCode !== null);
    const event = (await (await fetch(`${baseUrl}/api/events/${eventId}`)).json()) as { competitions?: { id: number; guid: string }[] };
    const competition = event.competitions?.find((candidate) => candidate.id === competitionId);
    if (!competition) throw new Error(`the BFF does not list competition ${competitionId} under event ${eventId} (see ${logFile})`);
    return { baseUrl, competitionGuid: competition.guid, competitionTitle: title, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

async function waitForOk(url: string, timeoutMs: number, gaveUp: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gaveUp()) throw new Error(`the stack exited before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
