import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { createSeason } from '../helpers/setup-writes.js';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.stop());

async function newClientToken(name: string) {
  const org = await api.createOrg(name);
  const key = await api.createKey(org.guid);
  return { org, token: await api.token(key.clientId, key.clientSecret) };
}

async function expectUnauthorized(response: Response, challenge: string, code: string) {
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe(challenge);
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  const body = await response.json();
  expect(body).toMatchObject({ status: 401, title: 'Unauthorized', code });
  return body;
}

const REALM = 'Bearer realm="competition-api"';

describe('bearer authentication of the data routes (real HTTPS server)', () => {
  it('answers a request without Authorization with the bare Bearer challenge', async () => {
    await expectUnauthorized(await api.fetch('/seasons/'), REALM, 'missing_token');
  });

  it('treats another scheme like no bearer credentials at all (RFC 6750 §3.1)', async () => {
    await expectUnauthorized(
      await api.fetch('/seasons/', { headers: { authorization: 'Basic YTpi' } }),
      REALM,
      'missing_token',
    );
  });

  it('answers malformed, forged and unknown tokens with error="invalid_token"', async () => {
    const { token } = await newClientToken('Forgery Circuit');
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), org: 999 }),
    ).toString('base64url');
    const badTokens = [
      'Bearer',
      'Bearer not a token',
      'Bearer ""',
      'Bearer abc.def.ghi',
      `Bearer ${header}.${forgedPayload}.${token.split('.')[2]}`,
      `Bearer ${Buffer.from('{"alg":"none","kid":"hs256-1"}').toString('base64url')}.${payload}.`,
    ];
    for (const authorization of badTokens) {
      const response = await api.fetch('/seasons/', { headers: { authorization } });
      const challenge = response.headers.get('www-authenticate') ?? '';
      expect(challenge, authorization).toMatch(
        /^Bearer realm="competition-api", error="invalid_token", error_description="[^"\\]+"$/,
      );
      await expectUnauthorized(response, challenge, 'invalid_token');
    }
  });

  it('gives each token its own organization: data of one circuit is invisible to the other', async () => {
    const a = await newClientToken('Circuit A');
    const b = await newClientToken('Circuit B');
    await createSeason(api.services.database.db, a.org.id, {
      name: 'Only in A',
      year: 2027,
      startDate: '2026-08-01',
      endDate: '2027-05-31',
    });

    const checkA = await api.services.tokens.verify(a.token);
    expect(checkA).toMatchObject({ ok: true, auth: { orgId: a.org.id, orgGuid: a.org.guid } });

    const seasonsA: any = await (
      await api.fetch('/seasons/', { headers: { authorization: `Bearer ${a.token}` } })
    ).json();
    const seasonsB: any = await (
      await api.fetch('/seasons/', { headers: { authorization: `Bearer ${b.token}` } })
    ).json();
    expect(seasonsA.data.map((s: { name: string }) => s.name)).toEqual(['Only in A']);
    expect(seasonsB.data).toEqual([]);
  });

  it('answers plain HTTP on the HTTPS port with a JSON error', async () => {
    const { port } = new URL(api.url);
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/seasons/' }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, type: response.headers['content-type']!, body }),
          );
        })
        .on('error', reject);
    });
    expect(answer.status).toBe(400);
    expect(answer.type).toContain('json');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'https_required' });
  });
});
