import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../helpers/api-server.js';
import { cli, type CliResult } from '../helpers/cli.js';

function expectOneLineError(result: CliResult, code: number) {
  expect(result.code).toBe(code);
  expect(result.stdout).toBe('');
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

let dataDir: string;
let org: { id: number; guid: string; name: string };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cli-test-'));
  const created = await cli(['org', 'create', '--name', 'Valley Winter Guard Circuit'], { dataDir });
  expect(created.stderr).toBe('');
  expect(created.code).toBe(0);
  org = JSON.parse(created.stdout);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('cli org / key / user create', () => {
  it('org create prints exactly {id, guid, name}', () => {
    expect(Object.keys(org)).toEqual(['id', 'guid', 'name']);
    expect(org).toEqual({
      id: expect.any(Number),
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Valley Winter Guard Circuit',
    });
  });

  it('key create prints the client credentials once, with redirect_uris only when given', async () => {
    const plain = await cli(['key', 'create', '--org', org.guid], { dataDir });
    expect(plain.code).toBe(0);
    const key = JSON.parse(plain.stdout);
    expect(Object.keys(key)).toEqual(['client_id', 'client_secret', 'organization']);
    expect(key.organization).toBe(org.guid);
    expect(key.client_secret).toMatch(/^[\w-]{43}$/);

    const web = await cli(
      [
        'key',
        'create',
        '--org',
        org.guid,
        '--name',
        'Web',
        '--redirect-uri',
        'https://app.example/cb',
        '--redirect-uri',
        'http://localhost:5173/cb',
      ],
      { dataDir },
    );
    expect(web.code).toBe(0);
    expect(JSON.parse(web.stdout)).toEqual({
      client_id: expect.any(String),
      client_secret: expect.any(String),
      organization: org.guid,
      redirect_uris: ['https://app.example/cb', 'http://localhost:5173/cb'],
    });
  });

  it('key create refuses an unknown organization and an unsafe redirect URI', async () => {
    const unknown = await cli(['key', 'create', '--org', '00000000-0000-4000-8000-000000000000'], { dataDir });
    expectOneLineError(unknown, 1);
    expect(unknown.stderr.trim()).toBe('No organization with guid 00000000-0000-4000-8000-000000000000');
    const insecure = await cli(['key', 'create', '--org', org.guid, '--redirect-uri', 'http://app.example/cb'], {
      dataDir,
    });
    expectOneLineError(insecure, 2);
    expect(insecure.stderr).toContain('must use https');
  });

  it('user create reads the password from the first line of stdin', async () => {
    const created = await cli(['user', 'create', '--org', org.guid, '--email', 'Scorer@Example.com'], {
      dataDir,
      stdin: 'a long enough password\nignored\n',
    });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const user = JSON.parse(created.stdout);
    // without --role: an administrator, what every user was before roles
    expect(user).toEqual({
      id: expect.any(Number),
      email: 'scorer@example.com',
      organization: org.guid,
      role: 'administrator',
      firstName: '',
      lastName: '',
      disabled: false,
    });

    const again = await cli(['user', 'create', '--org', org.guid, '--email', 'scorer@example.com'], {
      dataDir,
      stdin: 'another password\n',
    });
    expectOneLineError(again, 1);
    expect(again.stderr).toContain('already exists');
  });

  it('user create takes a role and names, or makes a one-time password link; update and list', async () => {
    const tabulator = await cli(
      [
        'user',
        'create',
        '--org',
        org.guid,
        '--email',
        'tab@example.com',
        '--role',
        'tabulator',
        '--first-name',
        'Tess',
        '--last-name',
        'Tab',
      ],
      { dataDir, stdin: 'a long enough password\n' },
    );
    expect(tabulator.stderr).toBe('');
    expect(JSON.parse(tabulator.stdout)).toMatchObject({ role: 'tabulator', firstName: 'Tess', lastName: 'Tab' });

    const judge = await cli(
      ['user', 'create', '--org', org.guid, '--email', 'judge@example.com', '--role', 'judge', '--link'],
      {
        dataDir,
        env: { API_PUBLIC_URL: 'https://scores.example' },
      },
    );
    expect(judge.stderr).toBe('');
    const made = JSON.parse(judge.stdout);
    expect(made).toMatchObject({ email: 'judge@example.com', role: 'judge' });
    expect(made.passwordLink.url).toMatch(/^https:\/\/scores\.example\/v3\/users\/set-password\?token=[\w-]{40,}$/);
    expect(Date.parse(made.passwordLink.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    const updated = await cli(
      [
        'user',
        'update',
        '--org',
        org.guid,
        '--email',
        'JUDGE@example.com',
        '--role',
        'chief-judge',
        '--disabled',
        'true',
      ],
      { dataDir },
    );
    expect(updated.stderr).toBe('');
    expect(JSON.parse(updated.stdout)).toMatchObject({
      email: 'judge@example.com',
      role: 'chief-judge',
      disabled: true,
    });

    const listed = await cli(['user', 'list', '--org', org.guid], { dataDir });
    const users = JSON.parse(listed.stdout) as { email: string; role: string; disabled: boolean }[];
    expect(users.find((u) => u.email === 'judge@example.com')).toMatchObject({ role: 'chief-judge', disabled: true });
    expect(users.find((u) => u.email === 'tab@example.com')).toMatchObject({ role: 'tabulator', disabled: false });

    const badRole = await cli(
      ['user', 'create', '--org', org.guid, '--email', 'x@example.com', '--role', 'boss', '--link'],
      {
        dataDir,
      },
    );
    expectOneLineError(badRole, 2);
    expect(badRole.stderr).toContain('--role must be one of administrator, tabulator, chief-judge, judge');
    const nothing = await cli(['user', 'update', '--org', org.guid, '--email', 'tab@example.com'], { dataDir });
    expectOneLineError(nothing, 2);
    // five CLI processes: each opens the embedded database
  }, 300_000);

  it('key create --read-only makes a key whose tokens only read', async () => {
    const created = JSON.parse(
      (await cli(['key', 'create', '--org', org.guid, '--read-only', '--name', 'Fans'], { dataDir })).stdout,
    );
    expect(created.read_only).toBe(true);
    const api = await startTestApi({ dataDir });
    try {
      const token = await api.token(created.client_id, created.client_secret);
      const read = await api.fetch('/groups/', { headers: { authorization: `Bearer ${token}` } });
      expect(read.status).toBe(200);
      const write = await api.fetch('/groups/', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Nope', divisionId: 1 }),
      });
      expect(write.status).toBe(403);
      expect(await write.json()).toMatchObject({ permission: 'set-up' });
    } finally {
      await api.stop();
    }
  });

  it('user link prints a new one-time link as create --link does, and the link made before stops working', async () => {
    const env = { API_PUBLIC_URL: 'https://scores.example' };
    const created = await cli(
      ['user', 'create', '--org', org.guid, '--email', 'lost@example.com', '--role', 'judge', '--link'],
      { dataDir, env },
    );
    const first = JSON.parse(created.stdout);
    const again = await cli(['user', 'link', '--org', org.guid, '--email', 'LOST@example.com'], { dataDir, env });
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const second = JSON.parse(again.stdout);
    // one shape, key for key and in the same order: a script reads either
    expect(Object.keys(second)).toEqual(Object.keys(first));
    expect(Object.keys(second.passwordLink)).toEqual(Object.keys(first.passwordLink));
    expect(second).toEqual({ ...first, passwordLink: { url: expect.any(String), expiresAt: expect.any(String) } });
    expect(second.passwordLink.url).toMatch(/^https:\/\/scores\.example\/v3\/users\/set-password\?token=[\w-]{40,}$/);
    expect(second.passwordLink.url).not.toBe(first.passwordLink.url);
    expect(Date.parse(second.passwordLink.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    const unknown = await cli(['user', 'link', '--org', org.guid, '--email', 'nobody@example.com'], { dataDir });
    expectOneLineError(unknown, 1);
    expect(unknown.stderr).toContain('No user with email nobody@example.com');
    await cli(['user', 'update', '--org', org.guid, '--email', 'lost@example.com', '--disabled', 'true'], { dataDir });
    const disabled = await cli(['user', 'link', '--org', org.guid, '--email', 'lost@example.com'], { dataDir });
    expectOneLineError(disabled, 1);
    expect(disabled.stderr).toContain('lost@example.com is disabled');
    await cli(['user', 'update', '--org', org.guid, '--email', 'lost@example.com', '--disabled', 'false'], { dataDir });

    // The API's set-password page: the first link is dead, the second opens the form.
    const api = await startTestApi({ dataDir });
    try {
      const page = (link: string) => api.fetch(`${new URL(link).pathname}${new URL(link).search}`);
      expect((await page(first.passwordLink.url)).status).toBe(400);
      expect((await page(second.passwordLink.url)).status).toBe(200);
    } finally {
      await api.stop();
    }
  }, 300_000);

  it('user create refuses an empty or short password', async () => {
    for (const stdin of ['', '\n', 'short\n']) {
      const result = await cli(['user', 'create', '--org', org.guid, '--email', 'x@example.com'], { dataDir, stdin });
      expectOneLineError(result, 2);
      expect(result.stderr).toMatch(/password/i);
    }
  });

  it('answers unknown commands, actions and flags with the usage on stderr and exit code 2', async () => {
    for (const args of [
      [],
      ['frobnicate'],
      ['org', 'delete'],
      ['org', 'create', '--nme', 'x'],
      ['org', 'create'],
      ['key', 'create', '--org', org.guid, 'extra'],
    ]) {
      const result = await cli(args, { dataDir });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/Usage: /);
    }
  });

  it('makes keys the running API accepts', async () => {
    const key = JSON.parse((await cli(['key', 'create', '--org', org.guid], { dataDir })).stdout);
    const api = await startTestApi({ dataDir });
    try {
      const token = await api.token(key.client_id, key.client_secret);
      expect(await api.services.tokens.verify(token)).toMatchObject({
        ok: true,
        auth: { orgId: org.id, orgGuid: org.guid },
      });
    } finally {
      await api.stop();
    }
  });

  it('runs through a running server that holds the embedded database, harming nothing (decision 063)', async () => {
    const api = await startTestApi({ dataDir });
    try {
      const key = await api.createKey(org.guid);
      const result = await cli(['org', 'create', '--name', 'Second Circuit'], { dataDir });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const created = JSON.parse(result.stdout) as { guid: string; name: string };
      expect(created.name).toBe('Second Circuit');
      // made on the server's own database, which it keeps serving
      const { findOrganizationByGuid } = await import('../../server/api/db/repositories/organizations.js');
      expect((await findOrganizationByGuid(api.services.database.db, created.guid))?.name).toBe('Second Circuit');
      expect(await api.token(key.clientId, key.clientSecret)).toEqual(expect.any(String));
    } finally {
      await api.stop();
    }
    const afterwards = await cli(['org', 'create', '--name', 'Third Circuit'], { dataDir });
    expect(afterwards.code).toBe(0);
  });
});

describe('cli org update --programmatic-access (decision 026)', () => {
  it('opens the organization to anonymous v2 reads, closes a division, and the API answers accordingly', async () => {
    const opened = await cli(['org', 'update', '--org', org.guid, '--programmatic-access', 'on'], { dataDir });
    expect(opened.stderr).toBe('');
    expect(JSON.parse(opened.stdout)).toEqual({ organization: org.guid, programmaticAccess: true });
    const api = await startTestApi({ dataDir });
    try {
      const { createDivision } = await import('../helpers/setup-writes.js');
      const { findOrganizationByGuid } = await import('../../server/api/db/repositories/organizations.js');
      expect((await findOrganizationByGuid(api.services.database.db, org.guid))?.programmaticAccess).toBe(true);
      await createDivision(api.services.database.db, org.id, { name: 'Scholastic A', initials: 'SA', groupTypeId: 1 });
    } finally {
      await api.stop();
    }
    const division = await cli(
      ['org', 'update', '--org', org.guid, '--programmatic-access', 'off', '--division', 'Scholastic A'],
      { dataDir },
    );
    expect(JSON.parse(division.stdout)).toEqual({
      organization: org.guid,
      programmaticAccess: true,
      division: { id: expect.any(Number), name: 'Scholastic A', programmaticAccess: false },
    });
    const closed = await cli(['org', 'update', '--org', org.guid, '--programmatic-access', 'off'], { dataDir });
    expect(JSON.parse(closed.stdout).programmaticAccess).toBe(false);
  });

  it('refuses a value other than on or off, an unknown organization and an unknown division', async () => {
    const maybe = await cli(['org', 'update', '--org', org.guid, '--programmatic-access', 'maybe'], { dataDir });
    expectOneLineErrorWithUsage(maybe);
    expect(maybe.stderr).toContain('--programmatic-access takes on or off');
    const unknown = await cli(
      ['org', 'update', '--org', '00000000-0000-4000-8000-000000000000', '--programmatic-access', 'on'],
      { dataDir },
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No organization with guid 00000000-0000-4000-8000-000000000000');
    const division = await cli(
      ['org', 'update', '--org', org.guid, '--programmatic-access', 'on', '--division', 'Nowhere Open'],
      { dataDir },
    );
    expect(division.code).toBe(1);
    expect(division.stderr).toContain('has no division named "Nowhere Open"');
  });
});

function expectOneLineErrorWithUsage(result: CliResult) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain('Usage: cli org');
}
