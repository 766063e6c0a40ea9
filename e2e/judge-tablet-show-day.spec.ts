import type { Page } from '@playwright/test';
import { SESSION_COOKIE } from '../server/bff/session/session';
import { expect, test } from './support/fixtures';
import { openSheet, seatJudgeAndOpen } from './support/judge-seat';
import { savedForOffline } from './support/saved-for-offline';

/**
 * The judge's tablet as a show meets it (issue 36): a double tap on Submit (or two quick Enters) is one submit, never
 * a conflict with herself. Runs on a tablet's screen (desktop project, 820x1180) and a phone's.
 */

const TABLET = { width: 820, height: 1180 };
const PHONE = { width: 390, height: 844 };

test.use({
  ignoreHTTPSErrors: true,
  viewport: async ({}, use, testInfo) => use(testInfo.project.name === 'phone' ? PHONE : TABLET),
});

test.beforeEach(({ upstream }, testInfo) => {
  test.skip(upstream !== 'ours' || !['desktop', 'phone'].includes(testInfo.project.name), 'our API, tablet and phone');
});

const device = (testInfo: { project: { name: string } }) => (testInfo.project.name === 'phone' ? 'phone' : 'tablet');

/** The judge's GE1 entry of one performance as the judge's own seats read it (through the BFF, the judge's session). */
async function entryOf(page: Page, performanceId: number) {
  return page.evaluate(async (id) => {
    const seats = (await (await fetch('/api/me/seats')).json()) as {
      data: { performances: { id: number; entry: { state: string | null; version: number } }[] }[];
    };
    return seats.data.flatMap((seat) => seat.performances).find((performance) => performance.id === id)?.entry;
  }, performanceId);
}

test('a double tap on Submit, or two quick Enters, is one submit and no conflict', async ({
  page,
  scoreEntry,
}, testInfo) => {
  test.setTimeout(90_000);
  const seated = await seatJudgeAndOpen(page, scoreEntry, ['Alpha', 'Bravo', 'Charlie']);
  const [alpha, bravo] = seated.performances;
  const status = page.getByRole('status').filter({ hasText: /Every entry sent|waiting to send/ });

  // A double tap on Submit.
  await seated.rep.fill('82.5');
  await seated.perf.fill('80');
  await page.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(page.getByRole('heading', { name: `2. ${bravo.name}` })).toBeVisible();
  await expect(status).toHaveText(/Every entry sent/);
  await expect(status).not.toHaveText(/your decision/);

  // Two quick Enters on the next sheet.
  await seated.rep.fill('78');
  await seated.perf.fill('79');
  await seated.perf.focus();
  // as a tablet's keyboard sends them: the second before the page has done anything with the first
  await Promise.all([page.keyboard.press('Enter'), page.keyboard.press('Enter')]);
  await expect(page.getByRole('link', { name: `2. ${bravo.name} Submitted` })).toBeVisible();
  await expect(status).toHaveText(/Every entry sent/);
  await expect(status).not.toHaveText(/your decision/);

  // Neither sheet says someone changed it: both are the judge's own, submitted once.
  for (const performance of [alpha, bravo]) {
    await openSheet(page, performance);
    await expect(page.getByText(/changed this entry|Corrected by/)).toHaveCount(0);
    await expect(page.getByText('Submitted. Only a tabulator can change it now.')).toBeVisible();
    expect(await entryOf(page, performance.id)).toMatchObject({ state: 'submitted' });
  }
  await page.screenshot({ path: testInfo.outputPath(`${device(testInfo)}-double-submit.png`), fullPage: true });

  // The audit trail holds one submit per sheet: the second tap and the second Enter wrote nothing.
  const audit = await scoreEntry.get<{
    data: { action: string; resource: { id: string | number }; after: unknown }[];
  }>(`/audit/?competitionId=${seated.competitionId}`);
  for (const performance of [alpha, bravo]) {
    const writes = audit.data.filter(
      (entry) => entry.action === 'performance.enter-scores' && String(entry.resource.id) === String(performance.id),
    );
    expect(writes.filter((entry) => JSON.stringify(entry.after).includes('"submitted"'))).toHaveLength(1);
  }
});

/** The records in the judge's IndexedDB on this device, every store counted (0 when there is none). */
const savedRecords = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'judge')) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('judge');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error ?? new Error('IndexedDB open failed'));
    });
    const names = [...db.objectStoreNames];
    const counts = await Promise.all(
      names.map(
        (name) =>
          new Promise<number>((resolve, reject) => {
            const counting = db.transaction(name).objectStore(name).count();
            counting.onsuccess = () => resolve(counting.result);
            counting.onerror = () => reject(counting.error ?? new Error('IndexedDB count failed'));
          }),
      ),
    );
    db.close();
    return counts.reduce((sum, count) => sum + count, 0);
  });

/** How soon a tabulator's correction must show on an open tablet (issue 36). */
const PUSH_BUDGET_MS = 5_000;

test("a tabulator's correction reaches the open sheet by push within 5 s, and again after a network cut", async ({
  page,
  context,
  scoreEntry,
}, testInfo) => {
  test.setTimeout(90_000);
  const seated = await seatJudgeAndOpen(page, scoreEntry, ['Alpha', 'Bravo', 'Charlie']);
  const [alpha, bravo] = seated.performances;
  // the page's own load: a reload would start another, so the sheet below changes without one
  const loadedAt = await page.evaluate(() => performance.timeOrigin);

  await seated.rep.fill('82.5');
  await seated.perf.fill('80');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: `2. ${bravo.name}` })).toBeVisible();
  await openSheet(page, alpha);
  await expect(page.getByText('Submitted. Only a tabulator can change it now.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Every entry sent/ })).toBeVisible();

  // The tabulator corrects Alpha's GE1 in the console (here straight on the API, as the console's write is).
  const correct = (performanceId: number, rep: number, perf: number) =>
    scoreEntry.post(`/performances/${performanceId}/scores`, {
      captionKey: 'ge1',
      scores: [
        { subcaptionKey: 'rep', score: rep },
        { subcaptionKey: 'perf', score: perf },
      ],
      reason: 'Read from the wrong line',
    });
  await correct(alpha.id, 72, 74);
  const corrected = page.getByRole('status').filter({ hasText: 'Corrected by' });
  await expect(corrected).toBeVisible({ timeout: PUSH_BUDGET_MS });
  await expect(seated.rep).toHaveValue('72');
  await expect(seated.perf).toHaveValue('74');
  // the judge's own ranks beside the sheet rank the corrected number too (7.2 + 7.4), not the one typed before
  await expect(page.getByRole('row', { name: new RegExp(`${alpha.name}.*14\\.60?$`) })).toBeVisible();
  expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  await page.screenshot({ path: testInfo.outputPath(`${device(testInfo)}-corrected-by-push.png`), fullPage: true });

  // The network drops in the gym; a correction of Bravo meanwhile reaches the tablet once it is back.
  await openSheet(page, bravo);
  await seated.rep.fill('78');
  await seated.perf.fill('79');
  await page.getByRole('button', { name: 'Submit' }).click();
  // an opened sheet stays open once submitted
  await expect(page.getByRole('link', { name: `2. ${bravo.name} Submitted` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Every entry sent/ })).toBeVisible();
  await context.setOffline(true);
  await correct(bravo.id, 70, 71);
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Corrected by' })).toBeVisible({
    timeout: PUSH_BUDGET_MS,
  });
  await expect(seated.rep).toHaveValue('70');

  // And the stream is open again: the next correction is pushed too, still without a reload.
  await correct(bravo.id, 69, 71);
  await expect(seated.rep).toHaveValue('69', { timeout: PUSH_BUDGET_MS });
  expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  await page.screenshot({ path: testInfo.outputPath(`${device(testInfo)}-corrected-after-cut.png`), fullPage: true });
});

test('reloaded while offline, the banner still offers Sign out, which clears the device and ends the session once online', async ({
  page,
  context,
  browser,
  baseURL,
  scoreEntry,
}, testInfo) => {
  test.setTimeout(90_000);
  const seated = await seatJudgeAndOpen(page, scoreEntry, ['Alpha', 'Bravo']);
  const banner = page.getByRole('banner');
  await expect(banner).toContainText(`${seated.judge.firstName} ${seated.judge.lastName}`);
  const copied = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)!;
  await savedForOffline(page, '/index.html');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: `1. ${seated.performances[0].name}` })).toBeVisible();
  await expect(banner).toContainText(`${seated.judge.firstName} ${seated.judge.lastName}`);
  await page.screenshot({ path: testInfo.outputPath(`${device(testInfo)}-offline-banner.png`), fullPage: true });
  await banner.getByRole('button', { name: 'Sign out' }).click();
  // signed out on this device while still offline: the judge's page asks to sign in, as on a device never judged on
  await expect(page.getByRole('alert')).toContainText('Sign in to judge.');
  await expect(page.getByRole('heading', { name: `1. ${seated.performances[0].name}` })).toHaveCount(0);
  // the device holds nothing of the judge (the page opened again keeps an empty store)
  expect(await savedRecords(page)).toBe(0);
  await expect(banner.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect(banner).not.toContainText(seated.judge.lastName);

  await context.setOffline(false);
  // back online the page sends the sign-out: the cookie copied before is refused, and a reload stays signed out
  const replay = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  try {
    await replay.addCookies([copied]);
    await expect.poll(async () => (await replay.request.get('/api/me')).status(), { timeout: 10_000 }).toBe(401);
  } finally {
    await replay.close();
  }
  await page.reload();
  await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
});
