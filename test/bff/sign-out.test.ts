/**
 * Signing out through the BFF ends the session everywhere (decision 118), over two real BFFs sharing the session
 * secret in front of the real API: the old cookie replayed on either is refused, for reads and writes; the person's
 * other sessions go on; a disabled user's and a new password's sessions end at once; a sign-out the API does not
 * answer keeps the cookie and says so, so that signing out again can still end the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordLink, createUser } from '../../server/api/auth/users.js';
import { defineBffConfig, type BffConfig } from '../../server/bff/config.js';
import type { LogLine } from '../../server/bff/http/log.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { createSessionSealer, SESSION_COOKIE, type Session } from '../../server/bff/session/session.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { freePort } from '../helpers/free-port.js';
import { hiddenFields } from '../helpers/user-tokens.js';
import { cookiesOf, sameOrigin, signedInBrowser, signInBffConfig, type Answer } from './signed-in-browser.js';

const SECRET = 'a session secret shared by both BFFs and long enough';
const PASSWORD = 'a long press-box password';

let api: TestApi;
let config: BffConfig;
let first: RunningBff;
let second: RunningBff;
let browser: ReturnType<typeof signedInBrowser>;
let orgId: number;
let people = 0;
const logs: LogLine[] = [];

beforeAll(async () => {
  api = await startTestApi();
  const org = await api.createOrg('Signing-out Circuit');
  orgId = org.id;
  const made = await signInBffConfig(api, org, SECRET);
  config = made.config;
  browser = signedInBrowser(api, { password: PASSWORD, secrets: [made.signInSecret] });
  first = await startBff(config, { log: (line) => logs.push(line) });
  second = await startBff(defineBffConfig({ ...config, port: 0 }), { log: (line) => logs.push(line) });
}, 120_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await api?.stop();
});

const send = (...args: Parameters<typeof browser.send>) => browser.send(...args);

/** A person of the organization signed in on the first BFF (the one whose callback the API knows). */
async function signedIn(role: 'administrator' | 'tabulator' | 'judge' = 'tabulator') {
  const email = `person${++people}@circuit.example`;
  const user = await createUser(api.services.database.db, { orgId, email, password: PASSWORD, role });
  const session = async () => (await browser.signIn(email, first.url)).cookie;
  return { user, email, cookie: await session(), another: session };
}

const me = (bff: RunningBff, cookie: string) => send(bff.url, '/api/me', { headers: { cookie } });
const createSeason = (bff: RunningBff, cookie: string, name: string) =>
  send(bff.url, '/api/seasons/', {
    method: 'POST',
    headers: sameOrigin(cookie),
    body: JSON.stringify({ name, startDate: '2027-01-01', endDate: '2027-04-30' }),
  });
const signOut = (bff: RunningBff, cookie: string, accept = 'text/html') =>
  send(bff.url, '/auth/sign-out', { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-origin', accept } });

function expectSessionOver(answer: Answer) {
  expect(answer.status).toBe(401);
  expect(answer.json()).toMatchObject({ code: 'session_expired' });
  expect(cookiesOf(answer).get(SESSION_COOKIE)).toMatch(/Max-Age=0/);
}

function expectCookiesCleared(answer: Answer) {
  const cookies = cookiesOf(answer);
  expect(cookies.get(SESSION_COOKIE)).toMatch(/^__Host-mr_session=; .*Max-Age=0/);
  expect(cookies.get('mr_signed_in')).toMatch(/Max-Age=0/);
}

describe('signing out through the BFF', () => {
  it('ends the session on both BFFs at once: the old cookie replayed is refused, reads and writes', async () => {
    const { cookie } = await signedIn('administrator');
    for (const bff of [first, second]) expect((await me(bff, cookie)).json()).toMatchObject({ role: 'administrator' });

    const out = await signOut(first, cookie);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expectCookiesCleared(out);

    for (const bff of [first, second]) {
      expectSessionOver(await me(bff, cookie));
      expectSessionOver(await createSeason(bff, cookie, `Replayed on ${bff.url}`));
    }
    // nothing the replays sent was written
    const { cookie: admin } = await signedIn('administrator');
    const seasons = (await send(first.url, '/api/seasons/', { headers: { cookie: admin } })).body;
    expect(seasons).not.toContain('Replayed on');
  });

  it("ends that session only: the person's other sessions go on", async () => {
    const { cookie: tablet, another } = await signedIn('judge');
    const laptop = await another();
    expect((await signOut(second, tablet, 'application/json')).status).toBe(204);
    for (const bff of [first, second]) {
      expectSessionOver(await me(bff, tablet));
      expect((await me(bff, laptop)).json()).toMatchObject({ role: 'judge' });
    }
  });

  it("a disabled user's session is refused at once on both BFFs", async () => {
    const { cookie: admin } = await signedIn('administrator');
    const { user, cookie } = await signedIn('judge');
    for (const bff of [first, second]) expect((await me(bff, cookie)).status).toBe(200);
    const disabled = await send(second.url, `/api/users/${user.id}`, {
      method: 'POST',
      headers: sameOrigin(admin),
      body: JSON.stringify({ disabled: true }),
    });
    expect(disabled.status).toBe(200);
    for (const bff of [first, second]) expectSessionOver(await me(bff, cookie));
  });

  it('a new password ends every session of the person at once', async () => {
    const { user, cookie, another } = await signedIn('tabulator');
    const other = await another();
    const link = new URL((await createPasswordLink(api.services.database.db, user.id, api.url)).url);
    const page = await api.fetch(`${link.pathname}${link.search}`);
    const set = await api.fetch(link.pathname, {
      method: 'POST',
      body: new URLSearchParams({
        ...hiddenFields(await page.text()),
        password: 'another long password',
        confirmation: 'another long password',
      }),
    });
    expect(set.status).toBe(200);
    for (const session of [cookie, other]) for (const bff of [first, second]) expectSessionOver(await me(bff, session));
  });

  it('a sign-out the API does not answer keeps the cookie and says so; signing out again ends the session', async () => {
    const { cookie } = await signedIn();
    const closed = await freePort();
    const cut = await startBff(defineBffConfig({ ...config, port: 0, apiBaseUrl: `https://127.0.0.1:${closed}` }), {
      log: (line) => logs.push(line),
    });
    try {
      const page = await signOut(cut, cookie);
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.body).toContain('Not signed out yet');
      expect(page.body).toContain('<form method="post" action="/auth/sign-out">');
      expect(cookiesOf(page).size).toBe(0);
      const problem = await signOut(cut, cookie, 'application/json');
      expect(problem.status).toBe(503);
      expect(problem.json()).toMatchObject({ code: 'sign_out_failed' });
      expect(logs.some((line) => line.msg === 'sign-out: the API did not revoke the token')).toBe(true);
    } finally {
      await cut.close();
    }
    expect((await me(first, cookie)).status).toBe(200);
    expectCookiesCleared(await signOut(first, cookie));
    expectSessionOver(await me(second, cookie));
  });

  it('a sign-out the API refuses (a wrong client secret) still clears this browser, and is logged as an error', async () => {
    const { cookie } = await signedIn();
    const misconfigured = await startBff(
      defineBffConfig({ ...config, port: 0, signInClientSecret: 'not the secret' }),
      {
        log: (line) => logs.push(line),
      },
    );
    try {
      expectCookiesCleared(await signOut(misconfigured, cookie));
    } finally {
      await misconfigured.close();
    }
    const line = logs.find((entry) => entry.msg === 'sign-out: the API refused to revoke the token');
    expect(line).toMatchObject({ level: 'error', detail: 'revocation answered 401 invalid_client' });
  });

  it('without a session, or with one already expired, a sign-out clears the cookies', async () => {
    expectCookiesCleared(await signOut(first, ''));
    const expired = await createSessionSealer([SECRET]).seal('session', { token: 'x.y.z', expiresAt: Date.now() - 1 });
    expectCookiesCleared(await signOut(second, `${SESSION_COOKIE}=${expired}`));
  });

  it('let no token or secret out in any answer or log line', async () => {
    const { cookie } = await signedIn();
    const token = (await createSessionSealer([SECRET]).open<Session>('session', cookie.slice(cookie.indexOf('=') + 1)))!
      .token;
    await signOut(first, cookie);
    const everything = [...browser.seen, ...logs.map((line) => JSON.stringify(line))].join('\n');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(config.signInClientSecret!);
    expect(everything).not.toContain(SECRET);
  });
});
