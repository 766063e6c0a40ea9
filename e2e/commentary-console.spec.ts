import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { components } from '../src/lib/api-types';
import { expectNoSeriousViolations } from './support/axe';
import { showWithCommentary } from './support/commentary-show';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from './support/fake-microphone';
import { expect, test } from './support/fixtures';
import { escaped, newUser, signIn } from './support/people';
import { expectNoSidewaysScroll } from './support/show-day';

/**
 * The tabulator's side of the judges' commentary (issue 38), with a judge recording on Chromium's fake microphone
 * (the fixture e2e/commentary-tablet.spec.ts uses): the tablet status page shows the judge's tablet online, its
 * recording, its audio waiting while its uploads cannot get through, then offline, then back with nothing waiting;
 * on the commentary page the tabulator verifies one recording, moves a mis-filed one to the right group with a reason,
 * and the division's commentary, "with the scores", is released when the scores are; the audit trail says so; and a
 * fan hears nothing: no word of it on the recap, the audio and its record refused, none of it in the service
 * worker's caches.
 */

type Schemas = components['schemas'];
const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
/** the tablet's reports are 4 s apart and the page says offline after 15 s without one */
const OFFLINE_SEEN_WITHIN_MS = 30_000;

const microphone = fakeMicrophoneWav();
test.use({
  ignoreHTTPSErrors: true,
  permissions: ['microphone'],
  launchOptions: async ({ launchOptions }, use) =>
    use({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), ...fakeMicrophoneArgs(microphone)],
    }),
});

async function newPerson(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL,
    ignoreHTTPSErrors: true,
    viewport,
    permissions: ['microphone'],
    locale: 'en-US',
  });
  return { context, page: await context.newPage() };
}

/** Waits until the page's timer shows `seconds` or more (under a minute): an awaited moment, not a sleep. */
async function recordedAtLeast(page: Page, seconds: number) {
  await expect(page.getByRole('timer', { name: 'Time recorded' })).toHaveText(
    new RegExp(
      `^0:(${[...Array(60 - seconds).keys()].map((more) => String(seconds + more).padStart(2, '0')).join('|')})$`,
    ),
    { timeout: 15_000 },
  );
}

/** The judge records `seconds` of the open performance (awaited on the page's timer) and stops. */
async function record(page: Page, performance: { name: string }, seconds: number) {
  await page.getByRole('button', { name: `Record ${performance.name}` }).click();
  await expect(page.getByText(`Recording ${performance.name}`)).toBeVisible();
  await recordedAtLeast(page, seconds);
  await page.getByRole('button', { name: /^Stop/ }).click();
  await expect(page.getByText('Not recording')).toBeVisible();
}

test('the tabulator watches a tablet go offline and back, checks, files and releases its commentary; a fan gets none', async ({
  browser,
  baseURL,
  upstream,
  scoreEntry,
}, testInfo) => {
  test.skip(upstream !== 'ours' || testInfo.project.name !== 'desktop', "our API's commentary, once");
  test.setTimeout(360_000);
  const run = randomBytes(3).toString('hex');
  const shot = (name: string) => testInfo.outputPath(`${name}.png`);
  const { competition, division, performances } = await showWithCommentary(scoreEntry, {
    run,
    event: `Desk Day ${run}`,
    competition: `Desk ${run}`,
  });
  const [alpha, bravo, charlie] = performances as [(typeof performances)[0], ...typeof performances];
  const judge = await newUser(scoreEntry, 'judge', 'Rita', `Tape ${run}`);
  await scoreEntry.post(
    `/competitions/${competition.id}/judges`,
    { round: 1, divisionId: division.id, captionKey: 'ge1', userId: judge.id },
    200,
  );
  const tabulator = await newUser(scoreEntry, 'tabulator', 'Tess', `Desk ${run}`);

  const desk = await newPerson(browser, baseURL!, LAPTOP);
  const tablet = await newPerson(browser, baseURL!, TABLET);
  const tabletsPath = `/manage/competitions/${competition.guid}/tablets`;
  await signIn(desk.page, tabulator, `/manage/competitions/${competition.guid}`);
  await desk.page.getByRole('link', { name: 'Tablets' }).click();
  await expect(desk.page).toHaveURL(new RegExp(`${escaped(tabletsPath)}$`));
  const card = desk.page.getByRole('article', { name: `Rita Tape ${run}` });
  await expect(card.getByText('No tablet heard from yet')).toBeVisible();

  // The judge opens the seat: the tablet reports itself, pushed to the desk.
  await signIn(tablet.page, judge, '/judge');
  await tablet.page
    .getByRole('link', { name: new RegExp(`General Effect\\s*Scholastic World · Finals\\s*Desk ${run}`) })
    .click();
  await expect(tablet.page.getByRole('heading', { name: `1. ${alpha.name}` })).toBeVisible();
  await expect(card.getByText(/Online: seen/)).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(/Chrome \d+ on \w+/)).toBeVisible();

  // 1. Alpha is recorded and sent.
  await record(tablet.page, alpha, 2);
  await expect(tablet.page.getByText(/waiting to send/)).toHaveCount(0, { timeout: 30_000 });

  // 2. Bravo is recorded while its uploads cannot get through: the desk sees it recording, then the audio waiting.
  await tablet.page.getByRole('textbox', { name: 'Rep' }).fill('80');
  await tablet.page.getByRole('textbox', { name: 'Perf' }).fill('79');
  await tablet.page.getByRole('textbox', { name: 'Perf' }).press('Enter');
  await expect(tablet.page.getByRole('heading', { name: `2. ${bravo.name}` })).toBeVisible();
  await tablet.page.route('**/api/commentary/uploads/**', (route) => route.abort('connectionfailed'));
  await tablet.page.getByRole('button', { name: `Record ${bravo.name}` }).click();
  await recordedAtLeast(tablet.page, 2);
  await expect(card.getByText(new RegExp(`^${escaped(bravo.name)}, General Effect 1, for \\d:\\d\\d`))).toBeVisible({
    timeout: 15_000,
  });
  await tablet.page.getByRole('button', { name: /^Stop/ }).click();
  await expect(card.getByText(/^1 recording, [\d.]+ KB$/)).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousViolations(desk.page);
  await desk.page.screenshot({ path: shot('tablets-waiting-light'), fullPage: true });

  // 3. The tablet loses the network: the desk says so, in words, once three reports are missed.
  await tablet.context.setOffline(true);
  await expect(card.getByText(/Offline: last seen/)).toBeVisible({ timeout: OFFLINE_SEEN_WITHIN_MS });
  await desk.page.emulateMedia({ colorScheme: 'dark' });
  await desk.page.screenshot({ path: shot('tablets-offline-dark'), fullPage: true });
  await desk.page.emulateMedia({ colorScheme: 'light' });

  // 4. Back: online again, and nothing waits once the audio is through.
  await tablet.page.unroute('**/api/commentary/uploads/**');
  await tablet.context.setOffline(false);
  await expect(card.getByText(/Online: seen/)).toBeVisible({ timeout: 15_000 });
  await expect(card.getByRole('definition').filter({ hasText: /^None$/ })).toHaveCount(2, { timeout: 30_000 });
  await expect(tablet.page.getByText(/waiting to send/)).toHaveCount(0, { timeout: 30_000 });

  // The desk on a tablet's screen: no sideways scroll.
  await desk.page.setViewportSize(TABLET);
  await expectNoSidewaysScroll(desk.page);
  await desk.page.screenshot({ path: shot('tablets-tablet'), fullPage: true });
  await desk.page.setViewportSize(LAPTOP);

  // Bravo's recording was Charlie's (the judge was a group behind): the tabulator files it under Charlie.
  await desk.page.getByRole('link', { name: 'Back to the console' }).click();
  await desk.page.getByRole('link', { name: 'Commentary' }).click();
  const finals = desk.page.getByRole('region', { name: 'Scholastic World Finals' });
  await expect(finals.getByText('1. ' + alpha.name)).toBeVisible();

  // Alpha's recording is heard (it plays and seeks: Range answered 206) and verified.
  const ranged = desk.page.waitForResponse(
    (response) => response.url().includes('/audio') && response.status() === 206,
  );
  // by keyboard alone: the caption's button, then the dialog's Verify
  await finals.getByRole('button', { name: new RegExp(`General Effect 1: .*, ${escaped(alpha.name)}$`) }).focus();
  await desk.page.keyboard.press('Enter');
  const dialog = desk.page.getByRole('dialog', { name: `${alpha.name}: General Effect 1` });
  const audio = dialog.locator('audio');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(1);
  await ranged;
  await dialog.getByRole('button', { name: 'Verify this recording' }).focus();
  await desk.page.keyboard.press('Enter');
  await expect(dialog.getByText(/Verified by Tess Desk/)).toBeVisible();
  await expectNoSeriousViolations(desk.page);
  await desk.page.screenshot({ path: shot('commentary-verified') });
  await desk.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await finals.getByRole('button', { name: new RegExp(`General Effect 1: .*, ${escaped(bravo.name)}$`) }).click();
  const bravoDialog = desk.page.getByRole('dialog', { name: `${bravo.name}: General Effect 1` });
  await bravoDialog.getByRole('button', { name: 'Move to another group or caption…' }).click();
  await bravoDialog.getByLabel('Performance').selectOption({ label: `Scholastic World Finals: 3. ${charlie.name}` });
  await bravoDialog.getByLabel('Reason').fill(`recorded during ${charlie.name}, filed a group behind`);
  await bravoDialog.getByRole('button', { name: 'Move the recording' }).click();
  await expect(bravoDialog).toBeHidden();
  await expect(
    finals.getByRole('button', { name: new RegExp(`General Effect 1: No recording.*, ${escaped(bravo.name)}$`) }),
  ).toBeVisible();
  await expect(
    finals.getByRole('button', { name: new RegExp(`General Effect 1: Uploaded.*, ${escaped(charlie.name)}$`) }),
  ).toBeVisible();
  await desk.page.screenshot({ path: shot('commentary-moved'), fullPage: true });
  await desk.page.setViewportSize(TABLET);
  await desk.page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSidewaysScroll(desk.page);
  await expectNoSeriousViolations(desk.page);
  await desk.page.screenshot({ path: shot('commentary-tablet-dark'), fullPage: true });
  await desk.page.emulateMedia({ colorScheme: 'light' });
  await desk.page.setViewportSize(LAPTOP);

  // Bravo's own commentary was recorded on the judge's phone: the tabulator uploads the file for the judge.
  await finals
    .getByRole('button', { name: new RegExp(`General Effect 1: No recording.*, ${escaped(bravo.name)}$`) })
    .click();
  await bravoDialog.getByRole('button', { name: 'Upload a file recorded elsewhere…' }).click();
  await bravoDialog.getByLabel('Audio file').setInputFiles('test/fixtures/commentary/chromium-4s.webm');
  await bravoDialog.getByRole('button', { name: 'Upload the file' }).click();
  await expect(bravoDialog.getByText(/Heard now · by Tess Desk/)).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => bravoDialog.locator('audio').evaluate((element: HTMLAudioElement) => element.duration))
    .toBeGreaterThan(3);
  await desk.page.keyboard.press('Escape');
  await expect(
    finals.getByRole('button', { name: new RegExp(`General Effect 1: Uploaded.*, ${escaped(bravo.name)}$`) }),
  ).toBeVisible();

  // "With the scores" is the default: not released until the scores are, then released with them.
  await expect(finals.getByRole('button', { name: /With the scores/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(finals.getByText(/Goes out with the scores: heard by the circuit once they are released/)).toBeVisible();
  await scoreEntry.post(`/competitions/${competition.id}/release`, {
    round: 1,
    divisionId: division.id,
    force: true,
    reason: 'the other captions judge on paper, entered after this journey',
  });
  await expect(finals.getByText(/Released with the scores: the circuit hears it now/)).toBeVisible({ timeout: 15_000 });

  // The console's audit trail says who did what, and why.
  await desk.page.getByRole('link', { name: 'Back to the console' }).click();
  const audit = desk.page.getByRole('region', { name: 'Audit trail' });
  await expect(audit.getByText('verified', { exact: true })).toBeVisible();
  await expect(audit.getByText(`Why: recorded during ${charlie.name}, filed a group behind`)).toBeVisible();
  await expect(audit.getByText(/^moved: /)).toBeVisible();

  // A fan: the recap says nothing of commentary, the audio and its record are refused, and no cache keeps any.
  const moved = await scoreEntry.get<{ data: Schemas['CommentaryRecording'][] }>(
    `/performances/${charlie.id}/commentary`,
  );
  const recordingId = moved.data[0].id;
  const fan = await newPerson(browser, baseURL!, LAPTOP);
  await fan.page.goto(`/competitions/${competition.guid}`);
  await expect(fan.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fan.page.getByText(/commentary/i)).toHaveCount(0);
  const refused = await fan.page.evaluate(async (id) => {
    const statuses: number[] = [];
    for (const path of [`/api/commentary/recordings/${id}/audio`, `/api/commentary/recordings/${id}`])
      for (let time = 0; time < 2; time += 1) statuses.push((await fetch(path)).status);
    return statuses;
  }, recordingId);
  for (const status of refused) expect([401, 403]).toContain(status);
  const cached = await fan.page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
  // the app's code chunks (/assets/) are named for what they hold, commentary's too: only data counts
  expect(
    cached.filter((url) => !new URL(url).pathname.startsWith('/assets/') && /commentary|audio/i.test(url)),
  ).toEqual([]);

  await Promise.all([desk.context.close(), tablet.context.close(), fan.context.close()]);
});
