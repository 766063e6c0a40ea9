/**
 * The app on the fake hosted upstream, for the bench: the fake (test/fake-hosted) in this process, serving the
 * biggest real recap and a generated season of 60 competitions (season-of-60.ts) through the hosted service's known
 * operations only; and the `npm start` stack as a child process pointed at it, as the README tells a person, serving
 * the bench's build.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../test/helpers/free-port.js';
import { importRecapPages, startFakeHosted, type FakeHosted } from '../../test/fake-hosted/fake-hosted.js';
import { loadSeasonOf60 } from './season-of-60.js';

export interface HostedStack {
  fake: FakeHosted;
  /** the BFF, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  logFile: string;
  stop(): Promise<void>;
}

export async function startHostedStack(options: { workDir: string; staticDir: string; recapPage: string }): Promise<HostedStack> {
  const fake = await startFakeHosted({
    dataDir: path.join(options.workDir, 'fake-hosted'),
    prepare: async (services, organization) => {
      await importRecapPages([options.recapPage])(services, organization);
      await loadSeasonOf60(services.database, organization.id);
    },
  });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_BASE_URL: fake.url,
    API_CLIENT_ID: fake.clientId,
    API_CLIENT_SECRET: fake.clientSecret,
    API_ORGANIZATION: fake.organization,
    API_CA_FILE: fake.certPath,
    PORT: String(port),
    SKIP_WEB_BUILD: '1',
    BFF_STATIC_DIR: options.staticDir,
  };
  const logFile = path.join(options.workDir, 'hosted-stack.log');
  const log = openSync(logFile, 'a');
  // Its own process group, so stopping it also stops anything it started.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], { env, stdio: ['ignore', log, log], detached: true });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup(child.pid!, 'SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) {
        signalGroup(child.pid!, 'SIGKILL');
        await exited;
      }
    }
    await fake.stop();
  };
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the stack exited before it answered (see ${logFile})`);
      if (await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`${baseUrl}/api/health did not answer within 120 s (see ${logFile})`);
      await sleep(250);
    }
    return { fake, baseUrl, logFile, stop };
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
