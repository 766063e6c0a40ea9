/**
 * Signing in through the BFF (decisions 086, 087), over the real BFF and the real API: the API's own sign-in page
 * driven with fetch as a browser would, the session cookie carried by hand. Covers the round trip and the cookie's
 * flags, a session across a BFF restart and across two instances, writes forwarded with the user's token (the audit
 * names the user), the API's refusals passed through, the CSRF check, the 401s a page acts on, and that a person's
 * own reads never reach another through the shared cache. No token or secret in anything a script sees.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/api/auth/users.js';
import { defineBffConfig, type BffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { createSessionSealer, SESSION_COOKIE, type Session } from '../../server/bff/session/session.js';
import { safeReturnTo } from '../../server/bff/session/sign-in.js';
import { findApplicationByClientId } from '../../server/api/db/repositories/applications.js';
import { findOrganizationByGuid } from '../../server/api/db/repositories/organizations.js';
import { ensureSessionSecret, ensureSignInClient } from '../../server/start/embedded-setup.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { cookiesOf, sameOrigin, signedInBrowser, signInBffConfig, valueOf } from './signed-in-browser.js';

const SECRET = 'a session secret for the sign-in tests and long enough';
const PASSWORD = 'a long press-box password';
const ADMIN = { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'administrator' as const };
const JUDGE = { email: 'judge@example.com', firstName: 'Jo', lastName: 'Judge', role: 'judge' as const };

let api: TestApi;
let apiClockOffsetMs = 0;
let config: BffConfig;
let bff: RunningBff;
let adminId: number;
let readKeySecret: string;
let signInSecret: string;
/** the browser of these tests: its `seen` is every answer, to look for tokens and secrets in at the end */
let browser: ReturnType<typeof signedInBrowser>;
const send: ReturnType<typeof signedInBrowser>['send'] = (...args) => browser.send(...args);
const signIn = (email: string, returnTo?: string, base = bff.url) => browser.signIn(email, base, returnTo);

async function bffWith(overrides: Partial<Parameters<typeof defineBffConfig>[0]>, now?: () => number) {
  return startBff(defineBffConfig({ ...config, ...overrides }), { now, log: () => {} });
}

beforeAll(async () => {
  api = await startTestApi({ now: () => Date.now() + apiClockOffsetMs });
  const org = await api.createOrg('Sign-in Circuit');
  ({ config, readKeySecret, signInSecret } = await signInBffConfig(api, org, SECRET));
  browser = signedInBrowser(api, { password: PASSWORD, secrets: [signInSecret] });
  const { db } = api.services.database;
  adminId = (await createUser(db, { orgId: org.id, password: PASSWORD, ...ADMIN })).id;
  await createUser(db, { orgId: org.id, password: PASSWORD, ...JUDGE });
  bff = await startBff(config, { log: () => {} });
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await api?.stop();
});

describe('sign-in through the BFF', () => {
  it('signs in on the API’s page and back, with only an HttpOnly, Secure, SameSite=Lax session cookie', async () => {
    const { answer, cookie } = await signIn(ADMIN.email, '/seasons?x=1');
    expect(answer.headers.get('location')).toBe('/seasons?x=1');
    const cookies = cookiesOf(answer);
    const session = cookies.get(SESSION_COOKIE)!;
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(session).toContain(flag);
    expect(session).not.toMatch(/Domain=/i);
    // The one cookie a script may read says "signed in" and nothing more.
    expect(cookies.get('mr_signed_in')).toMatch(/^mr_signed_in=1; Path=\/; Max-Age=\d+; Secure; SameSite=Lax$/);
    expect(cookies.get('__Host-mr_sign_in')).toMatch(/Max-Age=0/);
    // Sealed: an encrypted JWE (dir, A256GCM), not the token.
    const sealed = valueOf(session);
    expect(sealed.split('.')).toHaveLength(5);
    const opened = await createSessionSealer([SECRET]).open<Session>('session', sealed);
    expect(opened?.token).toMatch(/^ey/);
    expect(sealed).not.toContain(opened!.token);
    const me = await send(bff.url, '/api/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: ADMIN.email, firstName: 'Ada', lastName: 'Admin' },
      role: 'administrator',
    });
  });

  it('never sends a person elsewhere after signing in (no open redirect)', async () => {
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'evil', '/auth/sign-out', ''])
      expect(safeReturnTo(target), target).toBe('/');
    expect(safeReturnTo('/competitions/abc?view=full#top')).toBe('/competitions/abc?view=full#top');
    const { answer } = await signIn(ADMIN.email, '//evil.example/steal');
    expect(answer.headers.get('location')).toBe('/');
    // The banner's static link: back to the page it was followed from, when that page is this site's.
    for (const [referer, expected] of [
      [`${bff.url}/groups/Blue%20Knights?id=7`, '/groups/Blue%20Knights?id=7'],
      ['https://evil.example/page', '/'],
    ]) {
      const start = await send(bff.url, '/auth/sign-in', { headers: { accept: 'text/html', referer } });
      const pending = await createSessionSealer([SECRET]).open<{ returnTo: string }>(
        'sign-in',
        valueOf(cookiesOf(start).get('__Host-mr_sign_in')!),
      );
      expect(pending?.returnTo, referer).toBe(expected);
    }
  });

  it('refuses a callback that this browser did not start, or with another state', async () => {
    const noCookie = await send(bff.url, '/auth/callback?code=abc&state=def', { headers: { accept: 'text/html' } });
    expect(noCookie.status).toBe(400);
    expect(noCookie.body).toContain('Sign-in did not complete');
    const start = await send(bff.url, '/auth/sign-in', { headers: { accept: 'text/html' } });
    const pending = valueOf(cookiesOf(start).get('__Host-mr_sign_in')!);
    const wrong = await send(bff.url, '/auth/callback?code=abc&state=not-the-one', {
      headers: { cookie: `__Host-mr_sign_in=${pending}` },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'sign_in_state_mismatch' });
  });

  it('keeps the session across a BFF restart and on a second instance with the same secret', async () => {
    const { cookie } = await signIn(ADMIN.email);
    await bff.close();
    bff = await startBff(config, { log: () => {} });
    const afterRestart = await send(bff.url, '/api/me', { headers: { cookie } });
    expect(afterRestart.json()).toMatchObject({ user: { email: ADMIN.email } });
    const second = await bffWith({ port: 0 });
    try {
      const there = await send(second.url, '/api/me', { headers: { cookie } });
      expect(there.status).toBe(200);
      expect(there.json()).toMatchObject({ user: { email: ADMIN.email }, role: 'administrator' });
    } finally {
      await second.close();
    }
    // Another secret opens nothing: the cookie is a fan's, and /me answers the read-only key.
    const stranger = await bffWith({ port: 0, sessionSecrets: 'another secret of thirty-two characters!!' });
    try {
      const there = await send(stranger.url, '/api/me', { headers: { cookie } });
      expect(there.json()).toMatchObject({ user: null, key: { readOnly: true } });
    } finally {
      await stranger.close();
    }
  });

  it('forwards a documented write with the user’s token: the API records the user; a retry applies once', async () => {
    const { cookie } = await signIn(ADMIN.email);
    const body = JSON.stringify({ name: 'Signed-in Season', startDate: '2027-01-01', endDate: '2027-04-30' });
    const headers = sameOrigin(cookie, { 'idempotency-key': 'season-create-1' });
    const created = await send(bff.url, '/api/seasons/', { method: 'POST', headers, body });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    const again = await send(bff.url, '/api/seasons/', { method: 'POST', headers, body });
    expect(again.status).toBe(201);
    expect(again.json()).toEqual(created.json());

    const audit = await send(bff.url, '/api/audit/', { headers: { cookie } });
    expect(audit.status).toBe(200);
    const entries = (audit.json() as { data: { action: string; actor: { kind: string; id: number } }[] }).data;
    const creates = entries.filter((entry) => entry.action.startsWith('season.'));
    expect(creates).toHaveLength(1);
    expect(creates[0].actor).toMatchObject({ kind: 'user', id: String(adminId), name: 'Ada Admin' });
  });

  it('passes the API’s refusal through: a judge may not set up a season', async () => {
    const { cookie } = await signIn(JUDGE.email);
    const refused = await send(bff.url, '/api/seasons/', {
      method: 'POST',
      headers: sameOrigin(cookie),
      body: JSON.stringify({ name: 'Not mine', startDate: '2027-01-01', endDate: '2027-04-30' }),
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_required', permission: 'set-up' });
  });

  it('refuses a write from another site (CSRF), by Fetch Metadata or, without it, by Origin', async () => {
    const { cookie } = await signIn(ADMIN.email);
    const body = JSON.stringify({ name: 'Forged', startDate: '2027-01-01', endDate: '2027-04-30' });
    // What a browser sends for a form on another site posting here.
    const forged = await send(bff.url, '/api/seasons/', {
      method: 'POST',
      headers: {
        cookie,
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'name=Forged&startDate=2027-01-01&endDate=2027-04-30',
    });
    expect(forged.status).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'cross_site_request' });
    const elsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      {},
      { origin: 'null' },
    ];
    for (const headers of elsewhere) {
      const refused = await send(bff.url, '/api/seasons/', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body,
      });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
    }
    const signOut = await send(bff.url, '/auth/sign-out', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(signOut.status).toBe(403);
    // An old browser without Fetch Metadata, on this site: its Origin is this BFF's own.
    const own = await send(bff.url, '/api/seasons/', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: new URL(bff.url).origin },
      body: JSON.stringify({ name: 'From an old browser', startDate: '2027-01-01', endDate: '2027-04-30' }),
    });
    expect(own.status).toBe(201);
  });

  it('answers 401 sign_in_required to a write without a session, and forwards no undocumented write', async () => {
    const body = JSON.stringify({ name: 'Anonymous', startDate: '2027-01-01', endDate: '2027-04-30' });
    const anonymous = await send(bff.url, '/api/seasons/', { method: 'POST', headers: sameOrigin(''), body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'sign_in_required' });
    const { cookie } = await signIn(ADMIN.email);
    const token = await send(bff.url, '/api/v3/oauth2/token', { method: 'POST', headers: sameOrigin(cookie), body });
    expect(token.status).toBe(404);
    const readOnly = await send(bff.url, '/api/events/', { method: 'DELETE', headers: sameOrigin(cookie) });
    expect(readOnly.status).toBe(405);
    const wrongMethod = await send(bff.url, '/api/seasons/', { method: 'DELETE', headers: sameOrigin(cookie) });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('answers 401 session_expired when the token has expired, by the BFF’s clock or the API’s', async () => {
    const { cookie } = await signIn(ADMIN.email);
    const body = JSON.stringify({ name: 'Late', startDate: '2027-01-01', endDate: '2027-04-30' });
    const later = await bffWith({ port: 0 }, () => Date.now() + 3 * 60 * 60 * 1000);
    try {
      const expired = await send(later.url, '/api/seasons/', { method: 'POST', headers: sameOrigin(cookie), body });
      expect(expired.status).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'session_expired' });
      expect(cookiesOf(expired).get(SESSION_COOKIE)).toMatch(/Max-Age=0/);
      const me = await send(later.url, '/api/me', { headers: { cookie } });
      expect(me.json()).toMatchObject({ code: 'session_expired' });
    } finally {
      await later.close();
    }
    // The API's clock ahead: the BFF still thinks the token good, the API refuses it.
    apiClockOffsetMs = 3 * 60 * 60 * 1000;
    try {
      const refused = await send(bff.url, '/api/seasons/', { method: 'POST', headers: sameOrigin(cookie), body });
      expect(refused.status).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'session_expired' });
    } finally {
      apiClockOffsetMs = 0;
    }
  });

  it('never serves one person’s own reads to another, nor from the shared cache', async () => {
    const admin = await signIn(ADMIN.email);
    const judge = await signIn(JUDGE.email);
    for (let round = 0; round < 2; round++) {
      const mine = await send(bff.url, '/api/me', { headers: { cookie: admin.cookie } });
      const theirs = await send(bff.url, '/api/me', { headers: { cookie: judge.cookie } });
      const fan = await send(bff.url, '/api/me');
      expect(mine.json()).toMatchObject({ user: { email: ADMIN.email }, role: 'administrator' });
      expect(theirs.json()).toMatchObject({ user: { email: JUDGE.email }, role: 'judge' });
      expect(fan.json()).toMatchObject({ user: null, role: null });
      for (const own of [mine, theirs]) {
        expect(own.headers.get('cache-control')).toBe('private, no-store');
        expect(own.headers.get('vary')).toBe('Cookie');
        expect(own.headers.get('x-bff-cache')).toBeNull();
      }
      // A fan's read of /me is the shared path's, as before sign-in existed.
      expect(fan.headers.get('x-bff-cache')).toMatch(round === 0 ? /MISS|HIT/ : /HIT/);
    }
    // Unreleased scores and the audit are the user's own too; a fan asking gets the read-only key's 403.
    const audit = await send(bff.url, '/api/audit/', { headers: { cookie: admin.cookie } });
    expect(audit.status).toBe(200);
    const judgeAudit = await send(bff.url, '/api/audit/', { headers: { cookie: judge.cookie } });
    expect(judgeAudit.status).toBe(403);
    const fanAudit = await send(bff.url, '/api/audit/');
    expect(fanAudit.status).toBe(403);
  });

  it('without a sign-in client there is no sign-in: its routes say why and writes are refused', async () => {
    const plain = await startBff(
      defineBffConfig({ ...config, port: 0, signInClientId: undefined, signInClientSecret: undefined }),
      { log: () => {} },
    );
    try {
      const page = await send(plain.url, '/auth/sign-in', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(404);
      expect(page.body).toContain('Signing in is not available here');
      const problem = await send(plain.url, '/auth/callback?code=x&state=y');
      expect(problem.json()).toMatchObject({ code: 'sign_in_unavailable' });
      const write = await send(plain.url, '/api/seasons/', { method: 'POST', headers: sameOrigin(''), body: '{}' });
      expect(write.status).toBe(403);
      expect(write.json()).toMatchObject({ code: 'sign_in_unavailable' });
    } finally {
      await plain.close();
    }
  });

  it('is registered by npm start once, and again only when its callbacks change', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'signin-setup-'));
    const organization = (await findOrganizationByGuid(api.services.database.db, config.organization!))!;
    const callbacks = ['http://localhost:8080/auth/callback', 'http://127.0.0.1:8080/auth/callback'];
    const first = await ensureSignInClient(api.services, organization, dataDir, callbacks);
    const again = await ensureSignInClient(api.services, organization, dataDir, callbacks);
    expect(again).toEqual(first);
    const application = await findApplicationByClientId(api.services.database.db, first.clientId);
    expect(application).toMatchObject({ redirectUris: callbacks, readOnly: false, revokedAt: null });
    const moved = await ensureSignInClient(api.services, organization, dataDir, [
      'http://localhost:9090/auth/callback',
    ]);
    expect(moved.clientId).not.toBe(first.clientId);
    expect((await findApplicationByClientId(api.services.database.db, first.clientId))?.revokedAt).not.toBeNull();
    const secret = ensureSessionSecret(dataDir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(ensureSessionSecret(dataDir)).toBe(secret);
  });

  it('let no token or secret out in any answer', async () => {
    const { cookie } = await signIn(ADMIN.email);
    const token = (await createSessionSealer([SECRET]).open<Session>('session', cookie.slice(cookie.indexOf('=') + 1)))!
      .token;
    await send(bff.url, '/api/me', { headers: { cookie } });
    const everything = browser.seen.join('\n');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(signInSecret);
    expect(everything).not.toContain(readKeySecret);
    expect(everything).not.toContain(SECRET);
  });
});
