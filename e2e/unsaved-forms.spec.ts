import { expectNoSeriousViolations } from './support/axe';
import { smallContest } from './support/contest';
import { expect, test } from './support/fixtures';
import { newUser, signIn } from './support/people';

/**
 * Unsaved set-up forms ask before they are left (issue 36, item 9: Browser Back discarded a typed event name and six
 * unsaved running-order moves silently): in-app navigation, Back included, asks on the page; a reload or closing
 * the tab asks through the browser's own prompt. Nothing typed, nothing asked.
 */

test.use({ ignoreHTTPSErrors: true });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service manages its own contests');
test.skip(
  ({ isMobile }) => isMobile,
  'the set-up forms are filled on a laptop: what they ask does not depend on the screen',
);

test('Back from a typed event name asks first; staying keeps what was typed', async ({ page, scoreEntry }) => {
  test.setTimeout(120_000);
  const contest = await smallContest(scoreEntry, { title: 'Unsaved', groups: ['Yew HS'] });
  const admin = await newUser(scoreEntry, 'administrator', 'Ad', `Unsaved${contest.stamp}`);
  await signIn(page, admin, '/manage');
  await page.getByRole('navigation', { name: 'Set up' }).getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events and competitions' })).toBeVisible();

  // Nothing typed: Back leaves without a word.
  await page.getByRole('button', { name: 'New event' }).click();
  await expect(page.getByRole('dialog', { name: 'New event' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/manage$/);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Events and competitions' })).toBeVisible();

  await page.getByRole('button', { name: 'New event' }).click();
  const newEvent = page.getByRole('dialog', { name: 'New event' });
  await newEvent.getByLabel('Name').fill('Spring Classic');
  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('the new event');
  await expect(page).toHaveURL(/\/manage\/events/);
  await expectNoSeriousViolations(page);
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(ask).toBeHidden();
  await expect(newEvent.getByLabel('Name')).toHaveValue('Spring Classic');
  await expect(page).toHaveURL(/\/manage\/events/);

  // Asked again, the volunteer leaves: the page goes where Back went.
  await page.goBack();
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/manage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage contests' })).toBeVisible();
});

test('six unsaved running-order moves ask before Back, a change of division and a reload', async ({
  page,
  scoreEntry,
}, testInfo) => {
  test.setTimeout(120_000);
  const contest = await smallContest(scoreEntry, {
    title: 'Moves',
    groups: ['Alder HS', 'Birch HS', 'Cedar HS', 'Dogwood HS', 'Elm HS', 'Fir HS', 'Gum HS'],
  });
  const admin = await newUser(scoreEntry, 'administrator', 'Ad', `Moves${contest.stamp}`);
  await signIn(page, admin, `/manage/competitions/${contest.competition.guid}`);
  await page.getByRole('link', { name: 'Entries', exact: true }).click({ timeout: 30_000 });
  const order = page.getByRole('region', { name: /^Running order:/ });
  // Six moves by keyboard: the last group up to the top, one place at a time.
  const last = order.getByRole('listitem').filter({ hasText: contest.performances[6].group });
  await last.focus();
  for (let move = 0; move < 6; move += 1) await page.keyboard.press('Alt+ArrowUp');
  await expect(order.getByRole('listitem').first()).toContainText(contest.performances[6].group);
  await expect(order.getByRole('button', { name: /^Save running order \(7 changed\)$/ })).toBeVisible();

  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText(`the running order of ${contest.division.name} ${contest.round.name}`);
  await page.screenshot({ path: testInfo.outputPath('leave-without-saving.png') });
  await ask.getByRole('button', { name: 'Stay on this page' }).press('Enter');
  await expect(order.getByRole('listitem').first()).toContainText(contest.performances[6].group);

  // Another division of the same page is leaving this running order too.
  const division = page.getByRole('combobox', { name: 'Division', exact: true });
  const other = (await division.getByRole('option', { includeHidden: true }).allTextContents()).find(
    (text) => !text.startsWith(contest.division.name),
  );
  expect(other, 'the sample has another division of this kind of group').toBeDefined();
  await division.selectOption({ label: other! });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(division).toHaveValue(String(contest.division.id));
  await expect(order.getByRole('listitem').first()).toContainText(contest.performances[6].group);

  // Reloading or closing the tab: the browser asks; dismissed, everything stays.
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(order.getByRole('listitem').first()).toContainText(contest.performances[6].group);

  // Saved, the page is left without a question.
  await order.getByRole('button', { name: /^Save running order/ }).click();
  await expect(order.getByRole('button', { name: /^Save running order \(0 changed\)$/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/manage/competitions/${contest.competition.guid}$`));
  await expect(ask).toBeHidden();
});

test('a penalty typed on the console asks before Forward leaves it; Cancel, and nothing is asked', async ({
  page,
  scoreEntry,
}) => {
  test.setTimeout(120_000);
  const contest = await smallContest(scoreEntry, { title: 'Penalty', groups: ['Hazel HS'] });
  const admin = await newUser(scoreEntry, 'administrator', 'Ad', `Penalty${contest.stamp}`);
  const consolePath = `/manage/competitions/${contest.competition.guid}`;
  await signIn(page, admin, consolePath);
  // A page to go Forward to: the contest's entries, then Back to the console.
  await page.getByRole('link', { name: 'Entries', exact: true }).click({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: /^Running order:/ })).toBeVisible();
  await page.goBack();
  const group = contest.performances[0].group;
  const change = page.getByRole('button', { name: `${group}: penalty 0. Change` });
  await change.click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: `${group}: penalty and performance` });
  await dialog.getByLabel('Points (0 clears it)').fill('0.5');

  await page.goForward();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText(`the penalty and performance of ${group}`);
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog.getByLabel('Points (0 clears it)')).toHaveValue('0.5');
  await expect(page).toHaveURL(new RegExp(`${consolePath}$`));

  // Cancelled, nothing is held: Forward goes without a question.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.goForward();
  await expect(page.getByRole('region', { name: /^Running order:/ })).toBeVisible();
  await expect(ask).toBeHidden();
});
