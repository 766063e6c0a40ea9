import { describe, expect, it } from 'vitest';
import { gate, harnessPerTest, TEST_ORGANIZATION, until, type Harness } from './harness.js';

const harnesses = harnessPerTest();
const harness = harnesses.start;

const failures = (harness: Harness) => harness.logs.filter((line) => line.msg === 'upstream failure');

describe('tokens', () => {
  it('50 concurrent reads while the token is being fetched cause exactly one token request', async () => {
    // 50 connections can take seconds to open on a busy machine: the held token request must outlast them
    const { upstream, bff, get } = await harness({ upstreamTimeoutMs: 60_000 });
    const tokenGate = gate();
    upstream.holdTokens = tokenGate.promise;
    const answers = Array.from({ length: 50 }, (_, i) => get(`/api/2018-03/competitions?year=${2000 + i}`));
    await until(() => upstream.tokenRequests >= 1);
    // all 50 at the BFF, waiting on the same token promise (nothing between a request's arrival and that wait is I/O)
    await until(() => bff.requestsInProgress() === 50);
    tokenGate.open();

    const results = await Promise.all(answers);
    expect(results.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(upstream.tokenRequests).toBe(1);
    const bearers = new Set(upstream.readLog.map((read) => read.headers.authorization));
    expect(bearers.size).toBe(1);
  });

  it('asks for no new token before expiry and for one at expiry', async () => {
    const { upstream, clock, get } = await harness({ cacheTtlMs: 0 });
    upstream.expiresIn = 60;
    expect((await get('/api/events/')).status).toBe(200);
    clock.advance(59_999);
    expect((await get('/api/events/')).status).toBe(200);
    expect(upstream.tokenRequests).toBe(1);

    clock.advance(1);
    expect((await get('/api/events/')).status).toBe(200);
    expect(upstream.tokenRequests).toBe(2);
    // the expired token was never sent: every read was accepted at the first try
    expect(upstream.readLog.map((read) => read.status)).not.toContain(401);
  });

  it('recovers from a 401 with exactly one new token and one retry', async () => {
    const { upstream, get } = await harness();
    expect((await get('/api/events/1')).status).toBe(200);
    upstream.revokeAll();

    const answer = await get('/api/events/2');
    expect(answer.status).toBe(200);
    expect(answer.json().id).toBe(2);
    expect(upstream.tokenRequests).toBe(2);
    expect(upstream.readLog.filter((read) => read.path === '/events/2').map((read) => read.status)).toEqual([401, 200]);
  });

  it('a second 401 is an error, not a loop', async () => {
    const { upstream, get } = await harness();
    expect((await get('/api/events/1')).status).toBe(200);
    upstream.revokeAll();
    upstream.revokeOnIssue = true;

    const answer = await get('/api/events/2');
    expect(answer.status).toBe(502);
    expect(answer.json()).toMatchObject({ status: 502, code: 'upstream_token_rejected' });
    expect(upstream.tokenRequests).toBe(2);
    expect(upstream.readsOf('/events/2')).toBe(2);
    expect(failures(harnesses.current())).toHaveLength(1);
  });

  it('concurrent 401s share one token renewal', async () => {
    const { upstream, get } = await harness({ upstreamTimeoutMs: 60_000 });
    expect((await get('/api/events/1')).status).toBe(200);
    upstream.revokeAll();
    const readGate = gate();
    upstream.holdReads = readGate.promise;
    const answers = Array.from({ length: 20 }, (_, i) => get(`/api/2018-03/competitions?year=${2000 + i}`));
    await until(() => upstream.readLog.length >= 21);
    upstream.holdReads = undefined;
    readGate.open();

    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(upstream.tokenRequests).toBe(2);
  });

  it('does not cache a failed token request', async () => {
    const { upstream, get } = await harness();
    upstream.token = 503;
    const first = await get('/api/events/');
    expect(first.status).toBe(503);
    expect(first.json().code).toBe('upstream_unavailable');

    upstream.token = 'ok';
    expect((await get('/api/events/')).status).toBe(200);
    expect(upstream.tokenRequests).toBe(2);
  });

  it('answers 502 naming refused credentials, without revealing them', async () => {
    const { upstream, get } = await harness();
    upstream.token = 'refuse';
    const answer = await get('/api/events/');
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json()).toMatchObject({ status: 502, code: 'bff_credentials_refused' });
    expect(answer.json().detail).toMatch(/refused this server's API credentials/);
    expect(answer.body).not.toContain(upstream.clientId);
    expect(upstream.readLog).toHaveLength(0);

    const [line] = failures(harnesses.current());
    expect(line).toMatchObject({ level: 'warn', reason: 'credentials_refused', upstreamStatus: 401, path: '/events/' });
    expect(JSON.stringify(harnesses.current().logs)).not.toContain(upstream.clientId);
  });
});

describe('protecting the upstream', () => {
  it('coalesces identical concurrent reads into one upstream call', async () => {
    const { upstream, bff, get } = await harness({ cacheTtlMs: 0, upstreamTimeoutMs: 60_000 });
    const readGate = gate();
    upstream.holdReads = readGate.promise;
    const answers = Array.from({ length: 20 }, () => get('/api/events/'));
    await until(() => upstream.readLog.length >= 1 && bff.requestsInProgress() === 20);
    readGate.open();

    const results = await Promise.all(answers);
    expect(results.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((answer) => answer.body)).size).toBe(1);
    expect(upstream.readsOf('/events/')).toBe(1);
  });

  it('serves from its cache while fresh', async () => {
    const { upstream, clock, get } = await harness({ cacheTtlMs: 5000 });
    expect((await get('/api/events/')).headers['x-bff-cache']).toBe('MISS');
    clock.advance(4999);
    const second = await get('/api/events/');
    expect(second.status).toBe(200);
    expect(second.headers['x-bff-cache']).toBe('HIT');
    expect(upstream.readsOf('/events/')).toBe(1);
  });

  it('revalidates with If-None-Match after the fresh window; a 304 keeps the saved body', async () => {
    const { upstream, clock, get } = await harness({ cacheTtlMs: 5000 });
    const first = await get('/api/events/');
    clock.advance(5000);
    const second = await get('/api/events/');
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-bff-cache']).toBe('REVALIDATED');
    const [, revalidation] = upstream.readLog.filter((read) => read.path === '/events/');
    expect(revalidation.headers['if-none-match']).toBe(first.headers.etag);
    expect(revalidation.status).toBe(304);

    // a 304 restarts the fresh window
    clock.advance(4999);
    expect((await get('/api/events/')).headers['x-bff-cache']).toBe('HIT');

    upstream.version = 2;
    clock.advance(1);
    const changed = await get('/api/events/');
    expect(changed.headers['x-bff-cache']).toBe('MISS');
    expect(changed.json().data[0].name).toBe('Event 1 v2');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it("answers the browser's conditional request with 304 from its own copy", async () => {
    const { upstream, get } = await harness();
    const first = await get('/api/events/');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/events/', { 'if-none-match': first.headers.etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(upstream.readsOf('/events/')).toBe(1);
    // the browser's validator is never sent upstream
    expect(upstream.readLog.every((read) => read.headers['if-none-match'] === undefined)).toBe(true);
  });

  for (const [outage, behaviour] of [
    ['connection reset', 'reset'],
    ['timeout', 'hang'],
    ['503', 503],
    ['500', 500],
    ['429', 429],
  ] as const) {
    it(`serves the last good answer marked stale during an outage (${outage})`, async () => {
      const { upstream, clock, get } = await harness({ cacheTtlMs: 5000, upstreamTimeoutMs: 300 });
      const good = await get('/api/events/');
      clock.advance(65_000);
      upstream.reads = behaviour;

      const stale = await get('/api/events/');
      expect(stale.status).toBe(200);
      expect(stale.body).toBe(good.body);
      expect(stale.headers['x-bff-stale']).toBe('1');
      expect(stale.headers['x-bff-cache']).toBe('STALE');
      expect(stale.headers.age).toBe('65');
      const [line] = failures(harnesses.current());
      expect(line).toMatchObject({ served: 'stale', path: '/events/' });
    });
  }

  it('answers 503 when the upstream is down and nothing is saved', async () => {
    const { upstream, get } = await harness();
    upstream.reads = 'reset';
    const answer = await get('/api/events/');
    expect(answer.status).toBe(503);
    expect(answer.json()).toMatchObject({ status: 503, code: 'upstream_unavailable' });
    expect(answer.json().detail).toMatch(/no saved copy/);
    expect(failures(harnesses.current())).toHaveLength(1);
  });

  it('answers 502, not "unavailable", when the upstream fails with a 500 and nothing is saved', async () => {
    const { upstream, get } = await harness();
    upstream.reads = 500;
    const failed = await get('/api/events/');
    expect(failed.status).toBe(502);
    expect(failed.json()).toMatchObject({ status: 502, code: 'upstream_failed' });
    expect(failed.json().detail).toMatch(/failed on this request \(500\).*no saved copy/);

    upstream.reads = 'ok';
    upstream.token = 500;
    upstream.revokeAll();
    const tokenFailed = await get('/api/events/1');
    expect(tokenFailed.status).toBe(502);
    expect(tokenFailed.json().code).toBe('upstream_failed');
  });

  it('answers 504 when the upstream hangs and nothing is saved, within the timeout', async () => {
    const { upstream, get } = await harness({ upstreamTimeoutMs: 300 });
    upstream.reads = 'hang';
    const started = Date.now();
    const answer = await get('/api/events/');
    expect(answer.status).toBe(504);
    expect(answer.json()).toMatchObject({ status: 504, code: 'upstream_timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 503 with Retry-After on a 429, then leaves the upstream alone until then', async () => {
    const { upstream, clock, get } = await harness({ cacheTtlMs: 0 });
    upstream.reads = 429;
    upstream.retryAfter = '30';
    const limited = await get('/api/events/');
    expect(limited.status).toBe(503);
    expect(limited.headers['retry-after']).toBe('30');
    expect(limited.json().code).toBe('upstream_rate_limited');

    const readsBefore = upstream.readLog.length;
    clock.advance(10_000);
    const paused = await get('/api/events/1');
    expect(paused.status).toBe(503);
    expect(paused.headers['retry-after']).toBe('20');
    expect(upstream.readLog.length).toBe(readsBefore);

    upstream.reads = 'ok';
    clock.advance(20_000);
    expect((await get('/api/events/1')).status).toBe(200);
  });

  it('passes upstream 4xx through unchanged and does not save them', async () => {
    const { upstream, get } = await harness();
    const missing = await get('/api/events/99');
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, code: 'not_found', detail: 'Event 99 was not found' });
    expect((await get('/api/events/99')).status).toBe(404);
    expect(upstream.readsOf('/events/99')).toBe(2);

    const bad = await get('/api/2018-03/competitions?year=abc');
    expect(bad.status).toBe(400);
    expect(bad.json().code).toBe('invalid_parameter');
    expect(failures(harnesses.current())).toHaveLength(0);
  });

  it('keeps the query string and answers each query separately', async () => {
    const { upstream, get } = await harness();
    const answer = await get('/api/2018-03/competitions?year=2026&includePractice=true');
    expect(answer.json()).toEqual([{ CompetitionName: 'Regional 2026 v1' }]);
    expect(upstream.readsOf(`/2018-03/competitions?year=2026&includePractice=true&o=${TEST_ORGANIZATION}`)).toBe(1);
    expect((await get('/api/2018-03/competitions?year=2025')).json()[0].CompetitionName).toBe('Regional 2025 v1');
  });

  it('answers 503 when the upstream port is closed', async () => {
    const { get } = await harness({ apiBaseUrl: 'https://127.0.0.1:9' });
    const answer = await get('/api/events/');
    expect(answer.status).toBe(503);
    expect(answer.json().code).toBe('upstream_unavailable');
  });

  it("answers 502 naming the fix when the upstream's certificate is not trusted", async () => {
    const { get, upstream } = await harness({ apiCa: undefined });
    const answer = await get('/api/events/');
    expect(answer.status).toBe(502);
    expect(answer.json()).toMatchObject({ code: 'upstream_tls_untrusted' });
    expect(answer.json().detail).toContain('API_CA_FILE');
    expect(upstream.tokenRequests).toBe(0);
  });
});

describe('what crosses the BFF', () => {
  it("forwards Accept but not the browser's cookies or authorization", async () => {
    const { upstream, get } = await harness();
    await get('/api/events/', {
      accept: 'application/json',
      cookie: 'session=browser',
      authorization: 'Bearer browser-token',
    });
    const [read] = upstream.readLog;
    expect(read.headers.accept).toBe('application/json');
    expect(read.headers.cookie).toBeUndefined();
    expect(read.headers.authorization).toMatch(/^Bearer tok_/);
  });

  it('relays content-type, etag, x-total-count and rewritten links, and nothing else of the upstream', async () => {
    const { upstream, get } = await harness();
    const answer = await get('/api/events/');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.etag).toMatch(/^"v1-/);
    expect(answer.headers['x-total-count']).toBe('12');
    expect(answer.headers.link).toBe('</api/events/?limit=2&offset=2>; rel="next"');
    expect(answer.headers['cache-control']).toBe('no-cache');
    for (const name of ['set-cookie', 'www-authenticate', 'ratelimit-remaining', 'x-upstream-internal']) {
      expect(answer.headers[name]).toBeUndefined();
    }
    expect(answer.body).not.toContain(upstream.url);
    expect((await get('/api/groups/')).headers.link).toBe('</api/groups/?offset=100>; rel="next"');
  });

  it('never shows the secret or a token, whatever happens', async () => {
    const { upstream, get, clock } = await harness({ upstreamTimeoutMs: 300 });
    await get('/api/events/');
    upstream.revokeAll();
    await get('/api/events/1');
    upstream.token = 'refuse';
    upstream.revokeAll();
    await get('/api/events/2');
    upstream.token = 500;
    await get('/api/groups/');
    upstream.token = 'ok';
    upstream.reads = 500;
    clock.advance(10_000);
    await get('/api/events/');
    await get('/api/health');
    expect(upstream.issued.length).toBeGreaterThanOrEqual(2);
    harnesses.current().expectNothingLeaked();
  });
});

describe('the allow-list', () => {
  const refusals: Array<[string, string, number, string]> = [
    ['GET', '/api/v3/oauth2/token', 404, 'not_an_allowed_read'],
    // A GET of the API's document, but the sign-in page (HTML), not a read.
    ['GET', '/api/v3/oauth2/authorize', 404, 'not_an_allowed_read'],
    ['POST', '/api/v3/oauth2/token', 404, 'not_an_allowed_read'],
    ['GET', '/api/events/1/competitions', 404, 'not_an_allowed_read'],
    ['GET', '/api/openapi.json', 404, 'not_an_allowed_read'],
    ['GET', '/api', 404, 'not_an_allowed_read'],
    // A documented write, but not from this site's pages (no Fetch Metadata, no Origin): decision 087.
    ['POST', '/api/events/', 403, 'cross_site_request'],
    ['DELETE', '/api/v3/groups', 405, 'method_not_allowed'],
    ['GET', '/api/../v3/oauth2/token', 404, 'path_not_allowed'],
    ['GET', '/api/events/1/../../v3/oauth2/token', 404, 'path_not_allowed'],
    ['GET', '/api/%2e%2e/v3/oauth2/token', 404, 'path_not_allowed'],
    ['GET', '/api/groups/1%2Fperformances', 404, 'path_not_allowed'],
    ['GET', '/api/groups/1%2F..%2F..%2Fv3%2Foauth2%2Ftoken', 404, 'path_not_allowed'],
    ['GET', '/api//events/', 404, 'path_not_allowed'],
    ['GET', '/api/events/./1', 404, 'path_not_allowed'],
  ];

  it('refuses everything but the listed reads, without calling the upstream', async () => {
    const { upstream, raw } = await harness();
    for (const [method, target, status, code] of refusals) {
      const answer = await raw(target, method);
      expect({ target, method, status: answer.status }).toEqual({ target, method, status });
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(answer.json().code).toBe(code);
      if (status === 405) expect(answer.headers.allow).toBe('GET, HEAD');
    }
    expect(upstream.tokenRequests).toBe(0);
    expect(upstream.readLog).toHaveLength(0);
  });

  it('suggests the trailing slash the v4 lists need', async () => {
    const { raw } = await harness();
    const answer = await raw('/api/events');
    expect(answer.status).toBe(404);
    expect(answer.json().detail).toContain('Did you mean /api/events/?');
  });

  it('forwards each listed read shape', async () => {
    const { upstream, raw } = await harness();
    const allowed = [
      '/events/',
      '/events/7',
      '/groups/',
      '/groups/7',
      '/groups/7/performances',
      '/divisions/',
      '/seasons/',
      '/standings/',
      '/competitions/7/schedule',
      '/competitions/7/scores',
      '/v3/seasons',
      '/v3/seasons/abc-123',
      '/v3/events',
      '/v3/events/7',
      '/v3/groups',
      '/v3/groups/7/events',
      '/v3/divisions',
      '/2018-03/competitions',
      '/2018-03/performances',
      '/2018-03/groups',
    ];
    for (const path of allowed) {
      const answer = await raw(`/api${path}?x=1`);
      expect([200, 404]).toContain(answer.status);
      if (answer.status === 404) expect(answer.json().code).toBe('not_found'); // the fake upstream's, not the BFF's
    }
    // v2's listings also name the organization (organization.test.ts).
    const named = (path: string) =>
      path === '/2018-03/competitions' || path === '/2018-03/groups' ? `&o=${TEST_ORGANIZATION}` : '';
    expect(upstream.readLog.map((read) => read.path)).toEqual(allowed.map((path) => `${path}?x=1${named(path)}`));
  });
});
