/**
 * Backups (decision 114), the real thing: `backup create` beside a running API server (its own process) while
 * another organization's writes go on, the server then killed with SIGKILL, `backup restore` into another
 * DATA_DIR, and a server started on it: every write acknowledged before the backup began is there (and what is
 * there of the writes made during it is a prefix of them), `audit verify` passes, and v2, v4, the users, the audit
 * trail and the published recap answer as the original did at backup time, to the original's own token. Then the
 * refusals, each one line on stderr with its exit code.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, type CliResult } from '../helpers/cli.js';
import { startApiProcess, type ApiProcess } from '../helpers/api-process.js';

const RECAP = 'test/fixtures/recaps/0fd7d2ff-dbbe-4f32-ac44-c3bab5edfd1d.htm.gz';

let work: string;
const servers: ApiProcess[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await rm(work, { recursive: true, force: true });
});

async function freshDataDir(name: string): Promise<string> {
  const dataDir = path.join(work, name);
  await mkdir(dataDir, { mode: 0o700 });
  if (process.env.TEST_PGLITE_TEMPLATE)
    await cp(process.env.TEST_PGLITE_TEMPLATE, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

function json<T = any>(result: CliResult): T {
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

function expectRefused(result: CliResult, code: number, message: RegExp | string) {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stdout).toBe('');
  expect(result.stderr).not.toMatch(/\n\s+at /);
  // one sentence, after the progress of the work it stopped (if that took more than a moment)
  const lines = result.stderr.trim().split('\n');
  expect(
    lines.slice(0, -1).every((line) => /^\d+ of \d+ MB, /.test(line)),
    result.stderr,
  ).toBe(true);
  expect(lines.at(-1)).toMatch(message);
}

async function tokenOf(server: ApiProcess, key: { client_id: string; client_secret: string }): Promise<string> {
  const answer = await server.fetch('/v3/oauth2/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: key.client_id,
      client_secret: key.client_secret,
    }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

describe('a backup of a running server', () => {
  it('holds every write acknowledged before it, and a restored server answers as the original did', async () => {
    const dataDir = await freshDataDir('original');
    const original = await startApiProcess(dataDir);
    servers.push(original);

    const show = json<{ guid: string }>(await cli(['org', 'create', '--name', 'Show Circuit'], { dataDir }));
    const busy = json<{ guid: string }>(await cli(['org', 'create', '--name', 'Busy Circuit'], { dataDir }));
    const showKey = json(await cli(['key', 'create', '--org', show.guid], { dataDir }));
    const busyKey = json(await cli(['key', 'create', '--org', busy.guid], { dataDir }));
    json(
      await cli(['user', 'create', '--org', show.guid, '--email', 'tab@show.example', '--role', 'tabulator'], {
        dataDir,
        stdin: 'a long enough password\n',
      }),
    );
    const imported = json<{ imported: { competitionId: number }[] }>(
      await cli(['import', '--org', show.guid, RECAP], { dataDir }),
    );
    json(await cli(['import', '--org', busy.guid, RECAP], { dataDir }));
    const competitionId = imported.imported[0].competitionId;

    const showAuth = { authorization: `Bearer ${await tokenOf(original, showKey)}` };
    const busyAuth = { authorization: `Bearer ${await tokenOf(original, busyKey)}` };
    // an audited write of the show's, so its trail has an entry to verify and to compare
    const groups = (await (await original.fetch('/groups/', { headers: showAuth })).json()) as {
      data: { id: number; name: string }[];
    };
    const renamed = await original.fetch(`/groups/${groups.data[0].id}`, {
      method: 'POST',
      headers: { ...showAuth, 'content-type': 'application/json', 'x-audit-reason': 'spelling' },
      body: JSON.stringify({ name: `${groups.data[0].name} (renamed)` }),
    });
    expect(renamed.status).toBe(200);

    const records = (await (await original.fetch('/2018-03/competitions', { headers: showAuth })).json()) as {
      RecapUrl: string;
    }[];
    const reads = [
      '/2018-03/competitions',
      '/2018-03/groups',
      `/competitions/${competitionId}/scores`,
      '/groups/',
      '/users/',
      '/audit/',
      new URL(records[0].RecapUrl).pathname,
    ];
    const answers = async (server: ApiProcess) => {
      const texts = [];
      for (const read of reads) {
        const answer = await server.fetch(read, { headers: showAuth });
        expect(answer.status, read).toBe(200);
        texts.push((await answer.text()).replaceAll(server.url, 'ORIGIN'));
      }
      return texts;
    };
    const atBackupTime = await answers(original);
    expect(atBackupTime[6]).toContain('<table');

    // another organization writes, one group after another, before, during and after the backup
    const divisions = (await (await original.fetch('/divisions/', { headers: busyAuth })).json()) as {
      data: { id: number }[];
    };
    const acknowledged: { name: string; at: number }[] = [];
    let writing = true;
    let backupStarted = Infinity;
    let startBackup!: () => void;
    const fewWritten = new Promise<void>((resolve) => (startBackup = resolve));
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const name = `Busy ${String(i).padStart(4, '0')}`;
        const answer = await original.fetch('/groups/', {
          method: 'POST',
          headers: { ...busyAuth, 'content-type': 'application/json' },
          body: JSON.stringify({ name, divisionId: divisions.data[0].id }),
        });
        expect(answer.status).toBe(201);
        acknowledged.push({ name, at: performance.now() });
        if (acknowledged.length === 5) startBackup();
      }
    })();
    await fewWritten;
    backupStarted = performance.now();
    const backupFile = path.join(work, 'show.tar.gz');
    const made = await cli(['backup', 'create', '--out', backupFile], { dataDir });
    writing = false;
    await writer;
    const backup = json<{ file: string; bytes: number; createdAt: string }>(made);
    expect(backup.file).toBe(backupFile);
    expect(backup.bytes).toBe((await stat(backupFile)).size);
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    // progress only for a backup that takes more than a moment, and then to its end
    expect(made.stderr).toMatch(/^$|MB, .* in all\n$/);
    const beforeBackup = acknowledged.filter((write) => write.at < backupStarted).map((write) => write.name);
    expect(beforeBackup.length).toBeGreaterThanOrEqual(5);
    expect(acknowledged.length).toBeGreaterThan(beforeBackup.length);

    process.kill(original.holderPid(), 'SIGKILL');
    await original.exited;

    const restoredDir = path.join(work, 'restored');
    const restored = json<{ organizations: { guid: string; auditOk: boolean; auditEntries: number }[] }>(
      await cli(['backup', 'restore', '--from', backupFile], { dataDir: restoredDir }),
    );
    expect(restored.organizations.map((organization) => organization.guid)).toEqual([show.guid, busy.guid]);
    expect(restored.organizations.every((organization) => organization.auditOk)).toBe(true);
    expect((await stat(restoredDir)).mode & 0o777).toBe(0o700);

    const again = await startApiProcess(restoredDir);
    servers.push(again);
    // the same certificate (DATA_DIR/tls came along) and the same signing keys: the original's token is good
    expect(again.ca).toBe(original.ca);
    expect(await answers(again)).toEqual(atBackupTime);

    const busyGroups = (await (await again.fetch('/groups/', { headers: busyAuth })).json()) as {
      data: { name: string }[];
    };
    const kept = busyGroups.data.map((group) => group.name).filter((name) => name.startsWith('Busy '));
    expect(kept).toEqual(expect.arrayContaining(beforeBackup));
    // whatever of the writes during the backup is there, is the first of them: the files of one moment
    expect(kept.sort()).toEqual(acknowledged.slice(0, kept.length).map((write) => write.name));

    for (const organization of [show, busy]) {
      const verified = json(await cli(['audit', 'verify', '--org', organization.guid], { dataDir: restoredDir }));
      expect(verified).toMatchObject({ organization: organization.guid, ok: true });
    }
    const busyTrail = restored.organizations[1];
    expect(busyTrail.auditEntries).toBe(kept.length);
  }, 600_000);
});

describe('backup refusals', () => {
  let dataDir: string;
  let backupFile: string;

  beforeAll(async () => {
    // no server: the command opens the embedded database itself
    dataDir = await freshDataDir('stopped');
    json(await cli(['org', 'create', '--name', 'Quiet Circuit'], { dataDir }));
    backupFile = path.join(work, 'quiet.tar.gz');
    json(await cli(['backup', 'create', '--out', backupFile], { dataDir }));
  }, 240_000);

  const restoreInto = (target: string, from: string, env?: Record<string, string>) =>
    cli(['backup', 'restore', '--from', from], { dataDir: target, env });

  it('restores only into an empty DATA_DIR, and changes nothing in one that is not', async () => {
    const occupied = path.join(work, 'occupied');
    await mkdir(occupied);
    await writeFile(path.join(occupied, 'notes.txt'), 'mine');
    expectRefused(await restoreInto(occupied, backupFile), 1, /is not empty .*Nothing was changed/);
    expect(readdirSync(occupied)).toEqual(['notes.txt']);
    expectRefused(await restoreInto(dataDir, backupFile), 1, /is not empty/);
  }, 120_000);

  it('with DATABASE_URL set, both commands refuse and point to pg_dump', async () => {
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const create = await cli(['backup', 'create', '--out', path.join(work, 'pg.tar.gz')], { dataDir, env });
    expectRefused(create, 2, /pg_dump .*docs\/running-a-show\.md/);
    expectRefused(await restoreInto(path.join(work, 'pg'), backupFile, env), 2, /pg_dump/);
  }, 120_000);

  it('refuses what is not a whole backup, leaving DATA_DIR as it was', async () => {
    const whole = await readFile(backupFile);
    const files: [string, Buffer | string, RegExp][] = [
      ['text.tar.gz', 'hello\n', /is not a backup made by `backup create` \(it is not a gzipped archive\)/],
      ['gzipped-text.tar.gz', gzipSync('just some text, no archive\n'), /is not a backup made by `backup create`/],
      ['cut-short.tar.gz', whole.subarray(0, Math.floor(whole.length / 2)), /is damaged or incomplete/],
      ['flipped.tar.gz', flipped(whole), /is damaged or incomplete/],
    ];
    for (const [name, content, message] of files) {
      const file = path.join(work, name);
      await writeFile(file, content);
      const target = path.join(work, `target-${name}`);
      expectRefused(await restoreInto(target, file), 1, message);
      expect(existsSync(target), name).toBe(false);
    }
    // a gzipped tar of something else: no manifest
    const other = path.join(work, 'other');
    await mkdir(other);
    await writeFile(path.join(other, 'a.txt'), 'a');
    execFileSync('tar', ['-czf', path.join(work, 'other.tar.gz'), '-C', other, 'a.txt']);
    const empty = path.join(work, 'empty-target');
    await mkdir(empty);
    expectRefused(await restoreInto(empty, path.join(work, 'other.tar.gz')), 1, /it has no backup\.json/);
    expect(readdirSync(empty)).toEqual([]);

    expectRefused(await restoreInto(path.join(work, 't1'), path.join(work, 'missing.tar.gz')), 1, /no such file/);
    expectRefused(await restoreInto(path.join(work, 't2'), work), 1, /is not a file/);
  }, 300_000);

  it('creates only a new file, in a folder that exists, outside DATA_DIR, of a DATA_DIR that holds a database', async () => {
    const missingFolder = path.join(work, 'no-such-folder', 'x.tar.gz');
    expectRefused(await cli(['backup', 'create', '--out', missingFolder], { dataDir }), 1, /does not exist/);
    expectRefused(await cli(['backup', 'create', '--out', backupFile], { dataDir }), 1, /already exists/);
    const inside = path.join(dataDir, 'x.tar.gz');
    expectRefused(await cli(['backup', 'create', '--out', inside], { dataDir }), 1, /inside the data folder/);
    const nothing = path.join(work, 'nothing-here');
    await mkdir(nothing);
    expectRefused(
      await cli(['backup', 'create', '--out', path.join(work, 'n.tar.gz')], { dataDir: nothing }),
      1,
      /no database in DATA_DIR/,
    );
    const usage = await cli(['backup', 'create'], { dataDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^--out is required\nUsage: cli backup create --out FILE/);
  }, 120_000);
});

/** The backup with a stretch of its middle changed, as a bad sector or a bad copy would. */
function flipped(whole: Buffer): Buffer {
  const copy = Buffer.from(whole);
  const middle = Math.floor(copy.length / 2);
  for (let i = middle; i < middle + 64; i++) copy[i] ^= 0xff;
  return copy;
}
