import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECHECK_MS } from '../../server/api/auth/auth-state.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { cli, type CliResult } from '../helpers/cli.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';

/**
 * Revoking API keys and rotating signing keys through the real CLI, seen through the real HTTPS API: on the
 * embedded database (the CLI works while the server is stopped) and on PostgreSQL with two instances running
 * (each hears of the change within seconds, through NOTIFY or, when a notification is lost, its re-check).
 */
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'revocation-'));
  dirs.push(dir);
  return dir;
}

function json(result: CliResult) {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
}

function expectOneLineError(result: CliResult, code: number) {
  expect(result.code).toBe(code);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')[0]).not.toBe('');
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const kidOf = (token: string) => decodeProtectedHeader(token).kid;

async function tokenRequest(api: TestApi, clientId: string, clientSecret: string) {
  return api.fetch('/v3/oauth2/token', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
}

describe('on the embedded database: the CLI between runs of the server', () => {
  let dataDir: string;
  let org: { guid: string };
  let revoked: { client_id: string; client_secret: string };
  let kept: { client_id: string; client_secret: string };

  beforeAll(async () => {
    dataDir = await tempDir();
    // the run's migrated template database (test/global-setup.ts): opens in seconds
    await cp(process.env.TEST_PGLITE_TEMPLATE!, path.join(dataDir, 'pglite'), { recursive: true });
    org = json(await cli(['org', 'create', '--name', 'Revoking Circuit'], { dataDir }));
    revoked = json(
      await cli(['key', 'create', '--org', org.guid, '--name', 'Leaked', '--redirect-uri', 'https://app.example/cb'], {
        dataDir,
      }),
    );
    kept = json(await cli(['key', 'create', '--org', org.guid, '--name', 'Scoreboard'], { dataDir }));
  });

  it('lists keys without secrets, revokes one, and its tokens, grants and sign-in page stop working', async () => {
    let api = await startTestApi({ dataDir });
    let revokedToken: string;
    let keptToken: string;
    let keptKid: unknown;
    try {
      revokedToken = await api.token(revoked.client_id, revoked.client_secret);
      keptToken = await api.token(kept.client_id, kept.client_secret);
      keptKid = kidOf(keptToken);
      // verified once, so both sit in the server's cache of verified tokens
      expect((await api.fetch('/seasons/', bearer(revokedToken))).status).toBe(200);
      expect((await api.fetch('/seasons/', bearer(keptToken))).status).toBe(200);
    } finally {
      await api.stop();
    }

    const listed = json(await cli(['key', 'list', '--org', org.guid], { dataDir }));
    expect(listed).toEqual([
      {
        client_id: revoked.client_id,
        name: 'Leaked',
        organization: org.guid,
        redirect_uris: ['https://app.example/cb'],
        created_at: expect.any(String),
        revoked_at: null,
        read_only: false,
      },
      {
        client_id: kept.client_id,
        name: 'Scoreboard',
        organization: org.guid,
        redirect_uris: [],
        created_at: expect.any(String),
        revoked_at: null,
        read_only: false,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(revoked.client_secret);

    const revocation = json(await cli(['key', 'revoke', revoked.client_id], { dataDir }));
    expect(revocation).toMatchObject({
      client_id: revoked.client_id,
      organization: org.guid,
      revoked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Revoking again changes nothing.
    expect(json(await cli(['key', 'revoke', revoked.client_id], { dataDir })).revoked_at).toBe(revocation.revoked_at);
    expect(
      json(await cli(['key', 'list', '--org', org.guid], { dataDir })).map(
        (key: { revoked_at: string | null }) => key.revoked_at,
      ),
    ).toEqual([revocation.revoked_at, null]);

    api = await startTestApi({ dataDir });
    try {
      const refused = await api.fetch('/seasons/', bearer(revokedToken));
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
      const grant = await tokenRequest(api, revoked.client_id, revoked.client_secret);
      expect(grant.status).toBe(401);
      expect(((await grant.json()) as { error: string }).error).toBe('invalid_client');
      const signIn = await api.fetch(
        `/v3/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: revoked.client_id, redirect_uri: 'https://app.example/cb', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' }).toString()}`,
      );
      expect(signIn.status).toBe(400);
      expect(await signIn.text()).toContain('unknown client_id');
      // The other key of the organization is untouched.
      expect((await api.fetch('/seasons/', bearer(keptToken))).status).toBe(200);
      expect(kidOf(await api.token(kept.client_id, kept.client_secret))).toBe(keptKid);
    } finally {
      await api.stop();
    }
  });

  it('rotates the signing key: new tokens carry the new key id, tokens of the old key work until they expire', async () => {
    let api = await startTestApi({ dataDir });
    let before: string;
    try {
      before = await api.token(kept.client_id, kept.client_secret);
    } finally {
      await api.stop();
    }
    const rotation = json(await cli(['signing-key', 'rotate'], { dataDir }));
    expect(rotation).toEqual({ kid: expect.stringMatching(/^ed25519-/), retired: [kidOf(before)], deleted: [] });

    api = await startTestApi({ dataDir });
    try {
      const after = await api.token(kept.client_id, kept.client_secret);
      expect(decodeProtectedHeader(after)).toEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: rotation.kid });
      expect((await api.fetch('/seasons/', bearer(after))).status).toBe(200);
      expect((await api.fetch('/seasons/', bearer(before))).status).toBe(200);
    } finally {
      await api.stop();
    }
  });

  it('answers wrong usage with exit code 2 and unknown keys with exit code 1, on one line', async () => {
    for (const args of [
      ['key', 'revoke'],
      ['key', 'list'],
      ['signing-key', 'rotate', '--all'],
    ]) {
      expectOneLineError(await cli(args, { dataDir }), 2);
    }
    const unknown = await cli(['key', 'revoke', 'no-such-client'], { dataDir });
    expectOneLineError(unknown, 1);
    expect(unknown.stderr.trim()).toBe('No key with client id no-such-client');
  });
});

describe('on PostgreSQL with two instances running', () => {
  let postgres: TestPostgres;
  let url: string;
  let first: TestApi;
  let second: TestApi;
  let org: { guid: string };
  let cliDir: string;
  const run = (args: string[]) => cli(args, { dataDir: cliDir, env: { DATABASE_URL: url } });
  const statusOn = async (api: TestApi, token: string) => (await api.fetch('/seasons/', bearer(token))).status;

  beforeAll(async () => {
    postgres = await startTestPostgres();
    url = await postgres.createDatabase('competition_revocation');
    [first, second] = await Promise.all([
      startTestApi({ env: { DATABASE_URL: url } }),
      startTestApi({ env: { DATABASE_URL: url } }),
    ]);
    cliDir = await tempDir();
    org = await first.createOrg('Shared Circuit');
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await postgres?.stop();
  });

  it('a key revoked with the CLI stops working on every instance within seconds, cached tokens included', async () => {
    const key = await first.createKey(org.guid);
    const other = await first.createKey(org.guid);
    const token = await first.token(key.clientId, key.clientSecret);
    const otherToken = await second.token(other.clientId, other.clientSecret);
    for (const api of [first, second]) expect(await statusOn(api, token)).toBe(200);

    json(await run(['key', 'revoke', key.clientId]));
    for (const api of [first, second]) {
      await expect.poll(() => statusOn(api, token), { timeout: 3000, interval: 100 }).toBe(401);
      const grant = await tokenRequest(api, key.clientId, key.clientSecret);
      expect(grant.status).toBe(401);
      expect(((await grant.json()) as { error: string }).error).toBe('invalid_client');
      expect(await statusOn(api, otherToken)).toBe(200);
    }
  });

  it('a revocation whose notification is lost still takes effect within the re-check interval', async () => {
    const key = await first.createKey(org.guid);
    const token = await first.token(key.clientId, key.clientSecret);
    for (const api of [first, second]) expect(await statusOn(api, token)).toBe(200);
    // Revoked behind the instances' backs: no NOTIFY is sent.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('UPDATE applications SET revoked_at = now() WHERE client_id = $1', [key.clientId]);
    } finally {
      await client.end();
    }
    const started = Date.now();
    for (const api of [first, second])
      await expect.poll(() => statusOn(api, token), { timeout: RECHECK_MS + 3000, interval: 200 }).toBe(401);
    expect(Date.now() - started).toBeLessThan(RECHECK_MS + 3000);
  });

  it('a rotated signing key signs on every instance within seconds; tokens of the old key keep working', async () => {
    const key = await first.createKey(org.guid);
    const before = await first.token(key.clientId, key.clientSecret);
    const rotation = json(await run(['signing-key', 'rotate']));
    expect(rotation.retired).toContain(kidOf(before));
    for (const api of [first, second]) {
      await expect
        .poll(async () => kidOf(await api.token(key.clientId, key.clientSecret)), { timeout: 3000, interval: 100 })
        .toBe(rotation.kid);
      expect(await statusOn(api, before)).toBe(200);
    }
    // Only the new key has a private key left in the database.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'SELECT kid, private_key IS NOT NULL AS signs, retired_at IS NOT NULL AS retired FROM signing_keys ORDER BY created_at',
      );
      expect(rows.filter((row) => row.signs)).toEqual([{ kid: rotation.kid, signs: true, retired: false }]);
      expect(rows.find((row) => row.kid === kidOf(before))).toEqual({
        kid: kidOf(before),
        signs: false,
        retired: true,
      });
    } finally {
      await client.end();
    }
  });

  it('rotate --invalidate-tokens makes every earlier token fail on every instance at once', async () => {
    const key = await first.createKey(org.guid);
    const earlier = [
      await first.token(key.clientId, key.clientSecret),
      await second.token(key.clientId, key.clientSecret),
    ];
    for (const api of [first, second]) for (const token of earlier) expect(await statusOn(api, token)).toBe(200);
    const rotation = json(await run(['signing-key', 'rotate', '--invalidate-tokens']));
    expect(rotation.deleted).toEqual(expect.arrayContaining(earlier.map(kidOf)));
    for (const api of [first, second]) {
      for (const token of earlier)
        await expect.poll(() => statusOn(api, token), { timeout: 3000, interval: 100 }).toBe(401);
      await expect
        .poll(async () => statusOn(api, await api.token(key.clientId, key.clientSecret)), {
          timeout: 3000,
          interval: 100,
        })
        .toBe(200);
    }
  });

  it('upgrades a database of HS256 tokens: their tokens verify until they expire, new ones are EdDSA, forged long-lived ones fail', async () => {
    const oldUrl = await postgres.createDatabase('competition_hs256');
    // The database as the previous version left it: the first migration and an HS256 secret in signing_keys.
    const client = new pg.Client({ connectionString: oldUrl });
    await client.connect();
    const secret = Buffer.alloc(32, 7);
    let orgId: number;
    let appId: number;
    try {
      const init = readFileSync(path.resolve('server/api/db/migrations/0001_init.sql'), 'utf8');
      await client.query(init);
      await client.query(
        'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      await client.query("INSERT INTO schema_migrations (name) VALUES ('0001_init.sql')");
      await client.query("INSERT INTO signing_keys (kid, secret) VALUES ('hs256-1', $1)", [
        secret.toString('base64url'),
      ]);
      orgId = (
        await client.query(
          "INSERT INTO organizations (guid, name) VALUES ('6f1c1b7e-4f6a-4b8e-9a53-0d2f3c1e9b11', 'Old Circuit') RETURNING id",
        )
      ).rows[0].id;
      await client.query('INSERT INTO org_versions (org_id, version) VALUES ($1, 1)', [orgId]);
      appId = (
        await client.query(
          "INSERT INTO applications (org_id, client_id, secret_hash, name) VALUES ($1, 'old-client', 'x', 'Old') RETURNING id",
          [orgId],
        )
      ).rows[0].id;
    } finally {
      await client.end();
    }
    const hs256 = (expiresInSeconds: number) =>
      new SignJWT({ org: orgId, org_guid: '6f1c1b7e-4f6a-4b8e-9a53-0d2f3c1e9b11', app: appId, client_id: 'old-client' })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: 'hs256-1' })
        .setIssuer('competition-api')
        .setAudience('competition-api')
        .setIssuedAt()
        .setExpirationTime(Math.ceil(Date.now() / 1000) + expiresInSeconds)
        .sign(new Uint8Array(secret));
    const issuedBefore = await hs256(7200);
    const forgedLongLived = await hs256(30 * 24 * 3600);

    const upgraded = await startTestApi({ env: { DATABASE_URL: oldUrl } });
    try {
      expect(await statusOn(upgraded, issuedBefore)).toBe(200);
      expect(await statusOn(upgraded, forgedLongLived)).toBe(401);
      const key = await upgraded.createKey('6f1c1b7e-4f6a-4b8e-9a53-0d2f3c1e9b11');
      const fresh = await upgraded.token(key.clientId, key.clientSecret);
      expect(decodeProtectedHeader(fresh)).toMatchObject({ alg: 'EdDSA', kid: expect.stringMatching(/^ed25519-/) });
      expect(await statusOn(upgraded, fresh)).toBe(200);
    } finally {
      await upgraded.stop();
    }
  });
});
