/**
 * Ending sessions before their tokens expire (decision 118), over the real HTTPS API: RFC 7009's revocation endpoint
 * (a sign-out), a new password and a disabling ending all of a user's sessions, the CLI's `user update --disabled`
 * beside a running server, a restart, and two instances on one PostgreSQL hearing of each other's revocations.
 */
import { mkdtemp, rm, cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECHECK_MS } from '../../server/api/auth/auth-state.js';
import { AUTH_CHANGED_CHANNEL } from '../../server/api/db/repositories/auth-changes.js';
import { createPasswordLink } from '../../server/api/auth/users.js';
import { revokeApplication } from '../../server/api/db/repositories/applications.js';
import { purgeExpiredRows } from '../../server/api/db/repositories/expired-rows.js';
import { revokeToken } from '../../server/api/db/repositories/revoked-tokens.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { cli } from '../helpers/cli.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { hiddenFields, REDIRECT_URI, userToken } from '../helpers/user-tokens.js';

const PASSWORD = 'correct horse battery';
type Client = { clientId: string; clientSecret: string };

const basic = (client: Client) =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;

function revoke(
  api: TestApi,
  body: string | URLSearchParams,
  headers: Record<string, string> = {},
  localAddress?: string,
) {
  return api.fetch('/v3/oauth2/revoke', { method: 'POST', body, headers, localAddress });
}

const revokeAs = (api: TestApi, client: Client, token: string) =>
  revoke(api, new URLSearchParams({ token, client_id: client.clientId, client_secret: client.clientSecret }));

async function expectRevoked(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.text()).toBe('');
}

async function expectOAuthError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['error', 'error_description']);
  expect(body.error).toBe(error);
  return body;
}

const me = async (api: TestApi, token: string) =>
  (await api.fetch('/me', { headers: { authorization: `Bearer ${token}` } })).status;

/** Sets a new password through a one-time link's page, as the person does (the link as an administrator gets one). */
async function setNewPassword(api: TestApi, userId: number, password: string) {
  const link = new URL((await createPasswordLink(api.services.database.db, userId, api.url)).url);
  const page = await api.fetch(`${link.pathname}${link.search}`);
  expect(page.status).toBe(200);
  const set = await api.fetch(link.pathname, {
    method: 'POST',
    body: new URLSearchParams({ ...hiddenFields(await page.text()), password, confirmation: password }),
  });
  expect(set.status).toBe(200);
}

describe('on the embedded database', () => {
  let api: TestApi;
  let orgGuid: string;
  let client: Client;
  let other: Client;

  beforeAll(async () => {
    api = await startTestApi({ env: { TOKEN_RATE_LIMIT_REQUESTS: '5' } });
    orgGuid = (await api.createOrg('Signing Out Circuit')).guid;
    client = await api.createKey(orgGuid, { name: 'Web app', redirectUris: [REDIRECT_URI] });
    other = await api.createKey(orgGuid, { name: 'Scoreboard', redirectUris: [REDIRECT_URI] });
  });
  afterAll(() => api?.stop());

  let people = 0;
  async function person(role: 'judge' | 'tabulator' = 'judge') {
    const email = `person${++people}@circuit.example`;
    const user = await api.createUser(orgGuid, email, PASSWORD, { role });
    return { user, email, token: () => userToken(api, client, email, PASSWORD) };
  }

  it("a revoked token stops at once; the same person's other sessions go on", async () => {
    const { token } = await person();
    const tablet = await token();
    const laptop = await token();
    expect(await me(api, tablet)).toBe(200);
    expect(await me(api, laptop)).toBe(200);

    await expectRevoked(await revokeAs(api, client, tablet));
    expect(await me(api, tablet)).toBe(401);
    const refusal = await api.fetch('/me', { headers: { authorization: `Bearer ${tablet}` } });
    expect(refusal.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await me(api, laptop)).toBe(200);
    // revoking again changes nothing
    await expectRevoked(await revokeAs(api, client, tablet));
    expect(await me(api, laptop)).toBe(200);
  });

  it('takes HTTP Basic and JSON bodies, and revokes client credentials tokens too', async () => {
    const viaBasic = await api.token(client.clientId, client.clientSecret);
    expect(await me(api, viaBasic)).not.toBe(401);
    await expectRevoked(
      await revoke(api, new URLSearchParams({ token: viaBasic, token_type_hint: 'access_token' }), {
        authorization: basic(client),
      }),
    );
    expect((await api.fetch('/seasons/', { headers: { authorization: `Bearer ${viaBasic}` } })).status).toBe(401);

    const viaJson = await api.token(client.clientId, client.clientSecret);
    await expectRevoked(
      await revoke(
        api,
        JSON.stringify({ token: viaJson, client_id: client.clientId, client_secret: client.clientSecret }),
        { 'content-type': 'application/json' },
      ),
    );
    expect((await api.fetch('/seasons/', { headers: { authorization: `Bearer ${viaJson}` } })).status).toBe(401);
  });

  it('answers 200 for a token that does not work anyway, and an unknown hint is no reason to refuse', async () => {
    const { token } = await person();
    const mine = await token();
    const [header, payload] = mine.split('.');
    for (const notOne of ['abc', `${header}.${payload}.AAAA`, 'x'.repeat(1999)])
      await expectRevoked(await revokeAs(api, client, notOne));
    await expectRevoked(
      await revoke(
        api,
        new URLSearchParams({
          token: mine,
          token_type_hint: 'refresh_token',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      ),
    );
    expect(await me(api, mine)).toBe(401);
    // a token of a revoked key no longer works: the key that replaced it is not refused for asking
    const replaced = await api.createKey(orgGuid, { name: 'Replaced' });
    const leftOver = await api.token(replaced.clientId, replaced.clientSecret);
    await revokeApplication(api.services.database.db, replaced.clientId);
    await api.services.tokens.state.refresh();
    await expectRevoked(await revokeAs(api, client, leftOver));
  });

  it('refuses what is not a revocation by the token’s own client, in RFC 6749 error shapes', async () => {
    const { token } = await person();
    const mine = await token();
    const withSecret = (fields: Record<string, string>) =>
      new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, ...fields });
    const from = '127.0.0.2';

    await expectOAuthError(await revoke(api, withSecret({}), {}, from), 400, 'invalid_request');
    const anonymous = await revoke(api, new URLSearchParams({ token: mine }), {}, from);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="competition-api"');
    await expectOAuthError(anonymous, 401, 'invalid_client');
    await expectOAuthError(
      await revoke(
        api,
        new URLSearchParams({ token: mine, client_id: client.clientId, client_secret: 'wrong' }),
        {},
        '127.0.0.3',
      ),
      401,
      'invalid_client',
    );
    // another client of the same organization may not end this one's sessions
    const stranger = await expectOAuthError(await revokeAs(api, other, mine), 400, 'unauthorized_client');
    expect(stranger.error_description).toMatch(/another client/);
    await expectOAuthError(
      await revoke(api, `${withSecret({ token: mine }).toString()}&token=${encodeURIComponent(mine)}`, {}, '127.0.0.4'),
      400,
      'invalid_request',
    );
    const nul = await expectOAuthError(
      await revoke(api, withSecret({ token: `${mine}\u0000` }), {}, '127.0.0.4'),
      400,
      'invalid_request',
    );
    expect(nul.error_description).toMatch(/^token /);
    await expectOAuthError(
      await revoke(api, withSecret({ token: 'x'.repeat(2001) }), {}, '127.0.0.5'),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await revoke(api, `token=${mine}`, { 'content-type': 'text/plain' }, '127.0.0.5'),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await revoke(api, JSON.stringify({ token: 5 }), { 'content-type': 'application/json' }, '127.0.0.6'),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await revoke(api, `{"__proto__":"x","token":"${mine}"}`, { 'content-type': 'application/json' }, '127.0.0.6'),
      401,
      'invalid_client',
    );
    expect(await me(api, mine)).toBe(200);
  });

  it('counts wrong secrets at the revocation endpoint with those at the token endpoint', async () => {
    const from = '127.0.0.9';
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = new URLSearchParams({
        token: 'abc',
        client_id: client.clientId,
        client_secret: `guess ${attempt}`,
      });
      await expectOAuthError(await revoke(api, wrong, {}, from), 401, 'invalid_client');
    }
    const right = await api.fetch('/v3/oauth2/token', {
      method: 'POST',
      localAddress: from,
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    await expectOAuthError(right, 429, 'too_many_requests');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a new password ends every session the person had; signing in with it works', async () => {
    const { user, email, token } = await person('tabulator');
    const sessions = [await token(), await token()];
    for (const session of sessions) expect(await me(api, session)).toBe(200);
    await setNewPassword(api, user.id, 'a brand new password');
    for (const session of sessions) expect(await me(api, session)).toBe(401);
    await expect(userToken(api, client, email, PASSWORD)).rejects.toThrow(/sign-in refused/);
    expect(await me(api, await userToken(api, client, email, 'a brand new password'))).toBe(200);
  });

  it('`cli user update --disabled true` beside the running server ends the sessions at once', async () => {
    const { email, token } = await person();
    const session = await token();
    expect(await me(api, session)).toBe(200);
    const result = await cli(['user', 'update', '--org', orgGuid, '--email', email, '--disabled', 'true'], {
      dataDir: api.dataDir,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await me(api, session)).toBe(401);
    const enabled = await cli(['user', 'update', '--org', orgGuid, '--email', email, '--disabled', 'false'], {
      dataDir: api.dataDir,
    });
    expect(enabled.code).toBe(0);
    expect(await me(api, session)).toBe(401);
    expect(await me(api, await token())).toBe(200);
  });

  it('purges a revocation once its token has expired', async () => {
    const { db } = api.services.database;
    await revokeToken(db, { jti: 'long-gone', expiresAt: new Date(Date.now() - 5 * 60_000) });
    await revokeToken(db, { jti: 'still-live', expiresAt: new Date(Date.now() + 60 * 60_000) });
    const purged = await purgeExpiredRows(db, { signingKeyKeepSeconds: 7260 });
    expect(purged.tokenRevocations).toBeGreaterThanOrEqual(1);
    expect(api.services.tokens.state.isTokenRevoked('still-live')).toBe(true);
  });
});

describe('across a restart of the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sign-out-'));
    await cp(process.env.TEST_PGLITE_TEMPLATE!, path.join(dataDir, 'pglite'), { recursive: true });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('a revoked token stays refused by the restarted server', async () => {
    let api = await startTestApi({ dataDir });
    let token: string;
    let client: Client;
    try {
      const org = await api.createOrg('Restarting Circuit');
      client = await api.createKey(org.guid, { redirectUris: [REDIRECT_URI] });
      await api.createUser(org.guid, 'judge@circuit.example', PASSWORD, { role: 'judge' });
      token = await userToken(api, client, 'judge@circuit.example', PASSWORD);
      await expectRevoked(await revokeAs(api, client, token));
    } finally {
      await api.stop();
    }
    api = await startTestApi({ dataDir });
    try {
      expect(await me(api, token)).toBe(401);
      expect(await me(api, await userToken(api, client, 'judge@circuit.example', PASSWORD))).toBe(200);
    } finally {
      await api.stop();
    }
  });
});

describe('on PostgreSQL with two instances running', () => {
  let postgres: TestPostgres;
  let url: string;
  let first: TestApi;
  let second: TestApi;
  let orgGuid: string;
  let client: Client;
  let people = 0;

  beforeAll(async () => {
    postgres = await startTestPostgres();
    url = await postgres.createDatabase('competition_sign_out');
    [first, second] = await Promise.all([
      startTestApi({ env: { DATABASE_URL: url } }),
      startTestApi({ env: { DATABASE_URL: url } }),
    ]);
    orgGuid = (await first.createOrg('Shared Circuit')).guid;
    client = await first.createKey(orgGuid, { redirectUris: [REDIRECT_URI] });
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await postgres?.stop();
  });

  async function signedIn() {
    const email = `shared${++people}@circuit.example`;
    const user = await first.createUser(orgGuid, email, PASSWORD, { role: 'tabulator' });
    const token = await userToken(first, client, email, PASSWORD);
    // verified once on each, so both hold it in their cache of verified tokens
    for (const api of [first, second]) expect(await me(api, token)).toBe(200);
    return { user, token };
  }
  /**
   * Resolves once `api` has heard of the next change of this kind (the notification, then the re-read it starts):
   * the instance that did not make the change must refuse from its first request after that.
   */
  async function nextChangeHeardOn(api: TestApi, what: 'tokens' | 'users'): Promise<{ heard: Promise<void> }> {
    let notify!: () => void;
    const notified = new Promise<void>((resolve) => (notify = resolve));
    await api.services.database.listen(AUTH_CHANGED_CHANNEL, (payload) => payload === what && notify());
    // in an object: an async function's promise would take on this one's and wait for the change itself
    return { heard: notified.then(() => api.services.tokens.state.refresh()) };
  }

  it('a token revoked on one instance is refused there at once and on the other as soon as it hears', async () => {
    const { token } = await signedIn();
    const { heard } = await nextChangeHeardOn(second, 'tokens');
    await expectRevoked(await revokeAs(first, client, token));
    expect(await me(first, token)).toBe(401);
    await heard;
    expect(await me(second, token)).toBe(401);
  });

  it('a user disabled on one instance is refused there at once and on the other as soon as it hears', async () => {
    const { user, token } = await signedIn();
    const admin = await first.token(client.clientId, client.clientSecret);
    const { heard } = await nextChangeHeardOn(first, 'users');
    const disabled = await second.fetch(`/users/${user.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    expect(disabled.status).toBe(200);
    expect(await me(second, token)).toBe(401);
    await heard;
    expect(await me(first, token)).toBe(401);
  });

  it('a revocation whose notification is lost is still read within the re-check interval', async () => {
    const { token } = await signedIn();
    const facts = await first.services.tokens.inspect(token);
    const direct = new pg.Client({ connectionString: url });
    await direct.connect();
    try {
      await direct.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2)', [
        facts!.jti,
        new Date(facts!.expiresAtMs),
      ]);
    } finally {
      await direct.end();
    }
    for (const api of [first, second])
      await expect.poll(() => me(api, token), { timeout: RECHECK_MS + 3000, interval: 200 }).toBe(401);
  });
});
