import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { smallContest } from './support/contest';
import { expect, test } from './support/fixtures';
import { newUser, signIn } from './support/people';

/**
 * The schedule builder in /manage (issue 40 items 2 and 4; decision 138) on our API: a circuit's administrator
 * builds a competition's schedule from its running order with a break and the awards, publishes it; the standard
 * schedule page shows the times; moves a group (by keyboard), publishes again with a reason; the page says what
 * moved. The contest is set up through the API with the stack's key in a season of its own far in the past.
 */

const SHOTS = 'test-results/schedule';

test.use({ ignoreHTTPSErrors: true, timezoneId: 'UTC', locale: 'en-US' });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service manages its own contests');

async function shoot(page: Page, name: string, project: string) {
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

/** The rows of the order of the day: each one's times and name, as shown. */
async function rowsOf(page: Page) {
  const rows = await page.getByTestId('schedule-row').allInnerTexts();
  return rows.map((row) => row.replace(/\s+/g, ' ').trim());
}

/** The standard schedule page's rows as a scraper reads them: time and group. */
async function publishedRows(page: Page, url: string) {
  await page.goto(url);
  return page
    .locator('.schedule-row')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector('.schedule-row__time')?.textContent?.trim()} ${row.querySelector('.schedule-row__name')?.textContent?.trim()}`,
      ),
    );
}

test('an administrator builds the schedule with a break and the awards, publishes, moves a group and publishes again with a reason @journey', async ({
  page,
  scoreEntry,
}, testInfo) => {
  test.skip(testInfo.project.name === 'desktop', 'on a desktop, e2e/schedule-journey.spec.ts runs these steps');
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  const contest = await smallContest(scoreEntry, {
    title: 'Schedule',
    groups: ['Aspen HS', 'Beech HS', 'Cedar HS', 'Dogwood HS'],
    year: 1995,
  });
  const name = (short: string) => `${short} ${contest.stamp}`;
  const admin = await newUser(scoreEntry, 'administrator', 'Sam', `Schedule${contest.stamp}`);
  const scheduleUrl = `/manage/competitions/${contest.competition.guid}/schedule`;

  // From the console: its Schedule link.
  await signIn(page, admin, `/manage/competitions/${contest.competition.guid}`);
  await page.getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${scheduleUrl}$`));
  await expect(
    page.getByRole('heading', { name: `Schedule: ${contest.event.name} · ${contest.competition.name}` }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('schedule-state')).toContainText('Not published yet');

  // The day: from 18:00, the venue closes at 19:00, ten minutes a group.
  await page.getByLabel('First item starts').fill('1995-03-08T18:00');
  await page.getByLabel('Venue ends').fill('1995-03-08T19:00');
  await page.getByLabel(contest.division.name, { exact: true }).fill('0');
  await expect(page.getByText(/an interval is a whole number of minutes from 1 to 120/)).toBeVisible();
  await page.getByLabel(contest.division.name, { exact: true }).fill('10');

  // A break before Cedar, the awards at the end.
  await page.getByLabel('Add a').selectOption('break');
  await page.getByLabel('before').selectOption({ label: `3. ${name('Cedar HS')}` });
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByLabel('Add a').selectOption('awards');
  await page.getByLabel('before').selectOption({ label: 'the end' });
  await page.getByRole('button', { name: 'Add block' }).click();
  expect(await rowsOf(page)).toEqual([
    expect.stringContaining(`6:00 PM–6:10 PM ${name('Aspen HS')}`),
    expect.stringContaining(`6:10 PM–6:20 PM ${name('Beech HS')}`),
    expect.stringMatching(/^6:20 PM–6:35 PM Kind/),
    expect.stringContaining(`6:35 PM–6:45 PM ${name('Cedar HS')}`),
    expect.stringContaining(`6:45 PM–6:55 PM ${name('Dogwood HS')}`),
    expect.stringMatching(/^6:55 PM–7:15 PM Kind/),
  ]);
  // The awards run past the venue's end: said in words, and publishing refuses until it is dealt with.
  await expect(page.getByTestId('schedule-conflict-list')).toHaveText(
    "Awards ends 15 minutes after the venue's end time.",
  );
  await page.getByLabel('Venue ends').fill('1995-03-08T19:30');
  await expect(page.getByTestId('schedule-no-conflicts')).toBeVisible();
  await shoot(page, 'draft', project);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published version 1: the standard schedule shows its times.')).toBeVisible();
  await expect(page.getByTestId('schedule-state')).toContainText(`Version 1 published`);
  const standard = await page.getByRole('link', { name: 'The published schedule' }).getAttribute('href');
  expect(standard).toBeTruthy();

  // The standard schedule page shows the times.
  expect(await publishedRows(page, standard!)).toEqual([
    `18:00 UTC ${name('Aspen HS')}`,
    `18:10 UTC ${name('Beech HS')}`,
    `18:35 UTC ${name('Cedar HS')}`,
    `18:45 UTC ${name('Dogwood HS')}`,
  ]);

  // Cedar moves up before the break, by keyboard alone; the page says what moves; a reason is asked for.
  await page.goto(scheduleUrl);
  await expect(page.getByTestId('schedule-state')).toContainText('Version 1 published', { timeout: 30_000 });
  await page.getByRole('button', { name: `Move ${name('Cedar HS')} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Move ${name('Cedar HS')} up` })).toBeFocused();
  await expect(page.getByTestId('schedule-moves-list')).toHaveText(`${name('Cedar HS')}: 6:35 PM → 6:20 PM`);
  // Beech cannot pass Aspen: the running order is the draw's and the entries page's.
  await page.getByRole('button', { name: `Move ${name('Beech HS')} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('keep their running order');
  await page.getByRole('button', { name: 'Publish' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Say why the schedule changes');
  await page.getByLabel('Why it changes').fill("Cedar's bus arrives early");
  await page.getByRole('button', { name: 'Publish' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Published version 2: the standard schedule shows its times.')).toBeVisible();
  const history = page.getByRole('region', { name: 'Published versions' });
  await expect(history.getByText(/Version 2, .*: Cedar's bus arrives early/)).toBeVisible();
  await expect(history.getByRole('list', { name: 'What moved in version 2' })).toHaveText(
    `${name('Cedar HS')}: 6:35 PM → 6:20 PM`,
  );
  await shoot(page, 'published-again', project);

  expect(await publishedRows(page, standard!)).toEqual([
    `18:00 UTC ${name('Aspen HS')}`,
    `18:10 UTC ${name('Beech HS')}`,
    `18:20 UTC ${name('Cedar HS')}`,
    `18:45 UTC ${name('Dogwood HS')}`,
  ]);
});
