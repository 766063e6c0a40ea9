import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitHeaders } from '../../server/api/auth/rate-limiter.js';
import { CLIENTS_PER_ADDRESS } from '../../server/api/auth/failure-limiter.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';

describe('rate limiter core (fixed window)', () => {
  it('counts per key, refuses past the limit and starts over when the window ends', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ requests: 2, windowSeconds: 10 }, () => now);
    expect(limiter.hit('a')).toMatchObject({ allowed: true, limit: 2, remaining: 1, resetSeconds: 10 });
    now += 2500;
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 8 });
    expect(limiter.hit('a')).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 8 });
    expect(limiter.hit('b')).toMatchObject({ allowed: true, remaining: 1 });
    now += 7500;
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 10 });
  });

  it('describes a decision with the IETF RateLimit fields, and Retry-After only when refused', () => {
    const allowed = { allowed: true, limit: 5, remaining: 4, resetSeconds: 30, windowSeconds: 60 };
    expect(rateLimitHeaders(allowed)).toEqual({
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '4',
      'RateLimit-Reset': '30',
      RateLimit: 'limit=5, remaining=4, reset=30',
      'RateLimit-Policy': '5;w=60',
    });
    expect(rateLimitHeaders({ ...allowed, allowed: false, remaining: 0 })['Retry-After']).toBe('30');
  });
});

describe('rate limits on the real server (3 requests per minute)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({
      env: {
        RATE_LIMIT_REQUESTS: '3',
        RATE_LIMIT_WINDOW_SECONDS: '60',
        TOKEN_RATE_LIMIT_REQUESTS: '3',
        TOKEN_RATE_LIMIT_WINDOW_SECONDS: '60',
      },
    });
  });
  afterAll(() => api?.stop());

  async function clientToken(name: string) {
    const org = await api.createOrg(name);
    const key = await api.createKey(org.guid);
    return api.token(key.clientId, key.clientSecret);
  }

  it('limits each application on the data routes, with RateLimit headers on every answer', async () => {
    const token = await clientToken('Busy Circuit');
    const headers = { authorization: `Bearer ${token}` };
    for (const remaining of [2, 1, 0]) {
      const response = await api.fetch('/seasons/', { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('3');
      expect(response.headers.get('ratelimit-remaining')).toBe(String(remaining));
      expect(response.headers.get('ratelimit')).toMatch(new RegExp(`^limit=3, remaining=${remaining}, reset=\\d+$`));
      expect(response.headers.get('retry-after')).toBeNull();
    }
    const refused = await api.fetch('/seasons/', { headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    expect(await refused.json()).toMatchObject({ status: 429, title: 'Too Many Requests', code: 'rate_limited' });

    // Another application has its own allowance.
    const other = await clientToken('Quiet Circuit');
    expect((await api.fetch('/seasons/', { headers: { authorization: `Bearer ${other}` } })).status).toBe(200);
  });

  const ATTACKER = '127.0.0.2';
  const CLIENT = '127.0.0.3';

  function tokenRequest(clientId: string, secret: string, localAddress: string) {
    return api.fetch('/v3/oauth2/token', {
      method: 'POST',
      localAddress,
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
    });
  }

  it('never locks a client out from another address: failures count per address and per client and address', async () => {
    const org = await api.createOrg('Targeted Circuit');
    const key = await api.createKey(org.guid);
    // The attacker knows the client id and spends every failure its address has, and more.
    for (let i = 0; i < 3; i++) expect((await tokenRequest(key.clientId, `wrong-${i}`, ATTACKER)).status).toBe(401);
    const refused = await tokenRequest(key.clientId, 'wrong-again', ATTACKER);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({
      error: 'too_many_requests',
      error_description: expect.stringMatching(/retry in \d+ seconds/),
    });
    // Past its limit the attacker's address is refused even with the right secret: a guess must not be told apart.
    expect((await tokenRequest(key.clientId, key.clientSecret, ATTACKER)).status).toBe(429);
    // The real client, from its own address, still gets tokens, again and again.
    for (let i = 0; i < 5; i++) expect((await tokenRequest(key.clientId, key.clientSecret, CLIENT)).status).toBe(200);
  });

  it('does not count a correct secret as a failure', async () => {
    const org = await api.createOrg('Careful Circuit');
    const key = await api.createKey(org.guid);
    const address = '127.0.0.4';
    expect((await tokenRequest(key.clientId, 'wrong-1', address)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await tokenRequest(key.clientId, key.clientSecret, address)).status).toBe(200);
    expect((await tokenRequest(key.clientId, 'wrong-2', address)).status).toBe(401);
    expect((await tokenRequest(key.clientId, key.clientSecret, address)).status).toBe(200);
  });

  it('limits failures naming made-up clients per remote address, whichever ids they name', async () => {
    const address = '127.0.0.5';
    for (let i = 0; i < 3 * CLIENTS_PER_ADDRESS; i++)
      expect((await tokenRequest(`made-up-${i}`, 'guess', address)).status).toBe(401);
    expect((await tokenRequest('made-up-last', 'guess', address)).status).toBe(429);
    expect((await tokenRequest('made-up-last', 'guess', '127.0.0.6')).status).toBe(401);
  });

  it('limits failed sign-ins per address and per account and address, never the user from another address', async () => {
    const org = await api.createOrg('Sign-in Circuit');
    const key = await api.createKey(org.guid, { redirectUris: ['https://scores.example/cb'] });
    await api.createUser(org.guid, 'judge@example.com', 'the right password');
    const attempt = (password: string, localAddress: string) =>
      api.fetch('/v3/oauth2/authorize', {
        method: 'POST',
        localAddress,
        body: new URLSearchParams({
          response_type: 'code',
          client_id: key.clientId,
          redirect_uri: 'https://scores.example/cb',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          email: 'judge@example.com',
          password,
        }),
      });
    for (let i = 0; i < 3; i++) expect((await attempt(`guess ${i}`, ATTACKER)).status).toBe(200);
    const refused = await attempt('one more guess', ATTACKER);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await refused.text()).toMatch(/role="alert">Too many sign-in attempts/);
    expect((await attempt('the right password', ATTACKER)).status).toBe(429);
    // The judge, from another address, signs in; right passwords are not failures, so again and again.
    for (let i = 0; i < 4; i++) expect((await attempt('the right password', CLIENT)).status).toBe(302);
  });
});
