/**
 * `cli org update --require-signoff on|off` (decision 082): prints what it set, the organization then requires a
 * sign-off before release (the API's side: test/api/review-release.test.ts), and bad values and unknown
 * organizations are refused with one line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi } from '../helpers/api-server.js';
import { cli } from '../helpers/cli.js';
import { findOrganizationByGuid } from '../../server/api/db/repositories/organizations.js';

let dataDir: string;
let org: { id: number; guid: string };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cli-signoff-'));
  const created = await cli(['org', 'create', '--name', 'Sign-off Circuit'], { dataDir });
  expect(created.code).toBe(0);
  org = JSON.parse(created.stdout);
}, 120_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const required = async () => {
  const api = await startTestApi({ dataDir });
  try {
    return (await findOrganizationByGuid(api.services.database.db, org.guid))?.requireSignoff;
  } finally {
    await api.stop();
  }
};

it('turns the sign-off requirement on and off, printing what it set', async () => {
  expect(await required()).toBe(false);
  const on = await cli(['org', 'update', '--org', org.guid, '--require-signoff', 'on'], { dataDir });
  expect(on.stderr).toBe('');
  expect(on.code).toBe(0);
  expect(JSON.parse(on.stdout)).toEqual({ organization: org.guid, requireSignoff: true });
  expect(await required()).toBe(true);
  const off = await cli(['org', 'update', '--org', org.guid, '--require-signoff', 'OFF'], { dataDir });
  expect(JSON.parse(off.stdout)).toEqual({ organization: org.guid, requireSignoff: false });
  expect(await required()).toBe(false);
}, 120_000);

it('refuses a value other than on or off, and an unknown organization', async () => {
  const maybe = await cli(['org', 'update', '--org', org.guid, '--require-signoff', 'maybe'], { dataDir });
  expect(maybe.code).toBe(2);
  expect(maybe.stdout).toBe('');
  expect(maybe.stderr).toContain('--require-signoff takes on or off');
  const unknown = await cli(
    ['org', 'update', '--org', '00000000-0000-4000-8000-000000000000', '--require-signoff', 'on'],
    { dataDir },
  );
  expect(unknown.code).toBe(1);
  expect(unknown.stderr.trim()).toBe('No organization with guid 00000000-0000-4000-8000-000000000000');
}, 120_000);
