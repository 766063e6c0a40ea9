/**
 * A browser signing in through a real BFF against the real API, driven with fetch: the BFF's redirect to the API's
 * sign-in page, the form posted back, the BFF's callback; the session cookie carried by hand. Shared by the sign-in
 * and sign-out suites. Every answer is kept in `seen`, so a suite can look for tokens and secrets in it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { defineBffConfig, type BffConfig } from '../../server/bff/config.js';
import { SESSION_COOKIE } from '../../server/bff/session/session.js';
import type { TestApi } from '../helpers/api-server.js';
import { freePort } from '../helpers/free-port.js';
import { hiddenFields } from '../helpers/user-tokens.js';

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  json(): any;
}

/** The pair of a Set-Cookie list: name -> the whole Set-Cookie line. */
export function cookiesOf(answer: Answer): Map<string, string> {
  return new Map(answer.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]));
}

export function valueOf(setCookie: string): string {
  return setCookie.slice(setCookie.indexOf('=') + 1, setCookie.indexOf(';'));
}

/** The headers of a same-site script's write with this cookie (what the BFF's CSRF check lets through). */
export const sameOrigin = (cookie: string, extra: Record<string, string> = {}) => ({
  cookie,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
  ...extra,
});

/**
 * A BFF's configuration in front of the test API for `organization`: the fans' read-only key and a sign-in client
 * whose callback is this config's port (a BFF on another port serves sessions, but signs nobody in).
 */
export async function signInBffConfig(
  api: TestApi,
  organization: { guid: string },
  sessionSecrets: string,
): Promise<{ config: BffConfig; readKeySecret: string; signInSecret: string }> {
  const readKey = await api.createKey(organization.guid, { readOnly: true, name: 'fans' });
  const port = await freePort();
  const client = await api.createKey(organization.guid, {
    name: 'Scoreboard sign-in',
    redirectUris: [`http://127.0.0.1:${port}/auth/callback`],
  });
  const config = defineBffConfig({
    port,
    apiBaseUrl: api.url,
    clientId: readKey.clientId,
    clientSecret: readKey.clientSecret,
    apiCa: api.ca,
    organization: organization.guid,
    staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
    signInClientId: client.clientId,
    signInClientSecret: client.clientSecret,
    sessionSecrets,
  });
  return { config, readKeySecret: readKey.clientSecret, signInSecret: client.clientSecret };
}

export function signedInBrowser(api: TestApi, options: { password: string; secrets?: string[] }) {
  const seen: string[] = [];

  async function send(
    base: string,
    target: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    // A pooled connection to a BFF that has just restarted on the same port is closed: one more try on a new one.
    const response = await fetch(`${base}${target}`, { ...init, redirect: 'manual' }).catch(() =>
      fetch(`${base}${target}`, { ...init, redirect: 'manual' }),
    );
    const body = await response.text();
    seen.push(JSON.stringify([...response.headers]), body);
    return { status: response.status, headers: response.headers, body, json: () => JSON.parse(body) };
  }

  /** The whole round trip: BFF -> the API's sign-in page -> form -> BFF callback. The session cookie. */
  async function signIn(
    email: string,
    base: string,
    returnTo = '/seasons',
  ): Promise<{ cookie: string; answer: Answer }> {
    const start = await send(base, `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`, {
      headers: { accept: 'text/html' },
    });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(api.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    // The verifier and the client secret stay in the BFF: only the challenge travels.
    for (const secret of options.secrets ?? []) expect(authorize.search).not.toContain(secret);
    const pending = cookiesOf(start).get('__Host-mr_sign_in')!;
    expect(pending).toMatch(/HttpOnly/);

    const page = await api.fetch(`${authorize.pathname}${authorize.search}`);
    expect(page.status).toBe(200);
    const form = await api.fetch('/v3/oauth2/authorize', {
      method: 'POST',
      body: new URLSearchParams({ ...hiddenFields(await page.text()), email, password: options.password }),
    });
    expect(form.status).toBe(302);
    const callback = new URL(form.headers.get('location')!);
    expect(callback.origin).toBe(new URL(base).origin);

    const back = await send(base, `${callback.pathname}${callback.search}`, {
      headers: { accept: 'text/html', cookie: `__Host-mr_sign_in=${valueOf(pending)}` },
    });
    expect(back.status).toBe(303);
    const session = cookiesOf(back).get(SESSION_COOKIE)!;
    return { cookie: `${SESSION_COOKIE}=${valueOf(session)}`, answer: back };
  }

  return { send, signIn, seen };
}
