import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { s256Challenge } from '../../server/api/auth/pkce.js';
import { sha256Hex } from '../../server/api/auth/secrets.js';
import { purgeExpiredRows } from '../../server/api/db/repositories/expired-rows.js';
import { authorizationCodes } from '../../server/api/db/schema.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';

const CODE_TTL_SECONDS = 3;
const REDIRECT_URI = 'https://scores.example/callback?from=api';
const PASSWORD = 'correct horse battery';

let api: TestApi;
let client: { clientId: string; clientSecret: string };
let userId: number;
let orgId: number;
/** how far the API's clock is ahead of the real one */
let aheadMs = 0;

beforeAll(async () => {
  api = await startTestApi({
    env: { AUTH_CODE_TTL_SECONDS: String(CODE_TTL_SECONDS) },
    now: () => Date.now() + aheadMs,
  });
  const org = await api.createOrg('Code Flow Circuit');
  orgId = org.id;
  client = await api.createKey(org.guid, {
    name: 'Scores Web',
    redirectUris: [REDIRECT_URI, 'http://localhost:5173/cb'],
  });
  userId = (await api.createUser(org.guid, 'Judge@Example.com', PASSWORD)).id;
});
afterAll(async () => {
  await api?.stop();
});

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256Challenge(verifier) };
}

function authorizeQuery(overrides: Record<string, string | undefined> = {}, challenge = pkce().challenge) {
  const fields: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: REDIRECT_URI,
    state: 'st-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return new URLSearchParams(Object.entries(fields).filter(([, v]) => v !== undefined) as [string, string][]);
}

/** Hidden fields of the sign-in form, as a browser would send them back. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]] = match[2].replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  }
  return fields;
}

async function signIn(challenge: string, email = 'judge@example.com', password = PASSWORD) {
  const page = await api.fetch(`/v3/oauth2/authorize?${authorizeQuery({}, challenge).toString()}`);
  expect(page.status).toBe(200);
  return api.fetch('/v3/oauth2/authorize', {
    method: 'POST',
    body: new URLSearchParams({ ...hiddenFields(await page.text()), email, password }),
  });
}

async function codeFor(verifier: string) {
  const response = await signIn(s256Challenge(verifier));
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!).searchParams.get('code')!;
}

function exchange(fields: Record<string, string>) {
  return api.fetch('/v3/oauth2/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      ...fields,
    }),
  });
}

async function expectInvalidGrant(response: Response) {
  expect(response.status).toBe(400);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
}

describe('Authorization Code flow with PKCE over HTTPS', () => {
  it('shows an accessible sign-in page without scripts or external assets, under a strict CSP', async () => {
    const response = await api.fetch(`/v3/oauth2/authorize?${authorizeQuery().toString()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/,
    );
    expect(html).toContain('Scores Web');
    expect(html).toContain('Code Flow Circuit');
    expect(html).not.toMatch(/<script|src=|<link|https?:\/\/(?!scores\.example)/);
    expect(hiddenFields(html)).toMatchObject({
      client_id: client.clientId,
      redirect_uri: REDIRECT_URI,
      state: 'st-123',
      code_challenge_method: 'S256',
    });
  });

  it('signs in, redirects with code and state, and exchanges the code for a token that carries the user', async () => {
    const { verifier, challenge } = pkce();
    const redirect = await signIn(challenge);
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://scores.example/callback');
    expect(location.searchParams.get('from')).toBe('api');
    expect(location.searchParams.get('state')).toBe('st-123');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[\w-]{43}$/);

    const response = await exchange({ code, code_verifier: verifier });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const token: any = await response.json();
    expect(token).toEqual({ token_type: 'bearer', access_token: expect.any(String), expires_in: 7200 });
    expect(await api.services.tokens.verify(token.access_token)).toMatchObject({
      ok: true,
      auth: { orgId, userId, clientId: client.clientId },
    });
    expect((await api.fetch('/seasons/', { headers: { authorization: `Bearer ${token.access_token}` } })).status).toBe(
      200,
    );

    // The same code a second time is refused.
    await expectInvalidGrant(await exchange({ code, code_verifier: verifier }));
  });

  it('accepts the client secret through HTTP Basic for the exchange', async () => {
    const { verifier } = pkce();
    const code = await codeFor(verifier);
    const response = await api.fetch('/v3/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong verifier with invalid_grant, and the code is spent afterwards', async () => {
    const { verifier } = pkce();
    const code = await codeFor(verifier);
    await expectInvalidGrant(await exchange({ code, code_verifier: pkce().verifier }));
    await expectInvalidGrant(await exchange({ code, code_verifier: verifier }));
  });

  it('refuses a redirect_uri that differs from the authorization request', async () => {
    const { verifier } = pkce();
    const code = await codeFor(verifier);
    await expectInvalidGrant(
      await exchange({ code, code_verifier: verifier, redirect_uri: 'http://localhost:5173/cb' }),
    );
  });

  it('refuses an expired code (AUTH_CODE_TTL_SECONDS)', async () => {
    const { verifier } = pkce();
    const code = await codeFor(verifier);
    aheadMs += CODE_TTL_SECONDS * 1000 + 300;
    const response = await exchange({ code, code_verifier: verifier });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The authorization code has expired',
    });
  });

  it('deletes a code when it is redeemed, and purges codes that expired unredeemed', async () => {
    const { db } = api.services.database;
    const stored = async (codes: string[]) =>
      (
        await db
          .select({ codeHash: authorizationCodes.codeHash })
          .from(authorizationCodes)
          .where(inArray(authorizationCodes.codeHash, codes.map(sha256Hex)))
      ).map((row) => row.codeHash);
    const { verifier } = pkce();
    const redeemed = await codeFor(verifier);
    expect(await stored([redeemed])).toHaveLength(1);
    expect((await exchange({ code: redeemed, code_verifier: verifier })).status).toBe(200);
    expect(await stored([redeemed])).toEqual([]);

    const expired = await codeFor(pkce().verifier);
    const live = await codeFor(pkce().verifier);
    await db
      .update(authorizationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authorizationCodes.codeHash, sha256Hex(expired)));
    const purged = await purgeExpiredRows(db, { signingKeyKeepSeconds: 7200 });
    expect(purged.authorizationCodes).toBeGreaterThanOrEqual(1);
    expect(await stored([expired, live])).toEqual([sha256Hex(live)]);
  });

  it('requires the client secret (confidential clients) and the PKCE verifier', async () => {
    const { verifier } = pkce();
    const code = await codeFor(verifier);
    const noSecret = await api.fetch('/v3/oauth2/token', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: client.clientId,
        code_verifier: verifier,
      }),
    });
    expect(noSecret.status).toBe(401);
    expect(((await noSecret.json()) as { error: string }).error).toBe('invalid_client');
    const noVerifier = await exchange({ code });
    expect(noVerifier.status).toBe(400);
    expect(((await noVerifier.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('re-shows the form with one message for a wrong password and for an unknown email', async () => {
    const messages: string[] = [];
    for (const [email, password] of [
      ['judge@example.com', 'wrong password'],
      ['nobody@example.com', PASSWORD],
    ]) {
      const response = await signIn(pkce().challenge, email, password);
      expect(response.status).toBe(200);
      expect(response.headers.get('location')).toBeNull();
      const html = await response.text();
      const alert = /<p class="error" id="sign-in-error" role="alert">([^<]+)<\/p>/.exec(html);
      expect(alert).not.toBeNull();
      messages.push(alert![1]);
      expect(html).toContain(`value="${email}"`);
    }
    expect(messages[0]).toBe(messages[1]);
  });

  it('does not let a user of another organization sign in through this client', async () => {
    const other = await api.createOrg('Other Circuit');
    await api.createUser(other.guid, 'outsider@example.com', PASSWORD);
    const response = await signIn(pkce().challenge, 'outsider@example.com', PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('role="alert"');
  });

  it('shows errors on the page, never redirecting, when client or redirect URI cannot be trusted', async () => {
    const cases = [
      authorizeQuery({ redirect_uri: 'https://attacker.example/cb' }),
      authorizeQuery({ redirect_uri: 'https://scores.example/callback' }),
      authorizeQuery({ redirect_uri: undefined }),
      authorizeQuery({ client_id: 'unknown-client' }),
      authorizeQuery({ client_id: undefined }),
    ];
    for (const query of cases) {
      const response = await api.fetch(`/v3/oauth2/authorize?${query.toString()}`);
      expect(response.status, String(query)).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toMatch(/role="alert">[^<]*(redirect_uri|client_id)/);
    }
    const post = await api.fetch('/v3/oauth2/authorize', {
      method: 'POST',
      body: new URLSearchParams({
        ...Object.fromEntries(authorizeQuery({ redirect_uri: 'https://attacker.example/cb' })),
        email: 'judge@example.com',
        password: PASSWORD,
      }),
    });
    expect(post.status).toBe(400);
    expect(post.headers.get('location')).toBeNull();
  });

  it('sends other request errors back to the registered redirect URI with error, error_description and state', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: undefined }, 'invalid_request'],
      [{ code_challenge: 'too-short' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_type: undefined }, 'invalid_request'],
    ];
    for (const [overrides, error] of cases) {
      const response = await api.fetch(`/v3/oauth2/authorize?${authorizeQuery(overrides).toString()}`);
      expect(response.status, JSON.stringify(overrides)).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe('https://scores.example/callback');
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toEqual(expect.any(String));
      expect(location.searchParams.get('state')).toBe('st-123');
      expect(location.searchParams.get('code')).toBeNull();
    }
  });
});
