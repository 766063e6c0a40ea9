/**
 * `npm start` (server/start.ts) as a child process for the bench, in its own process group (stopping it stops
 * anything it started: SIGTERM, then SIGKILL after 10 s), its output in `logFile`; ready once the BFF's health
 * check at `port` answers.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

export interface StartedProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startNpmStart(env: NodeJS.ProcessEnv, port: number, logFile: string): Promise<StartedProcess> {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], { env: { ...env, PORT: String(port) }, stdio: ['ignore', log, log], detached: true });
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
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the stack exited before ${baseUrl}/api/health answered (see ${logFile})`);
      if (await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`${baseUrl}/api/health did not answer 200 within 120 s (see ${logFile})`);
      await sleep(250);
    }
    return { baseUrl, stop };
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
