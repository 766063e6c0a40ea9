import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { newUser, PASSWORD, signIn } from './support/people';

/**
 * The ways in once signed in (issue 36, item 6): the banner offers the console to the roles that use it and the
 * judge's page to a judge; the API's set-password page ends with a link back into the app, to the judge's page for
 * a judge. On a laptop and on a phone.
 */

test.use({ ignoreHTTPSErrors: true });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: nobody signs in on the hosted upstream');

test('a tabulator finds the console in the banner from a fans’ page', async ({ page, scoreEntry }) => {
  const tabulator = await newUser(scoreEntry, 'tabulator', 'Tab', `Banner${Date.now()}`);
  await signIn(page, tabulator, '/seasons');
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('(Tabulator)');
  await expect(banner.getByRole('link', { name: 'Judge', exact: true })).toHaveCount(0);
  await banner.getByRole('link', { name: 'Manage contests' }).click();
  await expect(page).toHaveURL(/\/manage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage contests' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Manage contests' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousViolations(page);
});

test('a judge finds the judge’s page in the banner, and no console', async ({ page, scoreEntry }) => {
  const judge = await newUser(scoreEntry, 'judge', 'Jo', `Banner${Date.now()}`);
  await signIn(page, judge, '/seasons');
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('(Judge)');
  await expect(banner.getByRole('link', { name: 'Manage contests' })).toHaveCount(0);
  await banner.getByRole('link', { name: 'Judge', exact: true }).click();
  await expect(page).toHaveURL(/\/judge$/);
});

test("a group's director finds the group's pages in the banner, and no console", async ({ page, scoreEntry }) => {
  const divisions = await scoreEntry.get<{ data: { id: number }[] }>('/divisions/');
  const group = await scoreEntry.post<{ id: number; name: string }>(
    '/groups/',
    { name: `Cedar HS ${Date.now()}`, divisionId: divisions.data[0].id },
    201,
  );
  const email = `director-${Date.now()}@example.com`;
  const director = await scoreEntry.post<{ passwordLink: { url: string } }>(
    '/users/',
    { email, role: 'group-administrator', firstName: 'Dee', lastName: 'Banner', groupIds: [group.id] },
    201,
  );
  await signIn(page, { ...director, email }, '/seasons');
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('(Group administrator)');
  await expect(banner.getByRole('link', { name: 'Manage contests' })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Judge', exact: true })).toHaveCount(0);
  await banner.getByRole('link', { name: 'My groups' }).click();
  // one group: My groups goes straight to its page
  await expect(page).toHaveURL(new RegExp(`/my-groups/${group.id}$`));
  await expect(page.getByText(group.name).first()).toBeVisible();
  await expect(banner.getByRole('link', { name: 'My groups' })).toHaveAttribute('aria-current', 'page');
});

test('a judge who sets a password is offered the way to sign in to the judge’s page', async ({
  page,
  scoreEntry,
}, testInfo) => {
  const judge = await newUser(scoreEntry, 'judge', 'Ria', `Link${Date.now()}`);
  await page.goto(judge.passwordLink.url);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Marching Results' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('password-set.png'), fullPage: true });
  await page.getByRole('link', { name: 'Sign in to judge' }).click();
  await page.getByLabel('Email').fill(judge.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByRole('banner')).toContainText(`Ria Link`);
});

test('an administrator who sets a password is offered the way to sign in to manage contests', async ({
  page,
  scoreEntry,
}) => {
  const admin = await newUser(scoreEntry, 'administrator', 'Al', `Link${Date.now()}`);
  await page.goto(admin.passwordLink.url);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to manage contests' }).click();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/manage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage contests' })).toBeVisible();
});
