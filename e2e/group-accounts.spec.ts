import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { newUser, setPasswordAndSignIn, signIn } from './support/people';
import type { ScoreEntryClient } from './support/score-entry';
import { noServerErrors } from './support/server-errors';

/**
 * Group accounts in the web app on our API (issue 39, decision 133): the circuit's administrator invites a group's
 * director on /manage/users (a group role, its group, the one-time link); the director sets a password, signs in,
 * adds a staff member (and makes a new link in place of a lost one) on the group's people page and is refused, in words, leaving as its last administrator. A
 * person asks for access to a group from the sign-in side ("Find my group") and the circuit approves it on
 * /manage/access-requests (another is refused with a reason). A group's staff cannot open the circuit's pages nor
 * another group's people, and no page answers a 5xx on the way.
 */

test.use({ ignoreHTTPSErrors: true });
test.skip(({ upstream }) => upstream !== 'ours', "our API only: the hosted service keeps its own groups' accounts");

/** Another person's browser, of the project's size (laptop or phone). */
async function freshBrowser(browser: Browser, baseURL: string, like: Page) {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true, viewport: like.viewportSize() });
  const page = await context.newPage();
  return { context, page, serverErrors: noServerErrors(page) };
}

async function twoGroups(scoreEntry: ScoreEntryClient, stamp: number) {
  const divisions = await scoreEntry.get<{ data: { id: number }[] }>('/divisions/');
  const make = (name: string) =>
    scoreEntry.post<{ id: number; name: string }>('/groups/', { name, divisionId: divisions.data[0].id }, 201);
  return { own: await make(`Aspen HS ${stamp}`), other: await make(`Birch HS ${stamp}`) };
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(widths.client);
}

test("the circuit invites a director, who adds a staff member and cannot leave as the group's last administrator", async ({
  page,
  browser,
  scoreEntry,
  stack,
}, testInfo) => {
  test.setTimeout(180_000);
  const serverErrors = noServerErrors(page);
  const stamp = Date.now();
  const { own, other } = await twoGroups(scoreEntry, stamp);
  const admin = await newUser(scoreEntry, 'administrator', 'Ada', `Circuit${stamp}`);
  await signIn(page, admin, '/manage');
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  // A group role asks for its groups: without one the add is refused at the field, before anything is sent.
  const form = page.getByRole('form', { name: 'Add a user' });
  const director = { email: `director-${stamp}@example.com`, first: 'Dee', last: `Director${stamp}` };
  await form.getByLabel('Email').fill(director.email);
  await form.getByLabel('Role').selectOption({ label: 'Group administrator' });
  await form.getByLabel('First name').fill(director.first);
  await form.getByLabel('Last name').fill(director.last);
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(form.getByText('Choose the groups they act for.')).toBeVisible();
  await form.getByRole('group', { name: 'Groups' }).getByLabel(own.name, { exact: true }).check();
  await form.getByRole('button', { name: 'Add user' }).click();
  const handOver = page.getByRole('region', { name: `${director.first} ${director.last} is added` });
  await expect(handOver).toBeVisible();
  const directorLink = await handOver
    .getByLabel(`One-time password link for ${director.first} ${director.last}`)
    .inputValue();
  const row = page.getByRole('row').filter({ hasText: director.email });
  await expect(row).toContainText('Group administrator');
  await expect(row.getByRole('link', { name: own.name })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('users-group-director.png'), fullPage: true });

  // The director sets a password and signs in to the group's people page.
  const directorSide = await freshBrowser(browser, stack.baseURL, page);
  const people = directorSide.page;
  await setPasswordAndSignIn(people, directorLink, director.email, `/my-groups/${own.id}/people`);
  await expect(people.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await expect(people.getByRole('main')).toContainText(own.name);
  const accounts = people.getByRole('table', { name: `${own.name}'s people and their roles` });
  await expect(accounts.getByRole('row').filter({ hasText: director.email })).toContainText('(you)');

  // Adds a staff member by keyboard: the one-time link is shown to hand over.
  const add = people.getByRole('form', { name: 'Add a person' });
  const staff = { email: `staff-${stamp}@example.com`, first: 'Sol', last: `Staff${stamp}` };
  await add.getByLabel('Email').fill(staff.email);
  await add.getByLabel('Role').selectOption({ label: 'Group staff' });
  await add.getByLabel('First name').fill(staff.first);
  await add.getByLabel('Last name').fill(staff.last);
  await add.getByLabel('Last name').press('Enter');
  const staffHandOver = people.getByRole('region', { name: `${staff.first} ${staff.last} is added` });
  await expect(staffHandOver).toBeVisible();
  const staffLink = await staffHandOver
    .getByLabel(`One-time password link for ${staff.first} ${staff.last}`)
    .inputValue();
  expect(staffLink).toMatch(/set-password/);
  await expect(accounts.getByRole('row').filter({ hasText: staff.email })).toContainText('Group staff');
  // The same email again: refused at its field, in words.
  await add.getByLabel('Email').fill(staff.email);
  await add.getByLabel('Role').selectOption({ label: 'Group staff' });
  await add.getByRole('button', { name: 'Add person' }).click();
  await expect(add.getByText("This email is already one of this group's accounts")).toBeVisible();
  await add.getByLabel('Email').fill('');
  await add.getByLabel('Role').selectOption('');

  // The link is lost before it is used: "New link" makes another in its place (the director, who has a password,
  // has none to make).
  await accounts.getByRole('button', { name: `New password link for ${staff.first} ${staff.last}` }).click();
  await people
    .getByRole('dialog', { name: `A new password link for ${staff.first} ${staff.last}?` })
    .getByRole('button', { name: 'Make a new link' })
    .click();
  const newLink = await people
    .getByRole('region', { name: `A new password link for ${staff.first} ${staff.last}` })
    .getByLabel(`One-time password link for ${staff.first} ${staff.last}`)
    .inputValue();
  expect(newLink).toMatch(/set-password/);
  expect(newLink).not.toBe(staffLink);
  await expect(
    accounts.getByRole('button', { name: `New password link for ${director.first} ${director.last}` }),
  ).toHaveCount(0);

  // Leaving as the last administrator: refused in words, and the director is still listed.
  await accounts.getByRole('button', { name: `Remove ${director.first} ${director.last} from ${own.name}` }).click();
  const leave = people.getByRole('dialog', { name: `Leave ${own.name}?` });
  await leave.getByRole('button', { name: `Leave ${own.name}` }).click();
  await expect(leave.getByRole('alert')).toContainText("You are this group's last administrator");
  await expectNoSeriousViolations(people);
  await people.screenshot({ path: testInfo.outputPath('people-last-administrator.png'), fullPage: true });
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(accounts.getByRole('row').filter({ hasText: director.email })).toBeVisible();
  await expectNoSidewaysScroll(people);
  await people.screenshot({ path: testInfo.outputPath('people-director.png'), fullPage: true });

  // Another group's people: refused in words.
  await people.goto(`/my-groups/${other.id}/people`);
  await expect(people.getByText('Not a group you administer')).toBeVisible();

  // The staff member signs in: the circuit's pages and any group's people are not theirs.
  const staffSide = await freshBrowser(browser, stack.baseURL, page);
  await setPasswordAndSignIn(staffSide.page, newLink, staff.email, `/my-groups/${own.id}`);
  await expect(staffSide.page.getByText(own.name).first()).toBeVisible();
  for (const path of ['/manage', '/manage/users', '/manage/access-requests'])
    await staffSide.page.goto(path).then(() => expect(staffSide.page.getByText(/not for your role/)).toBeVisible());
  // the refusal leads to the group's pages, as the banner does
  await expect(staffSide.page.getByRole('main').getByRole('link', { name: 'My groups' })).toBeVisible();
  await expect(staffSide.page.getByRole('banner').getByRole('link', { name: 'My groups' })).toBeVisible();
  for (const groupId of [own.id, other.id]) {
    await staffSide.page.goto(`/my-groups/${groupId}/people`);
    await expect(staffSide.page.getByText("Only a group's administrators add and remove its people")).toBeVisible();
  }
  await expectNoSeriousViolations(staffSide.page);
  await staffSide.page.screenshot({ path: testInfo.outputPath('people-staff-refused.png'), fullPage: true });
  // Through the BFF the API refuses the staff member the same way (403 with its words), never a 5xx.
  const refused = await staffSide.page.request.get(`/api/groups/${other.id}/accounts`);
  expect(refused.status()).toBe(403);
  expect([...serverErrors, ...directorSide.serverErrors, ...staffSide.serverErrors]).toEqual([]);
  await directorSide.context.close();
  await staffSide.context.close();
});

test('a person asks for access to a group from the sign-in side, and the circuit approves it', async ({
  page,
  browser,
  scoreEntry,
  stack,
}, testInfo) => {
  test.setTimeout(180_000);
  const serverErrors = noServerErrors(page);
  const stamp = Date.now();
  const { own } = await twoGroups(scoreEntry, stamp);
  const asker = { email: `asker-${stamp}@example.com`, first: 'Ash', last: `Asker${stamp}` };
  const stranger = { email: `stranger-${stamp}@example.com`, first: 'Sam', last: `Stranger${stamp}` };

  // From the sign-in page, "Find my group": two people ask.
  const askerSide = await freshBrowser(browser, stack.baseURL, page);
  for (const person of [asker, stranger]) {
    await askerSide.page.goto('/auth/sign-in?returnTo=%2Fmy-groups');
    await askerSide.page.getByRole('link', { name: 'Find my group' }).click();
    await askerSide.page.getByLabel('First name').fill(person.first);
    await askerSide.page.getByLabel('Last name').fill(person.last);
    await askerSide.page.getByLabel('Email').fill(person.email);
    await askerSide.page.getByLabel('Your group').selectOption({ label: own.name });
    await askerSide.page.getByRole('radio', { name: /Staff/ }).check();
    await askerSide.page.getByLabel('A message for the circuit (optional)').fill(`I am ${person.first}, percussion.`);
    await askerSide.page.getByRole('button', { name: 'Send the request' }).click();
    await expect(askerSide.page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
  }

  // The circuit's administrator finds both waiting, refuses one with a reason and approves the other.
  const admin = await newUser(scoreEntry, 'administrator', 'Ada', `Requests${stamp}`);
  await signIn(page, admin, '/manage');
  await page.getByRole('link', { name: 'Access requests' }).click();
  await expect(page.getByRole('heading', { name: 'Access requests', level: 1 })).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting' });
  const askerCard = waiting.getByRole('article', {
    name: `${asker.first} ${asker.last} asks to be ${own.name}'s group staff`,
  });
  await expect(askerCard).toContainText(asker.email);
  await expect(askerCard).toContainText('I am Ash, percussion.');
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('access-requests-waiting.png'), fullPage: true });

  await waiting.getByRole('button', { name: `Refuse ${stranger.first} ${stranger.last} for ${own.name}` }).click();
  const refuse = page.getByRole('dialog', { name: `Refuse ${stranger.first} ${stranger.last}'s request?` });
  await refuse.getByLabel('Reason (optional)').fill('Not on the group’s staff list');
  await refuse.getByRole('button', { name: 'Refuse the request' }).click();
  await expect(refuse).toBeHidden();

  await askerCard.getByRole('button', { name: `Approve ${asker.first} ${asker.last} for ${own.name}` }).click();
  const handOver = page.getByRole('region', { name: `${asker.first} ${asker.last} is added` });
  await expect(handOver).toBeVisible();
  const link = await handOver.getByLabel(`One-time password link for ${asker.first} ${asker.last}`).inputValue();
  // (other specs' requests may be waiting in the same organization: only these two are checked)
  await expect(waiting.getByRole('article').filter({ hasText: asker.email })).toHaveCount(0);
  await expect(waiting.getByRole('article').filter({ hasText: stranger.email })).toHaveCount(0);
  const decided = page.getByRole('region', { name: 'Decided' });
  await expect(decided.getByRole('article').filter({ hasText: stranger.email })).toContainText(
    'Not on the group’s staff list',
  );
  await expect(decided.getByRole('article').filter({ hasText: asker.email })).toContainText('Approved');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('access-requests-decided.png'), fullPage: true });

  // The approved person sets a password and signs in: their group is theirs.
  await setPasswordAndSignIn(askerSide.page, link, asker.email, `/my-groups/${own.id}`);
  await expect(askerSide.page.getByText(own.name).first()).toBeVisible();
  expect([...serverErrors, ...askerSide.serverErrors]).toEqual([]);
  await askerSide.context.close();
});
