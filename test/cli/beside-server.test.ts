/**
 * The CLI while `npm run api` holds the embedded database (decision 063): key create, user create, org update and
 * import run through the running server's owner-only channel with their usual output, and what they made is what
 * the running server serves; a holder that does not answer (stopped with SIGSTOP) leaves the command refused with
 * the reason, exit code 2.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { startApiProcess, type ApiProcess } from '../helpers/api-process.js';

const RECAP = 'test/fixtures/recaps/0fd7d2ff-dbbe-4f32-ac44-c3bab5edfd1d.htm.gz';

let dataDir: string;
let server: ApiProcess | undefined;
let url: string;
let besideOrgId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cli-beside-'));
  if (process.env.TEST_PGLITE_TEMPLATE)
    await cp(process.env.TEST_PGLITE_TEMPLATE, path.join(dataDir, 'pglite'), { recursive: true });
  server = await startApiProcess(dataDir);
  url = server.url;
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('runs key create, user create, org update and import through the running server, with the same output', async () => {
  const socket = statSync(path.join(dataDir, 'cli.sock'));
  expect(socket.isSocket()).toBe(true);
  expect(socket.mode & 0o777).toBe(0o600);

  const org = await cli(['org', 'create', '--name', 'Beside Circuit'], { dataDir });
  expect(org.stderr).toBe('');
  expect(org.code).toBe(0);
  const organization = JSON.parse(org.stdout) as { id: number; guid: string; name: string };
  besideOrgId = organization.id;
  expect(Object.keys(organization)).toEqual(['id', 'guid', 'name']);

  const key = await cli(['key', 'create', '--org', organization.guid, '--name', 'Beside'], { dataDir });
  expect(key.code).toBe(0);
  const made = JSON.parse(key.stdout) as { client_id: string; client_secret: string };
  // the running server hands out tokens for the key it just made
  const token = await server!.fetch('/v3/oauth2/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: made.client_id,
      client_secret: made.client_secret,
    }),
  });
  expect(token.status).toBe(200);
  const bearer = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };

  const user = await cli(
    ['user', 'create', '--org', organization.guid, '--email', 'Tab@Beside.example', '--role', 'tabulator'],
    {
      dataDir,
      stdin: 'a long enough password\n',
    },
  );
  expect(user.stderr).toBe('');
  expect(JSON.parse(user.stdout)).toMatchObject({ email: 'tab@beside.example', role: 'tabulator' });
  const linked = await cli(['user', 'create', '--org', organization.guid, '--email', 'j@beside.example', '--link'], {
    dataDir,
  });
  // without API_PUBLIC_URL the link points at the running server itself
  expect(JSON.parse(linked.stdout).passwordLink.url.startsWith(`${url}/v3/users/set-password?token=`)).toBe(true);

  const update = await cli(['org', 'update', '--org', organization.guid, '--programmatic-access', 'on'], { dataDir });
  expect(JSON.parse(update.stdout)).toEqual({ organization: organization.guid, programmaticAccess: true });

  // a relative path, as typed in the project folder: resolved where the command was typed, reported as given
  const imported = await cli(['import', '--org', organization.guid, RECAP], { dataDir });
  expect(imported.code).toBe(0);
  const summary = JSON.parse(imported.stdout) as { imported: { file: string; competitionId: number }[] };
  expect(summary.imported.map((page) => page.file)).toEqual([RECAP]);
  expect(imported.stderr).toMatch(/1 of 1 pages/);
  const scores = await server!.fetch(`/competitions/${summary.imported[0].competitionId}/scores`, {
    headers: bearer,
  });
  expect(scores.status).toBe(200);
  expect(((await scores.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);

  // errors come back as the command's own: one line on stderr, its exit code
  const unknown = await cli(['key', 'list', '--org', '00000000-0000-4000-8000-000000000000'], { dataDir });
  expect(unknown.code).toBe(1);
  expect(unknown.stderr.trim()).toBe('No organization with guid 00000000-0000-4000-8000-000000000000');
}, 600_000);

it('refuses with the reason (exit 2) while the holder does not answer, and works again when it does', async () => {
  // the process that holds the database (tsx runs the server in a child process of its own)
  const holder = server!.holderPid();
  process.kill(holder, 'SIGSTOP');
  try {
    const refused = await cli(['org', 'create', '--name', 'Refused Circuit'], { dataDir });
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`in use by a running API server (pid ${holder})`);
    expect(refused.stderr).toContain('does not answer');
  } finally {
    process.kill(holder, 'SIGCONT');
  }
  const again = await cli(['org', 'create', '--name', 'Answered Circuit'], { dataDir });
  expect(again.code, again.stderr).toBe(0);
  // the refused command was never sent, so the server did not run it when it woke: no organization came between
  expect((JSON.parse(again.stdout) as { id: number }).id).toBe(besideOrgId + 1);
}, 300_000);
