import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';

/**
 * NUL characters and oversized values in every OAuth parameter, at both OAuth endpoints: each is a client
 * mistake with a proper answer (a page, a redirect with invalid_request, or an RFC 6749 error body), never a 500,
 * and the server keeps serving afterwards.
 */
const REDIRECT_URI = 'https://scores.example/cb';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const OVERSIZED = 'x'.repeat(5000);

let api: TestApi;
let client: { clientId: string; clientSecret: string };

beforeAll(async () => {
  api = await startTestApi();
  const org = await api.createOrg('Odd Input Circuit');
  client = await api.createKey(org.guid, { redirectUris: [REDIRECT_URI] });
  await api.createUser(org.guid, 'judge@example.com', 'correct horse battery');
});
afterAll(() => api?.stop());

function authorizeFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: REDIRECT_URI,
    state: 'st-1',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...overrides,
  };
}

async function expectPage(response: Response, parameter: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(await response.text()).toMatch(new RegExp(`role="alert">[^<]*${parameter}`));
}

function expectRedirectedError(response: Response, parameter: string) {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  expect(location.searchParams.get('error')).toBe('invalid_request');
  expect(location.searchParams.get('error_description')).toContain(parameter);
  expect(location.searchParams.get('code')).toBeNull();
  return location;
}

describe('GET and POST /v3/oauth2/authorize with NUL or oversized parameters', () => {
  for (const [label, bad] of [
    ['NUL', '\0'],
    ['a NUL inside', 'abc\0def'],
    ['oversized', OVERSIZED],
  ] as const) {
    it(`shows the page for ${label} client_id or redirect_uri`, async () => {
      for (const parameter of ['client_id', 'redirect_uri']) {
        const query = new URLSearchParams(authorizeFields({ [parameter]: bad }));
        await expectPage(await api.fetch(`/v3/oauth2/authorize?${query.toString()}`), parameter);
        const posted = await api.fetch('/v3/oauth2/authorize', {
          method: 'POST',
          body: new URLSearchParams({
            ...authorizeFields({ [parameter]: bad }),
            email: 'judge@example.com',
            password: 'correct horse battery',
          }),
        });
        await expectPage(posted, parameter);
      }
    });

    it(`redirects invalid_request for ${label} state, response_type, code_challenge, code_challenge_method, scope`, async () => {
      for (const parameter of ['state', 'response_type', 'code_challenge', 'code_challenge_method', 'scope']) {
        const query = new URLSearchParams(authorizeFields({ [parameter]: bad }));
        const location = expectRedirectedError(await api.fetch(`/v3/oauth2/authorize?${query.toString()}`), parameter);
        // A state that is not valid is not echoed back.
        expect(location.searchParams.get('state')).toBe(parameter === 'state' ? null : 'st-1');
      }
    });
  }

  it('re-shows the sign-in form for a NUL or oversized email or password', async () => {
    for (const fields of [
      { email: 'judge\0@example.com' },
      { email: `${OVERSIZED}@example.com` },
      { password: 'pass\0word-long' },
      { password: OVERSIZED },
    ]) {
      const response = await api.fetch('/v3/oauth2/authorize', {
        method: 'POST',
        body: new URLSearchParams({
          ...authorizeFields(),
          email: 'judge@example.com',
          password: 'correct horse battery',
          ...fields,
        }),
      });
      expect(response.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toMatch(/role="alert">[^<]*(email|password)/);
    }
  });
});

describe('POST /v3/oauth2/token with NUL or oversized parameters', () => {
  const parameters = ['grant_type', 'client_id', 'client_secret', 'code', 'redirect_uri', 'code_verifier'];

  for (const [label, bad] of [
    ['NUL', '\0'],
    ['oversized', OVERSIZED],
  ] as const) {
    it(`answers invalid_request naming a ${label} parameter, form-encoded and JSON`, async () => {
      for (const parameter of parameters) {
        const fields = {
          grant_type: 'authorization_code',
          client_id: client.clientId,
          client_secret: client.clientSecret,
          code: 'some-code',
          redirect_uri: REDIRECT_URI,
          code_verifier: 'v'.repeat(43),
          [parameter]: bad,
        };
        for (const body of [new URLSearchParams(fields), JSON.stringify(fields)]) {
          const response = await api.fetch('/v3/oauth2/token', {
            method: 'POST',
            body,
            headers: typeof body === 'string' ? { 'content-type': 'application/json' } : {},
          });
          expect(response.status, `${parameter} ${typeof body}`).toBe(400);
          expect(await response.json()).toEqual({
            error: 'invalid_request',
            error_description: expect.stringContaining(parameter),
          });
        }
      }
    });
  }

  it('answers invalid_client for NUL in HTTP Basic credentials', async () => {
    for (const [id, secret] of [
      ['\0', 'x'],
      [client.clientId, 'se\0cret'],
    ]) {
      const response = await api.fetch('/v3/oauth2/token', {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_client');
    }
  });

  it('still serves tokens afterwards', async () => {
    expect(await api.token(client.clientId, client.clientSecret)).toEqual(expect.any(String));
  });
});
