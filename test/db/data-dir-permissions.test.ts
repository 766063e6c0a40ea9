import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpsFetch } from '../helpers/api-server.js';
import { cli, withUmask } from '../helpers/cli.js';

/**
 * DATA_DIR holds the embedded database (with the token signing keys), the TLS key and the web app's client
 * secret: nobody but its owner may read or enter any of it, whatever the umask of whoever started the process.
 * Each process here runs with umask 000, so anything created without care would be world-readable.
 */
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'data-dir-modes-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}

/** Every path under `root` (and root itself) whose mode lets group or others do anything, with the mode. */
function notOwnerOnly(root: string): string[] {
  const found: string[] = [];
  const visit = (target: string) => {
    const stat = lstatSync(target);
    if ((stat.mode & 0o077) !== 0)
      found.push(`${path.relative(root, target) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(target)) visit(path.join(target, entry));
  };
  visit(root);
  return found;
}

/**
 * A copy of the run's migrated template database (test/global-setup.ts) with what the outside test found: every
 * file 0666 and every folder 0777, as PGlite and an older version of this project left them.
 */
async function loosenedDataDir(): Promise<string> {
  const dataDir = await freshDataDir();
  await cp(process.env.TEST_PGLITE_TEMPLATE!, path.join(dataDir, 'pglite'), { recursive: true });
  const loosen = (target: string) => {
    const stat = lstatSync(target);
    chmodSync(target, stat.isDirectory() ? 0o777 : 0o666);
    if (stat.isDirectory()) for (const entry of readdirSync(target)) loosen(path.join(target, entry));
  };
  loosen(dataDir);
  return dataDir;
}

function countEntries(root: string): number {
  return readdirSync(root, { recursive: true }).length;
}

describe('DATA_DIR is owner-only (directories 0700, files 0600) under umask 000', () => {
  it('after the CLI creates the embedded database, and after its writes', async () => {
    const dataDir = await freshDataDir();
    const created = await cli(['org', 'create', '--name', 'Private Circuit'], { dataDir, umask: '000' });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(countEntries(path.join(dataDir, 'pglite'))).toBeGreaterThan(500);
    expect(notOwnerOnly(dataDir)).toEqual([]);

    const key = await cli(['key', 'create', '--org', JSON.parse(created.stdout).guid], { dataDir, umask: '000' });
    expect(key.code).toBe(0);
    expect(notOwnerOnly(dataDir)).toEqual([]);
  });

  it('repairs a data folder an older version (or a careless copy) left readable', async () => {
    const dataDir = await loosenedDataDir();
    writeFileSync(path.join(dataDir, 'web-credentials.json'), '{}', { mode: 0o644 });
    expect(notOwnerOnly(dataDir).length).toBeGreaterThan(500);

    const created = await cli(['org', 'create', '--name', 'New Circuit'], { dataDir, umask: '000' });
    expect(created.code).toBe(0);
    expect(notOwnerOnly(dataDir)).toEqual([]);
  });

  it('after `npm start` (API, sample circuit, TLS certificate, web credentials) and after writes through the API', async () => {
    const dataDir = await loosenedDataDir();
    const started = await startEverything(dataDir);
    try {
      for (const file of [
        'pglite',
        'tls/key.pem',
        'tls/cert.pem',
        'web-credentials.json',
        'signin-credentials.json',
        'session-secret',
        'embedded-db.lock',
      ]) {
        expect(() => lstatSync(path.join(dataDir, file)), file).not.toThrow();
      }
      expect(notOwnerOnly(dataDir)).toEqual([]);

      const credentials = JSON.parse(readFileSync(path.join(dataDir, 'web-credentials.json'), 'utf8'));
      const ca = readFileSync(path.join(dataDir, 'tls', 'cert.pem'), 'utf8');
      const api = (requestPath: string, init: Parameters<typeof httpsFetch>[1] = {}) =>
        httpsFetch(new URL(requestPath, started.apiUrl), init, ca);
      const token = await api('/v3/oauth2/token', {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }),
      });
      expect(token.status).toBe(200);
      const readToken = ((await token.json()) as { access_token: string }).access_token;
      const divisions = (await (
        await api('/divisions/', { headers: { authorization: `Bearer ${readToken}` } })
      ).json()) as {
        data: { id: number }[];
      };
      // The web app's key only reads; the writes use a full key, made by the CLI through the running server.
      const orgGuid = (JSON.parse(Buffer.from(readToken.split('.')[1], 'base64url').toString()) as { org_guid: string })
        .org_guid;
      const key = await cli(['key', 'create', '--org', orgGuid], { dataDir, umask: '000' });
      expect(key.code).toBe(0);
      const full = JSON.parse(key.stdout) as { client_id: string; client_secret: string };
      const fullToken = await api('/v3/oauth2/token', {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: full.client_id,
          client_secret: full.client_secret,
        }),
      });
      const authorization = `Bearer ${((await fullToken.json()) as { access_token: string }).access_token}`;
      for (let i = 0; i < 20; i++) {
        const created = await api('/groups/', {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Permission Check ${i}`,
            divisionId: divisions.data[0].id,
            location: 'x'.repeat(200),
          }),
        });
        expect(created.status).toBe(201);
      }
      expect(notOwnerOnly(dataDir)).toEqual([]);
    } finally {
      await started.stop();
    }
    // Closing writes the database's last files: still owner-only.
    expect(notOwnerOnly(dataDir)).toEqual([]);
  });
});

/** `npm start` (tsx server/start.ts) in its own process under umask 000, on free ports, without building the app. */
async function startEverything(dataDir: string): Promise<{ apiUrl: string; stop(): Promise<void> }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    API_PORT: '0',
    PORT: '0',
    SKIP_WEB_BUILD: '1',
    // a callback address known without a fixed port: npm start registers sign-in and keeps a session secret (086)
    BFF_PUBLIC_URL: 'https://scores.example.org',
  };
  for (const name of ['DATABASE_URL', 'API_BASE_URL', 'API_CLIENT_ID', 'API_CLIENT_SECRET', 'TLS_CERT', 'TLS_KEY'])
    delete env[name];
  const [command, args] = withUmask('000', path.resolve('node_modules/.bin/tsx'), ['server/start.ts']);
  const child: ChildProcess = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const apiUrl = await new Promise<string>((resolve, reject) => {
      let url: string | undefined;
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        url ??= /"msg":"API listening","url":"([^"]+)"/.exec(output)?.[1];
        if (url && output.includes('Open ')) resolve(url);
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
    });
    return { apiUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
