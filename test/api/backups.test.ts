/**
 * Automatic backups (BACKUP_DIR, decision 114) on an injected clock: one at start, one at each interval from then,
 * the newest BACKUP_KEEP kept; a folder gone (a USB stick taken out) is a failure the status shows until the next
 * backup succeeds. GET /backups/status answers the console's roles and refuses the others.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import type { BackupClock } from '../../server/api/backup/backup-schedule.js';
import { writeAtomically } from '../../server/api/backup/atomic-file.js';

const MINUTE = 60_000;
const START = Date.parse('2026-11-28T14:00:00Z');

/** A clock a test moves: each backup's end sets the timer of the next, which is how the test knows it ended. */
function fakeClock() {
  let time = START;
  let timer: { at: number; run: () => void } | undefined;
  let set = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const clock: BackupClock = {
    now: () => time,
    setTimeout(run, ms) {
      timer = { at: time + ms, run };
      set += 1;
      for (const waiter of waiting.filter((w) => w.count <= set)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
      return timer;
    },
    clearTimeout(handle) {
      if (handle === timer) timer = undefined;
    },
  };
  return {
    clock,
    /** the time the next backup is due */
    due: () => timer?.at,
    advance(ms: number) {
      time += ms;
      if (timer && timer.at <= time) {
        const { run } = timer;
        timer = undefined;
        run();
      }
    },
    /** settles once the schedule has set its `count`th timer, that is once `count` backups have ended */
    backupsEnded: (count: number) =>
      new Promise<void>((resolve) => (set >= count ? resolve() : waiting.push({ count, resolve }))),
  };
}

let work: string;
let folder: string;
let api: TestApi;
const time = fakeClock();
const auth: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'backups-'));
  folder = path.join(work, 'stick', 'backups');
  await mkdir(path.dirname(folder));
  api = await startTestApi({
    env: { BACKUP_DIR: folder, BACKUP_EVERY_MINUTES: '5', BACKUP_KEEP: '2' },
    backupClock: time.clock,
  });
  const org = await api.createOrg();
  const client = await api.createKey(org.guid, { redirectUris: [REDIRECT_URI] });
  auth.key = { authorization: `Bearer ${await api.token(client.clientId, client.clientSecret)}` };
  const readOnly = await api.createKey(org.guid, { readOnly: true });
  auth.readOnly = { authorization: `Bearer ${await api.token(readOnly.clientId, readOnly.clientSecret)}` };
  for (const role of ['tabulator', 'chief-judge', 'judge'] as const) {
    await api.createUser(org.guid, `${role}@backups.example`, 'a long enough password', { role });
    const token = await userToken(api, client, `${role}@backups.example`, 'a long enough password');
    auth[role] = { authorization: `Bearer ${token}` };
  }
}, 120_000);
afterAll(async () => {
  await api?.stop();
  await rm(work, { recursive: true, force: true });
});

const files = async () => (await readdir(folder)).sort();
const status = async (who: string) => {
  const answer = await api.fetch('/backups/status', { headers: auth[who] });
  return { status: answer.status, body: (await answer.json()) as any };
};

it('writes one at start and one every interval, keeping the newest BACKUP_KEEP', async () => {
  await time.backupsEnded(1);
  expect(await files()).toEqual(['marching-results-backup-2026-11-28T14-00-00Z.tar.gz']);
  expect(time.due()).toBe(START + 5 * MINUTE);

  time.advance(5 * MINUTE - 1);
  expect(time.due()).toBe(START + 5 * MINUTE);
  time.advance(1);
  await time.backupsEnded(2);
  time.advance(5 * MINUTE);
  await time.backupsEnded(3);
  // the first one gone: two kept, and no half-written file beside them
  expect(await files()).toEqual([
    'marching-results-backup-2026-11-28T14-05-00Z.tar.gz',
    'marching-results-backup-2026-11-28T14-10-00Z.tar.gz',
  ]);

  const answer = await status('tabulator');
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({
    automatic: true,
    everyMinutes: 5,
    keep: 2,
    last: {
      at: '2026-11-28T14:10:00.000Z',
      file: 'marching-results-backup-2026-11-28T14-10-00Z.tar.gz',
      bytes: expect.any(Number),
      automatic: true,
    },
    lastFailure: null,
  });
  expect(answer.body.last.bytes).toBeGreaterThan(100_000);
}, 300_000);

it('says a backup failed while its folder is gone, and recovers when it is back', async () => {
  const before = (await status('tabulator')).body.last;
  await rm(folder, { recursive: true });
  time.advance(5 * MINUTE);
  await time.backupsEnded(4);
  const failed = (await status('chief-judge')).body;
  expect(failed.last).toEqual(before);
  expect(failed.lastFailure).toEqual({
    at: '2026-11-28T14:15:00.000Z',
    message: expect.stringContaining('is not there (a USB stick taken out'),
  });

  await mkdir(folder);
  time.advance(5 * MINUTE);
  await time.backupsEnded(5);
  const recovered = (await status('tabulator')).body;
  expect(recovered.lastFailure).toBeNull();
  expect(recovered.last.at).toBe('2026-11-28T14:20:00.000Z');
  expect(await files()).toEqual(['marching-results-backup-2026-11-28T14-20-00Z.tar.gz']);
}, 300_000);

it("is read by the console's roles and a full key, refused to a judge and a read-only key", async () => {
  expect((await status('key')).status).toBe(200);
  expect((await status('chief-judge')).status).toBe(200);
  for (const who of ['judge', 'readOnly']) {
    const refused = await status(who);
    expect(refused.status, who).toBe(403);
    expect(refused.body).toMatchObject({ code: 'permission_required', permission: 'read-backups' });
  }
  const document = (await (await api.fetch('/openapi.json')).json()) as any;
  expect(document.paths['/backups/status'].get['x-permission']).toBe('read-backups');
});

it('refuses to start with a BACKUP_DIR it cannot use, saying why', async () => {
  const refused = async (env: Record<string, string>, dataDir?: string) =>
    startTestApi({ env, dataDir }).then(
      async (started) => {
        await started.stop();
        return 'started';
      },
      (error: Error) => error.message,
    );
  expect(await refused({ BACKUP_DIR: path.join(work, 'no-stick', 'backups') })).toMatch(
    /parent folder .*no-stick does not exist \(is the USB stick in\?\)/,
  );
  const dataDir = path.join(work, 'data');
  await mkdir(dataDir);
  expect(await refused({ BACKUP_DIR: path.join(dataDir, 'backups') }, dataDir)).toMatch(/is inside DATA_DIR/);
  expect(await refused({ BACKUP_DIR: folder, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })).toMatch(
    /with DATABASE_URL back PostgreSQL up with its own tools \(pg_dump/,
  );
  expect(await refused({ BACKUP_DIR: folder, BACKUP_EVERY_MINUTES: '0' })).toMatch(
    /BACKUP_EVERY_MINUTES must be a whole number from 1 to 1440/,
  );
}, 120_000);

it('leaves no file under the name of a backup whose writing failed half way, nor its half', async () => {
  const target = path.join(work, 'half', 'marching-results-backup-2026-11-28T15-00-00Z.tar.gz');
  await mkdir(path.dirname(target));
  const failing = writeAtomically(target, async (out) => {
    await new Promise<void>((resolve) => out.write(Buffer.alloc(1024 * 1024), () => resolve()));
    // the temporary file is there, hidden, under a name no one takes for a backup
    const names = await readdir(path.dirname(target));
    expect(names).toEqual([expect.stringMatching(/^\.marching-results-backup-.*\.partial$/)]);
    throw new Error('EIO: the stick was pulled');
  });
  await expect(failing).rejects.toThrow('the stick was pulled');
  expect(await readdir(path.dirname(target))).toEqual([]);
  const bytes = await writeAtomically(target, async (out) => {
    await new Promise<void>((resolve) => out.end('whole', () => resolve()));
  });
  expect(bytes).toBe(5);
  expect(await readdir(path.dirname(target))).toEqual([path.basename(target)]);
});
