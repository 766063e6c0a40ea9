import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { newUser, PASSWORD, signIn } from './support/people';

/**
 * One-time password links that are not lost (issue 36, item 5): an administrator on /manage/users adds several
 * users in a row, each asked for a role, and every link stays on screen beside its user until dismissed; any user
 * can be given a new link, after which the older one no longer works. The CLI's `user link` is tested with the
 * CLI (test/cli/cli.test.ts).
 */

test.use({ ignoreHTTPSErrors: true });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service manages its own users');
test.skip(({ isMobile }) => isMobile, 'the users page is used on a laptop; its own tablet check sets its viewport');

const TABLET = { width: 820, height: 1180 };

async function freshBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  return { context, page: await context.newPage() };
}

/** The person opens a link and sets a password with it: true when the page took it. */
async function setPassword(page: Page, link: string) {
  await page.goto(link);
  if (await page.getByRole('heading', { name: 'This link does not work' }).isVisible()) return false;
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  return true;
}

test('an administrator adds three users in a row, each asked for a role, and every link stays beside its user', async ({
  page,
  scoreEntry,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const admin = await newUser(scoreEntry, 'administrator', 'Ada', `Links${stamp}`);
  await signIn(page, admin, '/manage/users');
  const form = page.getByRole('form', { name: 'Add a user' });

  // The role is asked for: nothing is chosen for the volunteer, and an add without one is refused at the field.
  await expect(form.getByLabel('Role')).toHaveValue('');
  await form.getByLabel('Email').fill(`first-${stamp}@example.com`);
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(form.getByLabel('Role')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Choose a role: what may they do?')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `first-${stamp}@example.com` })).toHaveCount(0);

  // Three users added in a row, by keyboard; each link is still there when the next is added.
  const people = [
    { email: `first-${stamp}@example.com`, role: 'Judge', first: 'Fay', last: `First${stamp}` },
    { email: `second-${stamp}@example.com`, role: 'Tabulator', first: 'Sam', last: `Second${stamp}` },
    { email: `third-${stamp}@example.com`, role: 'Chief judge', first: 'Tia', last: `Third${stamp}` },
  ];
  const links: string[] = [];
  for (const person of people) {
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Role').selectOption({ label: person.role });
    await form.getByLabel('First name').fill(person.first);
    await form.getByLabel('Last name').fill(person.last);
    await form.getByLabel('Last name').press('Enter');
    const handOver = page.getByRole('region', { name: `${person.first} ${person.last} is added` });
    await expect(handOver).toBeVisible();
    links.push(await handOver.getByLabel(`One-time password link for ${person.first} ${person.last}`).inputValue());
    // the form is empty again, and asks for the next one's role again
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Role')).toHaveValue('');
  }
  expect(new Set(links).size).toBe(3);
  for (const [index, person] of people.entries()) {
    const handOver = page.getByRole('region', { name: `${person.first} ${person.last} is added` });
    await expect(handOver).toBeVisible();
    await expect(handOver.getByLabel(`One-time password link for ${person.first} ${person.last}`)).toHaveValue(
      links[index],
    );
  }
  // Each link is beside its user in the list, not at the top of the page.
  const users = page.getByRole('table', { name: 'Users and their roles' });
  for (const person of people)
    await expect(users.getByRole('region', { name: `${person.first} ${person.last} is added` })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('user-links-laptop.png'), fullPage: true });
  await page.setViewportSize(TABLET);
  await page.screenshot({ path: testInfo.outputPath('user-links-tablet.png'), fullPage: true });

  // Dismissed one by one: the others stay.
  await page
    .getByRole('region', { name: `${people[0].first} ${people[0].last} is added` })
    .getByRole('button', { name: 'Done' })
    .click();
  await expect(page.getByRole('region', { name: `${people[0].first} ${people[0].last} is added` })).toBeHidden();
  await expect(page.getByRole('region', { name: `${people[1].first} ${people[1].last} is added` })).toBeVisible();
  await expect(page.getByRole('region', { name: `${people[2].first} ${people[2].last} is added` })).toBeVisible();
});

test('a user given a new link sets a password with it, and the older link no longer works', async ({
  page,
  browser,
  scoreEntry,
  stack,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const admin = await newUser(scoreEntry, 'administrator', 'Ada', `Again${stamp}`);
  // The judge's first link was handed over and lost.
  const judge = await newUser(scoreEntry, 'judge', 'Lou', `Lost${stamp}`);
  await signIn(page, admin, '/manage/users');

  const row = page.getByRole('row').filter({ hasText: judge.email });
  await expect(row).toContainText('Has not set a password yet');
  await row.getByRole('button', { name: `New password link for Lou Lost${stamp}` }).click();
  const confirm = page.getByRole('dialog', { name: `A new password link for Lou Lost${stamp}?` });
  await expect(confirm).toContainText('The link made before stops working');
  await confirm.getByRole('button', { name: 'Make a new link' }).press('Enter');
  await expect(confirm).toBeHidden();
  const handOver = page.getByRole('region', { name: `A new password link for Lou Lost${stamp}` });
  await expect(handOver).toBeVisible();
  await expect(handOver).toContainText('24 hours');
  const fresh = await handOver.getByLabel(`One-time password link for Lou Lost${stamp}`).inputValue();
  expect(fresh).toMatch(/^https:\/\/.+set-password\?token=/);
  expect(fresh).not.toBe(judge.passwordLink.url);
  await expectNoSeriousViolations(page);

  // On the judge's own device: the old link is dead, the new one works once.
  const lou = await freshBrowser(browser, stack.baseURL);
  try {
    expect(await setPassword(lou.page, judge.passwordLink.url)).toBe(false);
    await expect(lou.page.getByText(/Ask your organization.s administrator for a new link/)).toBeVisible();
    expect(await setPassword(lou.page, fresh)).toBe(true);
    expect(await setPassword(lou.page, fresh)).toBe(false);
  } finally {
    await lou.context.close();
  }
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: judge.email })).toContainText('Can sign in');
});
