import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { createSessionSealer, SESSION_COOKIE, type Session } from '../server/bff/session/session';
import { expect, test } from './support/fixtures';
import { newUser, signIn } from './support/people';

/**
 * Issue 27's security checks in a real browser on the `npm start` stack, beyond sign-in.spec.ts (which covers the
 * cookie's flags, a JWT-shaped string in storage and /api/me, and a cross-site form posting a season):
 * - the signed-in judge's actual access token (opened from the session cookie with the stack's session secret), the
 *   BFF's client secrets and the session secret itself appear in nothing the page's scripts can read: cookies, both
 *   storages, IndexedDB's names, the HTML, every script and every JSON answer of the set-up and judge pages;
 * - a judge's session is refused every write the judge's role lacks, the list taken from the API's OpenAPI document
 *   (not written out here), and the caption another judge sits on;
 * - a form on another site posting a score the judge may enter is refused, and nothing is entered;
 * - signed out, or with an ended or forged session, the set-up pages ask to sign in (no error page, no 500).
 */

interface Line {
  key: string;
  max: number;
  step: number;
}
interface Sheet {
  categories: { captions: { key: string; name: string; subcaptions: Line[] }[] }[];
}
interface Operation {
  'x-permission'?: string;
  /** a narrower permission that also allows the operation, within limits (a judge's own captions) */
  'x-permission-narrower'?: string;
  parameters?: { name: string; in: string }[];
}

const scoreOf = (line: Line) => Math.round(Math.floor((line.max * 0.8) / line.step) * line.step * 1000) / 1000;

/** The stack's data directory (npm start's DATA_DIR): its TLS certificate is `<data>/tls/cert.pem`. */
const dataDirOf = (caFile: string) => path.dirname(path.dirname(caFile));

async function freshPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  return { context, page: await context.newPage() };
}

/** A page on another site (localhost is not 127.0.0.1 to a browser) whose form posts a score to the BFF. */
async function crossSitePage(action: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Prizes</title><main>
<form method="post" action="${action}">${inputs}<button>Win a prize</button></form></main></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.use({ ignoreHTTPSErrors: true });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service has no sign-in');

test('a judge’s session: nothing secret readable, every set-up write and another’s caption refused, no forged post @journey', async ({
  page,
  browser,
  scoreEntry,
  stack,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'on a laptop');
  test.setTimeout(240_000);

  // A competition with one performance, two judges seated on two captions.
  const stamp = Date.now();
  const divisions = await scoreEntry.get<{ data: { id: number; groupType: { id: number } }[] }>('/divisions/');
  const division = divisions.data[0];
  const { sheet } = await scoreEntry.get<{ sheet: Sheet }>(`/divisions/${division.id}/sheet`);
  const [mine, theirs] = sheet.categories.flatMap((category) => category.captions);
  const eventTypes = await scoreEntry.get<{ data: { eventTypeId: number }[] }>('/events/');
  const season = await scoreEntry.post<{ id: number }>(
    '/seasons/',
    { name: `1997 Security ${stamp}`, startDate: '1997-01-01', endDate: '1997-04-30' },
    201,
  );
  const event = await scoreEntry.post<{ id: number }>(
    '/events/',
    {
      seasonId: season.id,
      name: `Locked Classic ${stamp}`,
      eventTypeId: eventTypes.data[0].eventTypeId,
      startDate: '1997-03-01',
    },
    201,
  );
  const competition = await scoreEntry.post<{ id: number; guid: string }>(
    `/events/${event.id}/competitions`,
    {
      name: `Locked Finals ${stamp}`,
      date: '1997-03-01T18:00:00.000Z',
      groupTypeId: division.groupType.id,
      rounds: [{ number: 1, name: 'Finals' }],
    },
    201,
  );
  const group = await scoreEntry.post<{ id: number }>(
    '/groups/',
    { name: `Oak HS ${stamp}`, divisionId: division.id },
    201,
  );
  const performance = await scoreEntry.post<{ id: number }>(
    `/competitions/${competition.id}/performances`,
    { groupId: group.id, divisionId: division.id, round: 1, order: 1, time: '1997-03-01T18:00:00.000Z' },
    201,
  );
  const judge = await newUser(scoreEntry, 'judge', 'Sam', `Seated${stamp}`);
  const other = await newUser(scoreEntry, 'judge', 'Uma', `Other${stamp}`);
  for (const [caption, user] of [
    [mine, judge],
    [theirs, other],
  ] as const)
    await scoreEntry.post(`/competitions/${competition.id}/judges`, {
      round: 1,
      divisionId: division.id,
      captionKey: caption.key,
      userId: user.id,
    });

  // Everything the browser receives while the judge uses the judge page and the set-up pages.
  const seen: { url: string; text: string }[] = [];
  page.on('response', async (response) => {
    const headers = Object.entries(await response.allHeaders())
      .filter(([name]) => name !== 'set-cookie') // the sealed session itself, which only the BFF can open
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
    const body = await response.body().catch(() => Buffer.alloc(0));
    seen.push({ url: response.url(), text: `${headers}\n${body.toString('latin1')}` });
  });
  await signIn(page, judge, '/judge');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const target of [
    '/manage',
    '/manage/users',
    `/manage/competitions/${competition.guid}/panel`,
    `/manage/competitions/${competition.guid}`,
  ]) {
    await page.goto(target);
    await expect(page.getByText('The console is not for your role')).toBeVisible();
  }
  await page.goto('/judge');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const own = await page.evaluate(async () => {
    const answers = await Promise.all(['/api/me', '/api/me/seats'].map((url) => fetch(url).then((r) => r.text())));
    return answers.join('\n');
  });

  // The secrets to look for: the judge's own access token, opened from the session cookie as the BFF opens it.
  const dataDir = dataDirOf(stack.caFile);
  const sessionSecret = readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
  const signInClient = JSON.parse(readFileSync(path.join(dataDir, 'signin-credentials.json'), 'utf8')) as {
    clientSecret: string;
  };
  const sealed = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(sealed?.httpOnly).toBe(true);
  const session = await createSessionSealer([sessionSecret]).open<Session>('session', sealed!.value);
  expect(session?.token.length).toBeGreaterThan(20);
  const secrets = {
    'access token': session!.token,
    'web client secret': stack.clientSecret,
    'sign-in client secret': signInClient.clientSecret,
    'session secret': sessionSecret,
    'sealed session': sealed!.value,
  };
  const readable = await page.evaluate(async () => ({
    cookie: document.cookie,
    storage: JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
    indexedDb: JSON.stringify(await indexedDB.databases()),
    html: document.documentElement.outerHTML,
  }));
  expect(readable.cookie).toBe('mr_signed_in=1');
  expect(seen.some(({ url }) => url.endsWith('.js'))).toBe(true);
  expect(seen.some(({ url }) => url.includes('/api/me/seats'))).toBe(true);
  const everything = [
    ...Object.entries(readable).map(([what, text]) => ({ url: what, text })),
    { url: 'own reads', text: own },
    ...seen,
  ];
  for (const { url, text } of everything)
    for (const [name, secret] of Object.entries(secrets))
      expect(text.includes(secret), `${name} in ${url}`).toBe(false);

  // Every write of the API's document that the judge's role lacks is refused, naming the permission.
  const me = await page.evaluate(async () => (await fetch('/api/me')).json());
  const permissions = new Set<string>(me.permissions);
  const openapi = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const ids: Record<string, number> = {
    competitionId: competition.id,
    performanceId: performance.id,
    eventId: event.id,
    seasonId: season.id,
    divisionId: division.id,
    groupId: group.id,
    userId: other.id,
  };
  const writes = Object.entries(openapi.paths).flatMap(([template, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const permission = operation['x-permission'];
      if (!['post', 'put', 'patch', 'delete'].includes(method) || !permission || permissions.has(permission)) return [];
      // Allowed within limits (the judge's own captions): checked below, on another judge's caption.
      const narrower = operation['x-permission-narrower'];
      if (narrower && permissions.has(narrower)) return [];
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name]));
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      const search = new URLSearchParams(
        query.map((parameter) => [parameter.name, parameter.name === 'captionKey' ? theirs.key : '1']),
      );
      return [{ method: method.toUpperCase(), url: `/api${url}${query.length ? `?${search}` : ''}`, permission }];
    }),
  );
  expect(writes.length).toBeGreaterThanOrEqual(15);
  expect(writes.map((write) => write.permission)).toContain('set-up');
  expect(writes.map((write) => write.permission)).toContain('manage-users');
  const answers = await page.evaluate(
    (list) =>
      Promise.all(
        list.map(async (write) => {
          const response = await fetch(write.url, {
            method: write.method,
            headers: { 'content-type': 'application/json' },
            body: write.method === 'DELETE' ? undefined : '{}',
          });
          return { ...write, status: response.status, body: await response.text() };
        }),
      ),
    writes,
  );
  for (const answer of answers) {
    expect(answer.status, `${answer.method} ${answer.url}: ${answer.body}`).toBe(403);
    expect(JSON.parse(answer.body), `${answer.method} ${answer.url}`).toMatchObject({
      code: 'permission_required',
      permission: answer.permission,
    });
  }

  // The judge's own caption is taken; the other judge's is refused and stays empty.
  const enter = (captionKey: string, lines: Line[]) =>
    page.evaluate(
      async ({ id, body }) => {
        const response = await fetch(`/api/performances/${id}/scores`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, text: await response.text() };
      },
      {
        id: performance.id,
        body: {
          captionKey,
          scores: lines.map((line) => ({ subcaptionKey: line.key, score: scoreOf(line) })),
          state: 'draft',
          baseVersion: 0,
        },
      },
    );
  const taken = await enter(mine.key, mine.subcaptions);
  expect(taken.status, taken.text).toBe(200);
  const refused = await enter(theirs.key, theirs.subcaptions);
  expect(refused.status, refused.text).toBe(403);
  expect(JSON.parse(refused.text)).toMatchObject({ code: 'permission_required' });

  // A form on another site posting a score the judge may enter (the other line of their own caption's form):
  // the browser says cross-site, the BFF refuses it, and the entry is as the judge left it.
  const scoresBefore = await scoreEntry.get<unknown>(`/competitions/${competition.id}/scores`);
  const evil = await crossSitePage(`${stack.baseURL}/api/performances/${performance.id}/scores`, {
    captionKey: mine.key,
    [`scores.${mine.subcaptions[0].key}`]: '0',
    state: 'submitted',
    baseVersion: '1',
  });
  try {
    await page.goto(evil.url);
    await page.getByRole('button', { name: 'Win a prize' }).click();
    await expect(page.locator('body')).toContainText('cross_site_request');
  } finally {
    await evil.close();
  }
  expect(await scoreEntry.get<unknown>(`/competitions/${competition.id}/scores`)).toEqual(scoresBefore);

  // Signed out, with an ended session, or a forged cookie: the set-up pages ask to sign in, never an error page.
  const baseUrl = new URL(stack.baseURL);
  const ended = await createSessionSealer([sessionSecret]).seal('session', {
    token: 'ended',
    expiresAt: Date.now() - 60_000,
  } satisfies Session);
  const targets = ['/manage/users', `/manage/competitions/${competition.guid}/panel`];
  for (const [cookie, heading] of [
    [null, 'Sign in to manage contests'],
    [ended, 'Your session has ended'],
    ['not-a-sealed-session', 'Sign in to manage contests'],
  ] as const)
    for (const target of targets) {
      // A browser of its own per page: the BFF clears an ended session's cookie with its first answer.
      const visitor = await freshPage(browser, stack.baseURL);
      try {
        if (cookie)
          await visitor.context.addCookies([
            { name: SESSION_COOKIE, value: cookie, domain: baseUrl.hostname, path: '/', secure: true, httpOnly: true },
          ]);
        const answer = await visitor.page.goto(target);
        expect(answer?.status(), target).toBeLessThan(500);
        await expect(visitor.page.getByRole('heading', { name: heading }), `${target} with ${cookie}`).toBeVisible();
        await expect(
          visitor.page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }),
        ).toHaveAttribute('href', `/auth/sign-in?returnTo=${encodeURIComponent(target)}`);
        if (target !== targets[0]) continue;
        const write = await visitor.page.evaluate(async (id) => {
          const response = await fetch(`/api/competitions/${id}/judges`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          });
          return { status: response.status, body: await response.text() };
        }, competition.id);
        expect(write.status, write.body).toBe(401);
      } finally {
        await visitor.context.close();
      }
    }
});
