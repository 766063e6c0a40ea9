/**
 * A throwaway PostgreSQL server for tests of the DATABASE_URL path: initdb into a temporary folder, listen on a
 * free loopback port, stop and remove on stop(). PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` system user (Debian's postgresql package creates it; scripts/ensure-postgres.sh installs it).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

export interface TestPostgres {
  url: string;
  /** a fresh, empty database on this server */
  createDatabase(name: string): Promise<string>;
  /**
   * `pg_ctl restart -m fast`: the server ends every session and stops, then starts again on the same port.
   * `whileDown` runs once it has stopped, before it starts again (an outage as long as it takes). Resolves once
   * the server accepts connections again.
   */
  restart(options?: { whileDown?: () => Promise<void> }): Promise<void>;
  stop(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'postgres'))) return dir;
  }
  throw new Error(
    'PostgreSQL server binaries not found under /usr/lib/postgresql (Debian: apt-get install postgresql; `npm test` does this through scripts/ensure-postgres.sh)',
  );
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const runAs = (command: string, args: string[]) =>
    asRoot ? (['runuser', ['-u', 'postgres', '--', command, ...args]] as const) : ([command, args] as const);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const [initCommand, initArgs] = runAs(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  execFileSync(initCommand, [...initArgs], { stdio: 'pipe' });
  const port = await freePort();
  const [command, args] = runAs(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  let server: ChildProcess;
  let log = '';
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Ready when the server says so on its log ("database system is ready to accept connections"), the line
  // pg_ctl's own wait reads; an exit before it is a failure with the log.
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const startedAt = log.length;
      server = spawn(command, [...args], { stdio: ['ignore', 'ignore', 'pipe'] });
      server.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.slice(startedAt).includes('database system is ready to accept connections')) resolve();
      });
      server.once('exit', () => reject(new Error(`PostgreSQL did not start:\n${log.slice(startedAt)}`)));
    });
  /**
   * SIGINT is PostgreSQL's fast shutdown: sessions ended, transactions rolled back. It goes to the postmaster
   * itself (its pid is the first line of postmaster.pid): runuser, our child when we are root, does not pass
   * SIGINT on, and killing runuser would leave the server running.
   */
  const shutDown = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    const pidFile = path.join(dataDir, 'postmaster.pid');
    const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : NaN;
    if (Number.isInteger(postmaster) && postmaster > 0) process.kill(postmaster, 'SIGINT');
    else server.kill('SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  };
  await start();
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      await client.end();
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async restart(options = {}) {
      await shutDown();
      try {
        await options.whileDown?.();
      } finally {
        await start();
      }
      return;
    },
    async stop() {
      await shutDown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
