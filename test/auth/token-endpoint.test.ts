import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';

let api: TestApi;
let orgGuid: string;
let client: { clientId: string; clientSecret: string };

beforeAll(async () => {
  api = await startTestApi();
  orgGuid = (await api.createOrg('Token Circuit')).guid;
  client = await api.createKey(orgGuid);
});
afterAll(() => api?.stop());

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function postToken(body: string | URLSearchParams, headers: Record<string, string> = {}) {
  return api.fetch('/v3/oauth2/token', { method: 'POST', body, headers });
}

function expectTokenHeaders(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('pragma')).toBe('no-cache');
}

async function expectToken(response: Response) {
  expect(response.status).toBe(200);
  expectTokenHeaders(response);
  const body: any = await response.json();
  expect(Object.keys(body)).toEqual(['token_type', 'access_token', 'expires_in']);
  expect(body).toMatchObject({ token_type: 'bearer', expires_in: 7200 });
  expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  return body.access_token as string;
}

async function expectOAuthError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expectTokenHeaders(response);
  const body: any = await response.json();
  expect(Object.keys(body)).toEqual(['error', 'error_description']);
  expect(body.error).toBe(error);
  expect(body.error_description).toEqual(expect.any(String));
  return body as { error: string; error_description: string };
}

describe('POST /v3/oauth2/token, client credentials', () => {
  it('issues a token for a form-encoded request, and the token opens the data routes', async () => {
    const token = await expectToken(
      await postToken(
        new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      ),
    );
    const seasons = await api.fetch('/seasons/', { headers: { authorization: `Bearer ${token}` } });
    expect(seasons.status).toBe(200);
  });

  it('issues a token for a JSON request, with a charset in the content type', async () => {
    await expectToken(
      await postToken(
        JSON.stringify({
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
        {
          'content-type': 'application/json; charset=utf-8',
        },
      ),
    );
  });

  it('issues a token for HTTP Basic client authentication', async () => {
    await expectToken(
      await postToken(new URLSearchParams({ grant_type: 'client_credentials' }), {
        authorization: basic(client.clientId, client.clientSecret),
      }),
    );
  });

  it('accepts Basic together with a matching client_id in the body', async () => {
    await expectToken(
      await postToken(new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId }), {
        authorization: basic(client.clientId, client.clientSecret),
      }),
    );
  });
});

describe('POST /v3/oauth2/token, errors (RFC 6749 §5.2)', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it('invalid_request without grant_type', async () => {
    await expectOAuthError(
      await postToken(form({ client_id: client.clientId, client_secret: client.clientSecret })),
      400,
      'invalid_request',
    );
  });

  it('invalid_request for a duplicated parameter', async () => {
    const body = `grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.clientSecret}&grant_type=client_credentials`;
    const error = await expectOAuthError(
      await postToken(body, { 'content-type': 'application/x-www-form-urlencoded' }),
      400,
      'invalid_request',
    );
    expect(error.error_description).toContain('grant_type');
  });

  it('invalid_request for a body that is neither form nor JSON', async () => {
    await expectOAuthError(
      await postToken('grant_type=client_credentials', { 'content-type': 'text/plain' }),
      400,
      'invalid_request',
    );
    await expectOAuthError(await postToken('grant_type=client_credentials'), 400, 'invalid_request');
  });

  it('invalid_request for malformed JSON and for non-string values', async () => {
    await expectOAuthError(
      await postToken('{"grant_type": "client_credentials",', { 'content-type': 'application/json' }),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await postToken('["client_credentials"]', { 'content-type': 'application/json' }),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await postToken(JSON.stringify({ grant_type: 'client_credentials', client_id: 5, client_secret: 'x' }), {
        'content-type': 'application/json',
      }),
      400,
      'invalid_request',
    );
  });

  it('invalid_request when the client authenticates both with Basic and in the body', async () => {
    await expectOAuthError(
      await postToken(
        form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
        {
          authorization: basic(client.clientId, client.clientSecret),
        },
      ),
      400,
      'invalid_request',
    );
  });

  it('invalid_client with a Basic challenge for a wrong secret, an unknown client, or no credentials', async () => {
    const attempts = [
      form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'wrong' }),
      form({ grant_type: 'client_credentials', client_id: 'no-such-client', client_secret: client.clientSecret }),
      form({ grant_type: 'client_credentials', client_id: client.clientId }),
      form({ grant_type: 'client_credentials' }),
    ];
    const descriptions: string[] = [];
    for (const body of attempts) {
      const response = await postToken(body);
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="competition-api"');
      descriptions.push((await expectOAuthError(response, 401, 'invalid_client')).error_description);
    }
    // An unknown client and a wrong secret read the same: the answer does not reveal which client ids exist.
    expect(descriptions[0]).toBe(descriptions[1]);
  });

  it('invalid_client for a wrong secret or a malformed header through Basic', async () => {
    const wrong = await postToken(form({ grant_type: 'client_credentials' }), {
      authorization: basic(client.clientId, 'wrong'),
    });
    expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="competition-api"');
    await expectOAuthError(wrong, 401, 'invalid_client');
    await expectOAuthError(
      await postToken(form({ grant_type: 'client_credentials' }), { authorization: 'Basic not!base64' }),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await postToken(form({ grant_type: 'client_credentials' }), { authorization: 'Bearer abc' }),
      401,
      'invalid_client',
    );
  });

  it('unsupported_grant_type for a grant this server does not offer', async () => {
    await expectOAuthError(
      await postToken(form({ grant_type: 'password', client_id: client.clientId, client_secret: client.clientSecret })),
      400,
      'unsupported_grant_type',
    );
  });

  it('unauthorized_client when a client without redirect URIs uses the authorization_code grant', async () => {
    const error = await expectOAuthError(
      await postToken(
        form({
          grant_type: 'authorization_code',
          code: 'x',
          redirect_uri: 'https://app.example/cb',
          code_verifier: 'v'.repeat(43),
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      ),
      400,
      'unauthorized_client',
    );
    expect(error.error_description).toContain('redirect');
  });

  it('shows the token endpoint in /openapi.json', async () => {
    const document: any = await (await api.fetch('/openapi.json')).json();
    expect(Object.keys(document.paths['/v3/oauth2/token'])).toEqual(['post']);
    expect(Object.keys(document.paths['/v3/oauth2/authorize']).sort()).toEqual(['get', 'post']);
  });
});
