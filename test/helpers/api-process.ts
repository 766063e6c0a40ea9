/**
 * The API as its own process, as `npm run api` runs it (tsx server/api/server.ts), on a DATA_DIR of the test's: for
 * tests that need what only a separate process shows (the CLI beside it over the owner-only channel, a kill -9).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { httpsFetch, type TestRequestInit } from './api-server.js';

const TSX = path.resolve('node_modules/.bin/tsx');

export interface ApiProcess {
  url: string;
  ca: string;
  /** Like fetch, over real HTTPS to this server; `target` is a path or an absolute URL of this server. */
  fetch(target: string, init?: TestRequestInit): Promise<Response>;
  /** the process that holds the embedded database (tsx runs the server in a child process of its own) */
  holderPid(): number;
  /** SIGTERM, and waits for the exit */
  stop(): Promise<void>;
  /** settles when the process has exited, however it ended */
  exited: Promise<void>;
}

export async function startApiProcess(dataDir: string, extraEnv: Record<string, string> = {}): Promise<ApiProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, API_PORT: '0', API_HOST: '127.0.0.1' };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  const server: ChildProcess = spawn(TSX, ['server/api/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  server.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const listening = await new Promise<{ url: string; certificate: string }>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.includes('"API listening"'));
      if (line) resolve(JSON.parse(line) as { url: string; certificate: string });
    });
    server.on('exit', (code) => reject(new Error(`npm run api exited ${code}: ${errors}`)));
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const ca = await readFile(listening.certificate, 'utf8');
  return {
    url: listening.url,
    ca,
    fetch: (target, init = {}) => httpsFetch(new URL(target, listening.url), init, ca),
    holderPid: () => (JSON.parse(readFileSync(path.join(dataDir, 'embedded-db.lock'), 'utf8')) as { pid: number }).pid,
    exited,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}
