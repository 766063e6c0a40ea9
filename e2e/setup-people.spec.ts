import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { setPasswordAndSignIn } from './support/people';

/**
 * Setting up the people of a contest in the web app on our API (issue 27): an administrator adds a tabulator, a chief
 * judge and two judges on /manage/users and hands over a one-time password link (copied with the page's button); the
 * judge opens it in a browser of their own, sets a password and signs in. The administrator seats the judges on a
 * division's captions on the competition's panel page and copies the panel to the other round; the judge's own
 * GET /me/seats then lists both seats. The contest itself is set up through the API, in a season far in the past.
 */

const TABLET = { width: 820, height: 1180 };

interface Sheet {
  categories: { captions: { key: string; name: string }[] }[];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(widths.client);
}

async function screenshots(page: Page, name: string, outputPath: (name: string) => string) {
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: outputPath(`${name}-desktop.png`), fullPage: true });
  const laptop = page.viewportSize()!;
  await page.setViewportSize(TABLET);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: outputPath(`${name}-tablet.png`), fullPage: true });
  await page.setViewportSize(laptop);
}

/**
 * The administrator adds a user on the page; the one-time link is copied with the page's button and read back. With
 * `slowList`, the users list's re-read after the add is held until the link is copied (a slow network): the link
 * shows above the list, then moves under the user's row, and keeps its "Copied." through the move.
 */
async function addUser(
  page: Page,
  user: { email: string; role: string; firstName: string; lastName: string },
  { screenshot, slowList = false }: { screenshot?: string; slowList?: boolean } = {},
) {
  const usersList = /\/api\/users\/(\?.*)?$/;
  let releaseList = () => {};
  if (slowList) {
    const copied = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route(usersList, async (route) => {
      if (route.request().method() === 'GET') await copied;
      await route.fallback();
    });
  }
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Role').selectOption({ label: user.role });
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill(user.lastName);
  await form.getByRole('button', { name: 'Add user' }).click();
  const handOver = page.getByRole('region', { name: `${user.firstName} ${user.lastName} is added` });
  await expect(handOver).toBeVisible();
  await expect(handOver).toContainText('24 hours');
  await expect(handOver).toContainText('shown only now');
  await handOver.getByRole('button', { name: 'Copy link' }).click();
  await expect(handOver.getByText('Copied.')).toBeVisible();
  if (slowList) {
    await expect(page.getByRole('row').filter({ hasText: user.email })).toHaveCount(0);
    releaseList();
    await expect(page.getByRole('row').filter({ hasText: user.email })).toBeVisible();
    await expect(page.getByRole('row').filter({ has: handOver })).toBeVisible();
    await expect(handOver.getByText('Copied.')).toBeVisible();
    await page.unroute(usersList);
  }
  if (screenshot) await page.screenshot({ path: screenshot });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await handOver.getByLabel('One-time password link').inputValue());
  expect(link).toMatch(/^https:\/\/.+set-password/);
  await handOver.getByRole('button', { name: 'Done' }).click();
  await expect(handOver).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: user.email })).toBeVisible();
  return link;
}

async function freshBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  return { context, page: await context.newPage() };
}

// No service worker: its fetches would pass by page.route, with which addUser holds the users list (slowList).
test.use({ ignoreHTTPSErrors: true, serviceWorkers: 'block' });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service manages its own contests');

test('an administrator adds the people of a contest, hands over a password link, seats and copies the panel @journey', async ({
  page,
  browser,
  scoreEntry,
  stack,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'on a laptop (the tablet width is checked in the same run)');
  test.setTimeout(240_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseURL });

  // The contest, through the API: a competition with Prelims and Finals, a group registered in each.
  const stamp = Date.now();
  const divisions = await scoreEntry.get<{ data: { id: number; name: string; groupType: { id: number } }[] }>(
    '/divisions/',
  );
  const division = divisions.data[0];
  const { sheet } = await scoreEntry.get<{ sheet: Sheet }>(`/divisions/${division.id}/sheet`);
  const captions = sheet.categories.flatMap((category) => category.captions);
  expect(captions.length).toBeGreaterThanOrEqual(3);
  const eventTypes = await scoreEntry.get<{ data: { eventTypeId: number }[] }>('/events/');
  const season = await scoreEntry.post<{ id: number }>(
    '/seasons/',
    { name: `1998 People ${stamp}`, startDate: '1998-01-01', endDate: '1998-04-30' },
    201,
  );
  const event = await scoreEntry.post<{ id: number }>(
    '/events/',
    {
      seasonId: season.id,
      name: `Panel Classic ${stamp}`,
      eventTypeId: eventTypes.data[0].eventTypeId,
      startDate: '1998-03-07',
    },
    201,
  );
  const competition = await scoreEntry.post<{ id: number; guid: string; name: string }>(
    `/events/${event.id}/competitions`,
    {
      name: `Panel Championship ${stamp}`,
      date: '1998-03-07T14:00:00.000Z',
      groupTypeId: division.groupType.id,
      rounds: [
        { number: 1, name: 'Prelims' },
        { number: 2, name: 'Finals' },
      ],
    },
    201,
  );
  const group = await scoreEntry.post<{ id: number }>(
    '/groups/',
    { name: `Cedar HS ${stamp}`, divisionId: division.id },
    201,
  );
  for (const round of [1, 2])
    await scoreEntry.post(
      `/competitions/${competition.id}/performances`,
      { groupId: group.id, divisionId: division.id, round, order: 1, time: `1998-03-07T1${4 + round}:00:00.000Z` },
      201,
    );
  const admin = await scoreEntry.post<{ passwordLink: { url: string } }>(
    '/users/',
    { email: `admin-${stamp}@example.com`, role: 'administrator', firstName: 'Ada', lastName: `Admin${stamp}` },
    201,
  );

  // The administrator signs in, finds Users in the Set up list, and adds the contest's people.
  await setPasswordAndSignIn(page, admin.passwordLink.url, `admin-${stamp}@example.com`, '/manage');
  await page.getByRole('navigation', { name: 'Set up' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `admin-${stamp}@example.com` })).toContainText('(you)');
  const people = {
    tabulator: { email: `tab-${stamp}@example.com`, role: 'Tabulator', firstName: 'Tess', lastName: `Tab${stamp}` },
    chief: { email: `chief-${stamp}@example.com`, role: 'Chief judge', firstName: 'Cal', lastName: `Chief${stamp}` },
    judgeA: { email: `ann-${stamp}@example.com`, role: 'Judge', firstName: 'Ann', lastName: `Effect${stamp}` },
    judgeB: { email: `bo-${stamp}@example.com`, role: 'Judge', firstName: 'Bo', lastName: `Music${stamp}` },
  };
  await addUser(page, people.tabulator, { screenshot: testInfo.outputPath('password-link-desktop.png') });
  await addUser(page, people.chief, { slowList: true });
  const annLink = await addUser(page, people.judgeA);
  await addUser(page, people.judgeB);

  // A refused add says why at the field and keeps what was typed: the email is taken.
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('Email').fill(people.judgeA.email);
  await form.getByLabel('Role').selectOption({ label: 'Judge' });
  await form.getByLabel('First name').fill('Twice');
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('First name')).toHaveValue('Twice');
  await expect(form.locator('#new-user-email-error')).toBeVisible();

  // A role changed, by keyboard: the chief judge made a tabulator and back.
  const chiefRow = page.getByRole('row').filter({ hasText: people.chief.email });
  const chiefRole = chiefRow.getByLabel(`Role of ${people.chief.firstName} ${people.chief.lastName}`);
  await chiefRole.selectOption({ label: 'Tabulator' });
  await chiefRow.getByRole('button', { name: /Change .* role to Tabulator/ }).press('Enter');
  await expect(chiefRow.getByText('Saved.')).toBeVisible();
  await chiefRole.selectOption({ label: 'Chief judge' });
  await chiefRow.getByRole('button', { name: /role to Chief judge/ }).click();
  await expect(chiefRow.getByText('Saved.')).toBeVisible();
  // Disabling asks first; cancelling changes nothing.
  const tabRow = page.getByRole('row').filter({ hasText: people.tabulator.email });
  await tabRow
    .getByRole('button', { name: `Disable ${people.tabulator.firstName} ${people.tabulator.lastName}` })
    .click();
  const confirm = page.getByRole('dialog', { name: /^Disable Tess/ });
  await expect(confirm).toContainText('can no longer sign in');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(tabRow).toContainText('Has not set a password yet');
  await expect(tabRow).not.toContainText('Disabled');
  await expectNoSeriousViolations(page);
  await screenshots(page, 'users', testInfo.outputPath.bind(testInfo));

  // The judge opens the copied link in a browser of their own, sets a password and signs in.
  const ann = await freshBrowser(browser, stack.baseURL);
  try {
    await setPasswordAndSignIn(ann.page, annLink, people.judgeA.email, '/seasons');
    await expect(ann.page.getByRole('banner')).toContainText(`Ann Effect${stamp}`);
    await expect(ann.page.getByRole('banner')).toContainText('(Judge)');

    // The administrator opens the competition's console, then its panel.
    await page.goto(`/manage/competitions/${competition.guid}`);
    // A cold BFF finds a competition of a season it has not read yet through v2's listings: give it time.
    await page.getByRole('link', { name: 'Panel', exact: true }).click({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: `${competition.name}: panel` })).toBeVisible();
    const prelims = page.getByRole('region', { name: `${division.name} Prelims` });
    const finals = page.getByRole('region', { name: `${division.name} Finals` });
    await expect(prelims.getByText('Nobody seated').first()).toBeVisible();

    const seat = async (captionName: string, choose: (dialog: ReturnType<Page['getByRole']>) => Promise<unknown>) => {
      await prelims
        .getByRole('button', { name: new RegExp(`^(Seat|Change) ${escaped(captionName)}, `) })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: `Seat ${captionName}` });
      await choose(dialog);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
    };
    const [first, second, third] = captions;
    await seat(first.name, (dialog) =>
      dialog.getByLabel('Judge user').selectOption({ label: `Ann Effect${stamp} (${people.judgeA.email})` }),
    );
    await seat(second.name, (dialog) =>
      dialog.getByLabel('Judge user').selectOption({ label: `Bo Music${stamp} (${people.judgeB.email})` }),
    );
    // A name only: refused on the page without a last name, what was typed kept; then seated.
    await prelims
      .getByRole('button', { name: new RegExp(`^Seat ${escaped(third.name)}, `) })
      .first()
      .click();
    const paper = page.getByRole('dialog', { name: `Seat ${third.name}` });
    await paper.getByLabel('First name').fill('Pat');
    await paper.getByRole('button', { name: 'Save' }).click();
    await expect(paper.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
    await expect(paper.getByLabel('First name')).toHaveValue('Pat');
    await page.screenshot({ path: testInfo.outputPath('seat-dialog-desktop.png') });
    await paper.getByLabel('Last name').fill(`Paper${stamp}`);
    await paper.getByRole('button', { name: 'Save' }).click();
    await expect(paper).toBeHidden();
    await expect(prelims.getByText(`Ann Effect${stamp} · judge user`)).toBeVisible();
    await expect(prelims.getByText(`Pat Paper${stamp} · name only`)).toBeVisible();
    await expectNoSeriousViolations(page);

    // The Finals take the Prelims' panel.
    await finals.getByLabel('Copy panel from').selectOption({ label: `${division.name} Prelims` });
    await finals.getByRole('button', { name: `Copy to ${division.name} Finals` }).click();
    await expect(finals.getByText('Copied 3 of 3 seats.')).toBeVisible();
    await expect(finals.getByText(`Ann Effect${stamp} · judge user`)).toBeVisible();
    await expect(finals.getByText(`Bo Music${stamp} · judge user`)).toBeVisible();

    // A seat removed from the Prelims (the Finals keep theirs).
    await prelims
      .getByRole('button', { name: new RegExp(`^Remove ${escaped(second.name)}'s judge`) })
      .first()
      .click();
    await expect(prelims.getByText(`Bo Music${stamp}`)).toBeHidden();
    await expect(finals.getByText(`Bo Music${stamp} · judge user`)).toBeVisible();
    await expectNoSeriousViolations(page);
    await screenshots(page, 'panel', testInfo.outputPath.bind(testInfo));

    // The judge's own seats, as the API answers their token through the BFF: both rounds of the first caption.
    const seats = await ann.page.evaluate(async () => (await fetch('/api/me/seats')).json());
    const mine = (seats.data as { competition: { id: number }; round: { name: string }; caption: { key: string } }[])
      .filter((one) => one.competition.id === competition.id)
      .map((one) => `${one.round.name} ${one.caption.key}`)
      .sort();
    expect(mine).toEqual([`Finals ${first.key}`, `Prelims ${first.key}`]);
  } finally {
    await ann.context.close();
  }
});
