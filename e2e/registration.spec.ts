import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { smallContest } from './support/contest';
import { expect, test } from './support/fixtures';
import { newUser, signIn } from './support/people';
import type { ScoreEntryClient } from './support/score-entry';
import { noServerErrors } from './support/server-errors';

/**
 * Registration for contests in the web app on our API (issue 39 item 3; decisions 136, 139): the circuit's
 * administrator (a laptop) opens a competition's registration with one division of one place; two groups' directors
 * (phones) register: the first is accepted, the second waitlisted at once; the first withdraws and the second gets
 * the place; the circuit marks it paid and finds its performance in the running order. Keyboard for the writes, axe
 * on each page, no 5xx on the way.
 */

test.use({ ignoreHTTPSErrors: true, timezoneId: 'UTC', locale: 'en-US' });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service keeps its own registration');

const PHONE = { width: 390, height: 844 };

/** A director's phone, signed in to their group's registration page. */
async function directorPhone(browser: Browser, baseURL: string, scoreEntry: ScoreEntryClient, group: Group) {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true, viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  const serverErrors = noServerErrors(page);
  const email = `director-${group.id}-${Date.now()}@example.com`;
  const director = await scoreEntry.post<{ passwordLink: { url: string } }>(
    '/users/',
    { email, role: 'group-administrator', firstName: 'Dee', lastName: `Director ${group.id}`, groupIds: [group.id] },
    201,
  );
  await signIn(page, { ...director, email }, `/my-groups/${group.id}`);
  await page.getByRole('link', { name: `Registration of ${group.name}` }).click();
  await expect(page.getByRole('heading', { name: `Registration: ${group.name}` })).toBeVisible();
  return { context, page, serverErrors };
}

interface Group {
  id: number;
  name: string;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

/** `datetime-local` text in UTC (the test's time zone). */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

test('the circuit opens registration, two directors register, a withdrawal gives the waitlisted group the place, and it is paid and in the running order', async ({
  page,
  browser,
  scoreEntry,
  stack,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey: the circuit on the laptop, the directors on phones');
  test.setTimeout(300_000);
  const serverErrors = noServerErrors(page);
  const contest = await smallContest(scoreEntry, { title: 'Registration', groups: ['Elm HS'], year: 1993 });
  const make = (name: string) =>
    scoreEntry.post<Group>('/groups/', { name: `${name} ${contest.stamp}`, divisionId: contest.division.id }, 201);
  const fir = await make('Fir HS');
  const gum = await make('Gum HS');
  const admin = await newUser(scoreEntry, 'administrator', 'Reg', `Circuit${contest.stamp}`);
  const guid = contest.competition.guid;

  // The circuit: from the console to Registration; one division, one place, $150, open now for a day.
  await signIn(page, admin, `/manage/competitions/${guid}`);
  await page.getByRole('link', { name: 'Registration', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/competitions/${guid}/registration$`));
  await expect(page.getByTestId('registration-state')).toContainText('not open');
  await page.getByRole('checkbox', { name: contest.division.name, exact: true }).check();
  await page.getByLabel(`Places in ${contest.division.name}`, { exact: true }).fill('1');
  await page.getByLabel(`Fee, $ for ${contest.division.name}`, { exact: true }).fill('150');
  await page.getByLabel('Registration opens').fill(local(Date.now() - 3600_000));
  await page.getByLabel('Registration closes').fill(local(Date.now() - 7200_000));
  await page.getByRole('button', { name: 'Open registration' }).click();
  await expect(page.getByText('Registration must close after it opens.')).toBeVisible();
  await page.getByLabel('Registration closes').fill(local(Date.now() + 24 * 3600_000));
  await page.getByLabel('Note to groups').fill('Bring your music on a stick');
  await page.getByRole('button', { name: 'Open registration' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('registration-state')).toContainText('Open now');
  await expect(page.getByTestId('registration-state')).toContainText(`${contest.division.name} (0 of 1, $150.00)`);
  await expectNoSeriousViolations(page);

  // The first director registers on a phone, by keyboard: requested.
  const first = await directorPhone(browser, stack.baseURL, scoreEntry, fir);
  const firOpen = first.page.getByRole('listitem').filter({ hasText: contest.competition.name }).first();
  await expect(firOpen).toContainText(`${contest.division.name}: $150.00 · 1 of 1 places left`);
  await expect(firOpen).toContainText('Bring your music on a stick');
  // this contest's form and state: other specs' contests may be open in the same division on a shared stack
  const formOf = (director: typeof first) =>
    director.page.getByRole('form', { name: `Register for ${contest.competition.name}` });
  const stateOf = (director: typeof first) =>
    director.page.getByTestId('group-registration').filter({ hasText: contest.competition.name });
  await formOf(first).getByRole('button', { name: 'Register' }).focus();
  await first.page.keyboard.press('Enter');
  const firState = stateOf(first);
  await expect(firState).toContainText('Requested: the circuit has not decided yet');
  await expectNoSeriousViolations(first.page);
  await expectNoSidewaysScroll(first.page);

  // The circuit accepts it: the place is taken.
  await page.reload();
  await page.getByRole('button', { name: `Accept ${fir.name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${fir.name} is accepted`)).toBeVisible();
  await expect(page.getByRole('link', { name: `In the running order for ${fir.name}` })).toBeVisible();

  // The second director finds the division full: registering waitlists at once.
  const second = await directorPhone(browser, stack.baseURL, scoreEntry, gum);
  await expect(
    formOf(second).getByText('This division is full: registering puts the group on its waitlist.'),
  ).toBeVisible();
  await formOf(second).getByRole('button', { name: 'Join the waitlist' }).focus();
  await second.page.keyboard.press('Enter');
  const gumState = stateOf(second);
  await expect(gumState).toContainText('Waitlisted: the group gets the place when one is freed');
  await expectNoSeriousViolations(second.page);

  // The first withdraws (and says so in the browser's confirm): the place goes to the second.
  await first.page.reload();
  await expect(firState).toContainText('Accepted: in the running order; not paid yet');
  first.page.once('dialog', (dialog) => void dialog.accept());
  await first.page.getByRole('button', { name: `Withdraw from ${contest.competition.name}` }).focus();
  await first.page.keyboard.press('Enter');
  await expect(firState).toContainText('Withdrawn');
  await expect(first.page.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
  await second.page.reload();
  await expect(gumState).toContainText('Accepted: in the running order; not paid yet (a place was freed)');

  // The circuit marks it paid and finds its performance in the running order.
  await page.reload();
  const gumRow = page.getByTestId('registration-row').filter({ hasText: gum.name });
  await expect(gumRow).toContainText('Accepted');
  await page.getByRole('button', { name: `Mark paid ${gum.name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(gumRow).toContainText('Paid');
  await expect(page.getByTestId('registration-row').filter({ hasText: fir.name })).toContainText('Withdrawn');
  await expectNoSeriousViolations(page);
  await second.page.reload();
  await expect(gumState).toContainText('in the running order; paid');
  await page.getByRole('link', { name: `In the running order for ${gum.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/competitions/${guid}/entries`));
  await expect(page.getByText(gum.name).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(fir.name)).toHaveCount(0);

  expect([...serverErrors, ...first.serverErrors, ...second.serverErrors]).toEqual([]);
  await first.context.close();
  await second.context.close();
});
