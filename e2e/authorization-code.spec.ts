import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startTestApi, type TestApi } from '../test/helpers/api-server';
import { expect, test as base } from './support/fixtures';

/**
 * The OAuth2 Authorization Code flow with PKCE in a real browser: a person signs in on the API's own page, the
 * browser is redirected to the client's callback, and the client exchanges the code. The API is a throwaway
 * instance of its own (fresh database, short code lifetime), not the stack's, so these tests cannot disturb others.
 */

/** Short enough to wait out in a test, long enough for an exchange made right after the redirect. */
const CODE_TTL_SECONDS = 3;
const EMAIL = 'chief.judge@example.com';
const PASSWORD = 'a long tabulation-room password';

interface AuthApi {
  api: TestApi;
  orgGuid: string;
}

interface Callback {
  code: string | null;
  state: string | null;
  error: string | null;
  receivedAt: number;
}

interface ScoresClient {
  clientId: string;
  clientSecret: string;
  /** a loopback callback this test runs, registered as the client's only redirect URI */
  redirectUri: string;
  /** what the callback has received so far, in order */
  callbacks: Callback[];
}

interface TokenAnswer {
  status: number;
  body: { access_token?: string; error?: string; error_description?: string };
}

const test = base.extend<{ client: ScoresClient }, { authApi: AuthApi }>({
  authApi: [
    async ({}, use) => {
      const api = await startTestApi({ env: { AUTH_CODE_TTL_SECONDS: String(CODE_TTL_SECONDS) } });
      try {
        const org = await api.createOrg('Code Flow Circuit');
        await api.createUser(org.guid, EMAIL, PASSWORD);
        await use({ api, orgGuid: org.guid });
      } finally {
        await api.stop();
      }
    },
    // a fresh embedded database migrates in about 10 s alone, longer beside the other workers
    { scope: 'worker', timeout: 90_000 },
  ],
  client: async ({ authApi }, use) => {
    const callbacks: Callback[] = [];
    const server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/callback') return void response.writeHead(404).end();
      const query = url.searchParams;
      callbacks.push({
        code: query.get('code'),
        state: query.get('state'),
        error: query.get('error'),
        receivedAt: Date.now(),
      });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Scores Web</title><h1>Back in Scores Web</h1>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
    const key = await authApi.api.createKey(authApi.orgGuid, { name: 'Scores Web', redirectUris: [redirectUri] });
    try {
      await use({ ...key, redirectUri, callbacks });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  },
});

// The throwaway API serves a self-signed certificate made a moment ago; chromium is told to accept it here only.
test.use({ ignoreHTTPSErrors: true });
// One worker for the file, so the suite starts one throwaway API rather than one per worker; each test still
// signs in on its own and registers its own client.
test.describe.configure({ mode: 'default' });
test.skip(({ isMobile }) => isMobile, 'the sign-in flow does not depend on the layout');

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(
  api: TestApi,
  client: ScoresClient,
  challenge: string,
  state: string,
  redirectUri = client.redirectUri,
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${api.url}/v3/oauth2/authorize?${query}`;
}

/** Signs in on the API's page as a person would, and returns what the client's callback received. */
async function signIn(page: Page, api: TestApi, client: ScoresClient, challenge: string): Promise<Callback> {
  const state = randomBytes(8).toString('hex');
  await page.goto(authorizeUrl(api, client, challenge, state));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Scores Web asks to use the competition data of Code Flow Circuit')).toBeVisible();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Back in Scores Web' })).toBeVisible();
  expect(client.callbacks).toHaveLength(1);
  const [callback] = client.callbacks;
  expect(callback).toMatchObject({ state, error: null, code: expect.stringMatching(/^[\w-]{43}$/) });
  return callback;
}

async function exchange(
  api: TestApi,
  client: ScoresClient,
  fields: { code: string; verifier: string },
): Promise<TokenAnswer> {
  const response = await api.fetch('/v3/oauth2/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: fields.code,
      redirect_uri: client.redirectUri,
      code_verifier: fields.verifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  return { status: response.status, body: await response.json() };
}

test('a person signs in, the client gets a code and state, and its token reads the API', async ({
  page,
  authApi: { api },
  client,
}) => {
  const { verifier, challenge } = pkce();
  const { code } = await signIn(page, api, client, challenge);

  const token = await exchange(api, client, { code: code!, verifier });
  expect(token.status).toBe(200);
  const seasons = await api.fetch('/seasons/', { headers: { authorization: `Bearer ${token.body.access_token}` } });
  expect(seasons.status).toBe(200);
});

test('a code exchanged with the wrong verifier is refused', async ({ page, authApi: { api }, client }) => {
  const { challenge } = pkce();
  const { code } = await signIn(page, api, client, challenge);

  const answer = await exchange(api, client, { code: code!, verifier: pkce().verifier });
  expect(answer).toEqual({
    status: 400,
    body: { error: 'invalid_grant', error_description: expect.stringMatching(/code_verifier does not match/) },
  });
});

test('a code works once; the second exchange is refused', async ({ page, authApi: { api }, client }) => {
  const { verifier, challenge } = pkce();
  const { code } = await signIn(page, api, client, challenge);

  expect((await exchange(api, client, { code: code!, verifier })).status).toBe(200);
  const again = await exchange(api, client, { code: code!, verifier });
  expect(again).toEqual({
    status: 400,
    body: { error: 'invalid_grant', error_description: expect.stringMatching(/already used/) },
  });
});

test('a code exchanged after its lifetime is refused as expired', async ({ page, authApi: { api }, client }) => {
  const { verifier, challenge } = pkce();
  const { code, receivedAt } = await signIn(page, api, client, challenge);

  // Any exchange spends the code, so nothing can be polled on the server: wait out the lifetime on the clock.
  await expect
    .poll(() => Date.now(), { timeout: (CODE_TTL_SECONDS + 5) * 1000 })
    .toBeGreaterThan(receivedAt + CODE_TTL_SECONDS * 1000);
  const late = await exchange(api, client, { code: code!, verifier });
  expect(late).toEqual({
    status: 400,
    body: { error: 'invalid_grant', error_description: 'The authorization code has expired' },
  });
});

test('a redirect URI the client never registered is refused on the page, with no redirect', async ({
  page,
  authApi: { api },
  client,
}) => {
  const unregistered = client.redirectUri.replace('/callback', '/elsewhere');
  await page.goto(authorizeUrl(api, client, pkce().challenge, 'st-1', unregistered));

  await expect(page.getByRole('heading', { level: 1, name: 'This sign-in request is not valid' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'The redirect_uri of this request is not registered for this application.',
  );
  expect(new URL(page.url()).origin).toBe(new URL(api.url).origin);
  expect(client.callbacks).toEqual([]);
});
