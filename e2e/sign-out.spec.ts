import type { Browser, BrowserContext, Page } from '@playwright/test';
import { SESSION_COOKIE } from '../server/bff/session/session';
import { expect, test } from './support/fixtures';
import { newUser, signIn } from './support/people';

/**
 * Signing out ends the session everywhere (decision 118), in a real browser on the `npm start` stack: the session
 * cookie copied before the sign-out (from another device, or a copy taken earlier) and replayed in another browser
 * is refused, pages and writes alike; and a judge signing out on a shared tablet leaves nothing of theirs on it.
 */

test.use({ ignoreHTTPSErrors: true });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service has no sign-in');

const TABLET = { width: 820, height: 1180 };

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === SESSION_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  return cookie!;
}

/** Another browser holding a copy of the cookie, as a second device or a copy taken earlier would. */
async function replayIn(browser: Browser, baseURL: string, cookie: Awaited<ReturnType<typeof sessionCookie>>) {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  await context.addCookies([cookie]);
  return { context, page: await context.newPage() };
}

async function signOutFromTheBanner(page: Page) {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Sign out' }).click();
  await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('a tabulator signs out; the cookie copied before, replayed in another browser, is refused', async ({
  page,
  browser,
  baseURL,
  scoreEntry,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'on a laptop');
  const tabulator = await newUser(scoreEntry, 'tabulator', 'Tess', 'Tabulator');
  await signIn(page, tabulator, '/manage/users');
  await expect(page.getByRole('banner')).toContainText('Tess Tabulator');
  const copied = await sessionCookie(page.context());

  await signOutFromTheBanner(page);

  const replay = await replayIn(browser, baseURL!, copied);
  try {
    await replay.page.goto('/manage/users');
    await expect(replay.page.getByRole('heading', { name: 'Your session has ended' })).toBeVisible();
    await expect(replay.page.getByRole('banner')).not.toContainText('Tess Tabulator');
    // The copy went with the BFF's answer; a script holding it still could write nothing.
    await replay.context.addCookies([copied]);
    const write = await replay.page.evaluate(async () => {
      const response = await fetch('/api/seasons/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Replayed', startDate: '2027-01-01', endDate: '2027-04-30' }),
      });
      return { status: response.status, body: (await response.json()) as { code?: string } };
    });
    expect(write).toMatchObject({ status: 401, body: { code: 'session_expired' } });
    await replay.page.screenshot({ path: testInfo.outputPath('replayed-after-sign-out.png') });
  } finally {
    await replay.context.close();
  }
  const seasons = await scoreEntry.get<{ data: { name: string }[] }>('/seasons/');
  expect(seasons.data.map((season) => season.name)).not.toContain('Replayed');
});

test('a judge signing out on a shared tablet leaves nothing usable behind', async ({
  browser,
  baseURL,
  scoreEntry,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'on a tablet');
  const tablet = await browser.newContext({ baseURL, ignoreHTTPSErrors: true, viewport: TABLET });
  const page = await tablet.newPage();
  try {
    const judge = await newUser(scoreEntry, 'judge', 'Jada', 'Judge');
    await signIn(page, judge, '/judge');
    await expect(page.getByText('You are not seated on any caption')).toBeVisible();
    const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
    expect(await databases()).toContain('judge');
    const copied = await sessionCookie(tablet);

    await signOutFromTheBanner(page);
    expect(await databases()).not.toContain('judge');
    expect(await tablet.cookies()).toEqual([]);
    await page.goto('/judge');
    // what a first visit says: nothing of the judge's is left on the device
    await expect(page.getByRole('alert').filter({ hasText: 'Sign in to judge.' })).toBeVisible();

    // The next person on the tablet, or anyone holding a copy of the cookie, gets nothing of the judge's.
    const replay = await replayIn(browser, baseURL!, copied);
    try {
      const seats = await replay.page.request.get('/api/me/seats');
      expect(seats.status()).toBe(401);
      expect(((await seats.json()) as { code: string }).code).toBe('session_expired');
    } finally {
      await replay.context.close();
    }
  } finally {
    await tablet.close();
  }
});
