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
    expect(Object.keys(user)).toEqual(['id', 'email', 'organization']);
    expect(user).toEqual({ id: expect.any(Number), email: 'scorer@example.com', organization: org.guid });

    const again = await cli(['user', 'create', '--org', org.guid, '--email', 'scorer@example.com'], {
      dataDir,
      stdin: 'another password\n',
    });
    expectOneLineError(again, 1);
    expect(again.stderr).toContain('already exists');
  });

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

  it('refuses, harming nothing, while a running server holds the embedded database', async () => {
    const api = await startTestApi({ dataDir });
    try {
      const key = await api.createKey(org.guid);
      const result = await cli(['org', 'create', '--name', 'Second Circuit'], { dataDir });
      expectOneLineError(result, 2);
      expect(result.stderr).toContain('in use by a running process');
      // The server still works on its database.
      expect(await api.token(key.clientId, key.clientSecret)).toEqual(expect.any(String));
    } finally {
      await api.stop();
    }
    const afterwards = await cli(['org', 'create', '--name', 'Second Circuit'], { dataDir });
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
