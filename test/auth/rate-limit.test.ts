import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitHeaders } from '../../server/api/auth/rate-limiter.js';
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
      env: { RATE_LIMIT_REQUESTS: '3', RATE_LIMIT_WINDOW_SECONDS: '60', TOKEN_RATE_LIMIT_REQUESTS: '3', TOKEN_RATE_LIMIT_WINDOW_SECONDS: '60' },
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

  it('limits token requests per client, counting failed attempts too', async () => {
    const org = await api.createOrg('Guessing Circuit');
    const key = await api.createKey(org.guid);
    const attempt = (secret: string) =>
      api.fetch('/v3/oauth2/token', {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: secret }),
      });
    expect((await attempt('wrong-1')).status).toBe(401);
    expect((await attempt('wrong-2')).status).toBe(401);
    expect((await attempt(key.clientSecret)).status).toBe(200);
    const refused = await attempt(key.clientSecret);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({ error: 'too_many_requests', error_description: expect.stringMatching(/retry in \d+ seconds/) });
  });

  it('limits token requests naming unknown clients per remote address', async () => {
    const attempt = (clientId: string) =>
      api.fetch('/v3/oauth2/token', {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: 'guess' }),
      });
    for (const id of ['made-up-1', 'made-up-2', 'made-up-3']) expect((await attempt(id)).status).toBe(401);
    expect((await attempt('made-up-4')).status).toBe(429);
  });

  it('limits sign-in attempts on the authorization page per remote address', async () => {
    const org = await api.createOrg('Sign-in Circuit');
    const key = await api.createKey(org.guid, { redirectUris: ['https://scores.example/cb'] });
    const attempt = () =>
      api.fetch('/v3/oauth2/authorize', {
        method: 'POST',
        body: new URLSearchParams({
          response_type: 'code',
          client_id: key.clientId,
          redirect_uri: 'https://scores.example/cb',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          email: 'someone@example.com',
          password: 'a guessed password',
        }),
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(200);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await refused.text()).toMatch(/role="alert">Too many sign-in attempts/);
  });
});
