import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { smallContest } from './support/contest';
import { expect, test } from './support/fixtures';
import { newUser, signIn } from './support/people';
import type { ScoreEntryClient } from './support/score-entry';
import { expectNoSidewaysScroll } from './support/show-day';

/**
 * Critique sign-up (issue 39, item 4; decision 137) on our API: a tabulator opens critique for the finals on the
 * desktop (four stations of three minutes); Alpha's director, on a phone, picks slot 2; Bravo's director, on
 * another phone with the same free slots in front of them, takes slot 2 too and is told it is taken, then picks 3;
 * the printable station sheet lists both groups, one station a page; a judge reads the same sheets.
 */

const SHOTS = 'test-results/critique';

test.use({ ignoreHTTPSErrors: true, timezoneId: 'UTC', locale: 'en-US' });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service runs its own critique');

/** A group's director (a group-administrator account of that group), made by the stack's key. */
async function director(scoreEntry: ScoreEntryClient, groupId: number, lastName: string) {
  const email = `director-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const user = await scoreEntry.post<{ id: number; passwordLink: { url: string } }>(
    '/users/',
    { email, role: 'group-administrator', groupIds: [groupId], firstName: 'Dee', lastName },
    201,
  );
  return { ...user, email };
}

/** A director's phone: 390 by 844, touch, the same zone as the desktop. */
async function phone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    ignoreHTTPSErrors: true,
    timezoneId: 'UTC',
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

async function shoot(page: Page, name: string) {
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a tabulator opens critique, two directors on phones race for one slot, the station sheet lists both', async ({
  page,
  browser,
  scoreEntry,
  stack,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey across a desktop and two phones of its own');
  test.setTimeout(300_000);
  const contest = await smallContest(scoreEntry, { title: 'Critique', groups: ['Alpha HS', 'Bravo HS', 'Cedar HS'] });
  const name = (short: string) => `${short} ${contest.stamp}`;
  const entries = await scoreEntry.get<{ data: { group: { id: number; name: string } }[] }>(
    `/competitions/${contest.competition.id}/schedule`,
  );
  const groupId = (short: string) => entries.data.find((entry) => entry.group.name === name(short))!.group.id;
  const tabulator = await newUser(scoreEntry, 'tabulator', 'Tab', `Critique${contest.stamp}`);
  const critiqueUrl = `/manage/competitions/${contest.competition.guid}/critique`;

  // The tabulator opens critique from the console: WGI's four stations of three minutes, 21:00 to 21:30.
  await signIn(page, tabulator, `/manage/competitions/${contest.competition.guid}`);
  await page.getByRole('link', { name: 'Critique', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${critiqueUrl}$`));
  await expect(page.getByText('Critique is not open yet')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Stations')).toHaveValue('Ensemble\nEffect\nMovement\nEquipment');
  await page.getByLabel('Critique starts').fill('2036-03-08T21:00');
  // a window too short for one group's round is refused beside its field, before anything is sent
  await page.getByLabel('Critique ends').fill('2036-03-08T21:10');
  await page.getByRole('button', { name: 'Open critique' }).click();
  await expect(page.getByText(/the window is too short for one group to visit every station/)).toBeVisible();
  await page.getByLabel('Critique ends').fill('2036-03-08T21:30');
  await page.getByRole('button', { name: 'Open critique' }).click();
  await expect(page.getByTestId('critique-summary')).toContainText('4 stations of 3 minutes · 7 slots');
  await expect(page.getByTestId('critique-summary')).toContainText('groups pick (0 picked; sign-up open)');
  await shoot(page, 'opened-desktop');

  // Alpha's and Bravo's directors, each on a phone, open their group's critique: seven free slots.
  const alpha = await phone(browser, stack.baseURL);
  const bravo = await phone(browser, stack.baseURL);
  try {
    const alphaUrl = `/my-groups/${groupId('Alpha HS')}/critique`;
    const bravoUrl = `/my-groups/${groupId('Bravo HS')}/critique`;
    await signIn(alpha.page, await director(scoreEntry, groupId('Alpha HS'), `Alpha${contest.stamp}`), alphaUrl);
    await signIn(bravo.page, await director(scoreEntry, groupId('Bravo HS'), `Bravo${contest.stamp}`), bravoUrl);
    for (const { page: phonePage } of [alpha, bravo]) {
      await expect(phonePage.getByTestId('own-slot')).toHaveText('No slot picked yet.', { timeout: 30_000 });
      await expect(phonePage.getByTestId('free-slot')).toHaveCount(7);
    }
    await expect(alpha.page.getByTestId('free-slot').nth(1)).toContainText(
      'Slot 2, 9:03 PM–9:15 PM9:03 PM–9:06 PM Ensemble9:06 PM–9:09 PM Effect',
    );
    await shoot(alpha.page, 'free-slots-phone');

    // Alpha takes slot 2 first, by keyboard; Bravo, still seeing it free, is told it is taken and picks 3.
    await alpha.page.getByRole('button', { name: 'Pick slot 2' }).focus();
    await alpha.page.keyboard.press('Enter');
    await expect(alpha.page.getByTestId('own-slot')).toContainText('Your slot: 2, 9:03 PM–9:15 PM');
    await expect(alpha.page.getByTestId('free-slot')).toHaveCount(6);
    await bravo.page.getByRole('button', { name: 'Pick slot 2' }).click();
    await expect(bravo.page.getByRole('alert')).toHaveText('slot 2 is taken by another group: pick another');
    await expect(bravo.page.getByRole('button', { name: 'Pick slot 2' })).toHaveCount(0);
    await bravo.page.getByRole('button', { name: 'Pick slot 3' }).click();
    await expect(bravo.page.getByTestId('own-slot')).toContainText('Your slot: 3, 9:06 PM–9:18 PM');
    await expect(bravo.page.getByRole('button', { name: 'Change to slot 1' })).toBeVisible();
    await shoot(bravo.page, 'picked-phone');
  } finally {
    await alpha.context.close();
    await bravo.context.close();
  }

  // The station sheets: both groups at every station, each station its own printed page.
  await page.reload();
  await expect(page.getByTestId('critique-summary')).toContainText('2 picked', { timeout: 30_000 });
  const ensemble = page.getByRole('region', { name: 'Ensemble station' });
  const equipment = page.getByRole('region', { name: 'Equipment station' });
  const rowOf = (station: typeof ensemble, short: string) => station.getByRole('row').filter({ hasText: name(short) });
  await expect(rowOf(ensemble, 'Alpha HS').getByRole('cell')).toHaveText(['2', '9:03 PM–9:06 PM', name('Alpha HS')]);
  await expect(rowOf(ensemble, 'Bravo HS').getByRole('cell')).toHaveText(['3', '9:06 PM–9:09 PM', name('Bravo HS')]);
  await expect(rowOf(equipment, 'Alpha HS').getByRole('cell')).toHaveText(['2', '9:12 PM–9:15 PM', name('Alpha HS')]);
  await expect(page.getByText(`Not picked yet: ${name('Cedar HS')}`)).toBeVisible();
  await shoot(page, 'schedule-desktop');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print the station sheets' })).toBeHidden();
  await expect(page.getByRole('button', { name: /^Change/ })).toBeHidden();
  const sheets = page.getByTestId('station-sheet');
  await expect(sheets).toHaveCount(4);
  const breaks = await sheets.evaluateAll((list) => list.map((sheet) => getComputedStyle(sheet).breakAfter));
  expect(breaks).toEqual(['page', 'page', 'page', 'auto']);
  await expect(ensemble).toContainText(name('Bravo HS'));
  await page.screenshot({ path: `${SHOTS}/printed-desktop.png`, fullPage: true });

  // A judge reads the same sheets (the `read` every role of the circuit holds), and changes nothing.
  const judge = await browser.newContext({ baseURL: stack.baseURL, ignoreHTTPSErrors: true, timezoneId: 'UTC' });
  try {
    const judgePage = await judge.newPage();
    await signIn(judgePage, await newUser(scoreEntry, 'judge', 'Jo', `Critique${contest.stamp}`), critiqueUrl);
    const sheet = judgePage.getByRole('region', { name: 'Movement station' });
    await expect(
      sheet
        .getByRole('row')
        .filter({ hasText: name('Bravo HS') })
        .getByRole('cell'),
    ).toHaveText(['3', '9:12 PM–9:15 PM', name('Bravo HS')], { timeout: 30_000 });
    await expect(judgePage.getByRole('button', { name: /^Close critique/ })).toHaveCount(0);
    await expect(judgePage.getByRole('button', { name: 'Print the station sheets' })).toBeVisible();
  } finally {
    await judge.close();
  }
});
