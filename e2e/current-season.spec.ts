import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { startOurStack } from './support/our-stack';
import type { Started } from './support/processes';
import { newUser, signIn } from './support/people';
import { scoreEntryClient, type ScoreEntryClient } from './support/score-entry';
import type { StackState } from './support/stack-state';

/**
 * The current season (issue 36, item 7), as a volunteer met it: on a fresh `npm start` with the sample circuit,
 * whose season runs August to May around today, the administrator adds a season for today's show and its contest;
 * with none chosen it is current by itself (a contest today, inside the longer season), and the fans' home page
 * and /manage open on it. The circuit then chooses the sample's season on /manage/seasons, and both follow; "Let
 * the dates decide" gives it back. On a stack of its own: the shared stack's fans must keep their season.
 */

const SHOTS = 'test-results/current-season';
const PHONE = { width: 390, height: 844 };

test.use({ ignoreHTTPSErrors: true, timezoneId: 'UTC', locale: 'en-US' });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service keeps its own seasons');

const own = test.extend<object, { ownStack: StackState & { key: ScoreEntryClient } }>({
  ownStack: [
    async ({}, use) => {
      const workDir = mkdtempSync(path.join(tmpdir(), 'marching-e2e-season-'));
      const processes: Started[] = [];
      try {
        // every read revalidated: a choice shows on the fan's next load
        const stack = await startOurStack(workDir, processes, { recapPages: [], env: { BFF_CACHE_TTL_MS: '0' } });
        await use({ ...stack, key: await scoreEntryClient({ ...stack, scoreEntry: stack.scoreEntry! }) });
      } finally {
        await Promise.all(processes.map((started) => started.stop()));
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ ownStack }, use) => use(ownStack.baseURL),
});

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The season the fans' home page opens on, as a fan on a phone loads it. */
async function expectHomeOn(fan: Page, seasonName: string) {
  await fan.goto('/');
  await expect(fan.getByRole('heading', { level: 1, name: seasonName, exact: true })).toBeVisible();
}

/** The season /manage opens on (its season box). */
async function expectManageOn(page: Page, season: { id: number }) {
  await page.goto('/manage');
  await expect(page.getByRole('combobox', { name: 'Season' })).toHaveValue(String(season.id));
}

own(
  'a season set up for today is current by itself, and the circuit chooses another on /manage',
  async ({ page, browser, ownStack }, testInfo) => {
    own.skip(testInfo.project.name !== 'desktop', 'a laptop at /manage and a phone at home, in one journey');
    own.setTimeout(240_000);
    type Season = { id: number; name: string; current: boolean };
    const seasons = async () => (await ownStack.key.get<{ data: Season[] }>('/seasons/')).data;
    const sampleSeason = (await seasons()).find((season) => season.current)!;
    const sample = sampleSeason.name;
    const fanContext = await browser.newContext({
      baseURL: ownStack.baseURL,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      timezoneId: 'UTC',
    });
    const fan = await fanContext.newPage();
    await expectHomeOn(fan, sample);

    // The administrator adds a season for today's show, inside the sample's; the sample's is current by its dates.
    const admin = await newUser(ownStack.key, 'administrator', 'Ada', 'Current');
    await signIn(page, admin, '/manage/seasons');
    const rowOf = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) });
    await expect(rowOf(sample).getByText('current, by its dates')).toBeVisible();
    const show = '2026 Winter Show';
    const form = page.getByRole('region', { name: 'Add a season' });
    await form.getByLabel('Name').fill(show);
    await form.getByLabel('First day').fill(day(-1));
    await form.getByLabel('Last day').fill(day(20));
    await form.getByRole('button', { name: 'Add season' }).click();
    await expect(rowOf(show)).toBeVisible();
    // no contest of its own yet: the sample's, with today's, stays current
    await expect(rowOf(sample).getByText('current, by its dates')).toBeVisible();
    await expect(rowOf(show).getByText(/^current/)).toHaveCount(0);

    // Today's contest in the new season (made with the circuit's key, as the events page would): it is current now.
    const showSeason = (await seasons()).find((season) => season.name === show)!;
    const event = await ownStack.key.post<{ id: number }>(
      '/events/',
      { seasonId: showSeason.id, name: 'Winter Show Day', eventTypeId: 1, startDate: day(0) },
      201,
    );
    await ownStack.key.post(
      `/events/${event.id}/competitions`,
      { name: 'Winter Show Finals', date: new Date().toISOString(), groupTypeId: 1 },
      201,
    );
    await page.reload();
    await expect(rowOf(show).getByText('current, by its dates')).toBeVisible();
    await expect(rowOf(sample).getByText(/^current/)).toHaveCount(0);
    await expectHomeOn(fan, show);
    await fan.screenshot({ path: `${SHOTS}/home-new-season-phone.png`, fullPage: true });
    await expectManageOn(page, showSeason);
    await expect(page.getByRole('link', { name: 'Winter Show Day: Winter Show Finals' })).toBeVisible();

    // The circuit chooses the sample's season, by keyboard; home and /manage follow.
    await page.goto('/manage/seasons');
    await page.getByRole('button', { name: `Make current: ${sample}` }).focus();
    await page.keyboard.press('Enter');
    await expect(rowOf(sample).getByText('current, chosen')).toBeVisible();
    await expect(rowOf(show).getByText(/^current/)).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${SHOTS}/seasons-chosen-desktop.png`, fullPage: true });
    await expectHomeOn(fan, sample);
    await expectManageOn(page, sampleSeason);

    // "Let the dates decide": none chosen, the season with today's contest is current again.
    await page.goto('/manage/seasons');
    await page.getByRole('button', { name: `Let the dates decide (${sample} is chosen)` }).click();
    await expect(rowOf(show).getByText('current, by its dates')).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${SHOTS}/seasons-phone.png`, fullPage: true });
    await expectHomeOn(fan, show);
    await fanContext.close();
  },
);
