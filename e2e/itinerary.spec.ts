import { devices, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { signIn, newUser } from './support/people';
import { test, DIVISION } from './support/released-show';
import { expect } from './support/fixtures';
import { savedForOffline } from './support/saved-for-offline';

/**
 * The logistical schedule and a group's itinerary (issue 40 items 3, 4 and 5; decision 141) on our API, on today's
 * show (`liveShow`: three groups of the sample circuit's current season, starting now). The circuit publishes the
 * day, then an administrator gives the division its steps on a desktop and the published logistical page shows
 * them; a fan on a phone follows a group, asks to be told, opens its itinerary, and reads it offline after the
 * visit; the circuit moves the group in a new version and the fan's open page tells them ("… now performs at …")
 * and shows the itinerary moved. Desktop project only: the fan's part opens a phone of its own.
 */

test.use({ ignoreHTTPSErrors: true });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service has no logistical templates');

const ZONE = 'America/Chicago';
const clock = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: ZONE }).format(new Date(ms));
const MINUTE = 60_000;

interface Draft {
  intervals: { divisionId: number; minutes: number }[];
  items: { kind: string; performanceId?: number }[];
}

async function shoot(page: Page, name: string) {
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `test-results/itinerary/${name}.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

test('a circuit gives a division its steps; a fan follows a group and reads its itinerary on a phone, offline, and is told when it moves', async ({
  page,
  browser,
  baseURL,
  scoreEntry,
  liveShow,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'one journey: the circuit on a desktop, the fan on a phone of its own',
  );
  test.setTimeout(240_000);
  const alpha = liveShow.groups.Alpha;
  const draftUrl = `/competitions/${liveShow.competitionId}/schedule/draft`;
  const draft = await scoreEntry.get<Draft>(draftUrl);
  // The day starts on the next whole ten minutes after an hour and a half: every step is still to come.
  const startsAt = Math.ceil((Date.now() + 90 * MINUTE) / (10 * MINUTE)) * 10 * MINUTE;
  const performances = draft.items.map((item) => ({ performanceId: item.performanceId! }));
  const publish = async (items: object[], reason?: string) => {
    await scoreEntry.post(draftUrl, {
      startsAt: new Date(startsAt).toISOString(),
      intervals: draft.intervals.map(({ divisionId }) => ({ divisionId, minutes: 10 })),
      items,
    });
    await scoreEntry.post(
      `/competitions/${liveShow.competitionId}/schedule/versions`,
      reason ? { reason, despiteConflicts: true } : { despiteConflicts: true },
      201,
    );
  };
  await publish(performances);
  const alphaAt = startsAt + performances.findIndex((p) => p.performanceId === alpha.performanceId) * 10 * MINUTE;

  // The administrator gives the division its check-in and body warm-up, on a desktop, by keyboard.
  const admin = await newUser(scoreEntry, 'administrator', 'Lee', `Itinerary${Date.now()}`);
  await signIn(page, admin, `/manage/competitions/${liveShow.competitionGuid}/schedule`);
  const steps = page.getByRole('group', { name: DIVISION });
  await expect(steps).toContainText('No steps yet.', { timeout: 30_000 });
  const add = steps.getByRole('button', { name: `Add a step to ${DIVISION}` });
  await add.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const step = (n: number) => steps.getByRole('listitem', { name: new RegExp(`step ${n},`) });
  await expect(step(1)).toContainText('60 min before the performance starts');
  await step(1).getByLabel('Where').fill('Gym lobby');
  await step(2).getByLabel('Where').fill('Aux gym');
  await step(2).getByLabel('Minutes', { exact: true }).fill('twenty');
  await page.getByRole('button', { name: 'Save steps' }).click();
  await expect(step(2).getByText('a whole number of minutes')).toBeVisible();
  await step(2).getByLabel('Minutes', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Save steps' }).click();
  await expect(page.getByText('Steps saved')).toBeVisible();
  await shoot(page, 'steps-desktop');

  // The published logistical page: a column per step, the group's own sheet and the gym lobby's.
  await page.getByRole('link', { name: 'The logistical schedule' }).click();
  await expect(page.locator('.schedule-row')).toHaveCount(3);
  await expect(page.getByRole('columnheader', { name: 'Check-in' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Body warm-up' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gym lobby' }).locator('.location-row')).toHaveCount(3);
  await expect(page.getByRole('region', { name: new RegExp(`^Itinerary of ${alpha.name}`) })).toContainText('Aux gym');

  // A fan on a phone follows Alpha and asks to be told; the calendar the app reads must hold today's show first.
  const phone = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL,
    ignoreHTTPSErrors: true,
    timezoneId: ZONE,
    locale: 'en-US',
  });
  const fan = await phone.newPage();
  await expect
    .poll(
      async () =>
        JSON.stringify(await (await fan.request.get(`/api/bff/seasons/${liveShow.seasonId}/calendar`)).json()),
      {
        timeout: 15_000,
      },
    )
    .toContain(liveShow.competitionGuid);
  await fan.goto(`/groups/${encodeURIComponent(alpha.name)}?id=${alpha.circuitId}`);
  await fan.getByRole('button', { name: `Follow ${alpha.name}` }).click();
  await fan.getByRole('button', { name: 'Notify me' }).click();
  const itinerary = fan.getByRole('region', { name: /^Itinerary: / });
  await expect(itinerary).toBeVisible({ timeout: 20_000 });
  const now = fan.getByTestId('itinerary-now');
  await expect(now).toContainText(`Next: Check-in at ${clock(alphaAt - 60 * MINUTE)} in Gym lobby, in `);
  await expect(itinerary.getByTestId('itinerary-step')).toHaveText([
    new RegExp(`^${clock(alphaAt - 60 * MINUTE)}–${clock(alphaAt - 50 * MINUTE)}\\s*Check-in · Gym lobby`),
    new RegExp(`^${clock(alphaAt - 50 * MINUTE)}–${clock(alphaAt - 30 * MINUTE)}\\s*Body warm-up · Aux gym`),
    new RegExp(`^${clock(alphaAt)}–${clock(alphaAt + 10 * MINUTE)}\\s*Performance`),
  ]);
  await shoot(fan, 'itinerary-phone');

  // Offline once opened: the page and its reads come from the phone's saved copies.
  await savedForOffline(fan);
  await phone.setOffline(true);
  await fan.reload();
  await expect(
    fan
      .getByRole('status')
      .filter({ hasText: /^Saved / })
      .first(),
  ).toBeVisible();
  await expect(now).toContainText(`Next: Check-in at ${clock(alphaAt - 60 * MINUTE)}`);
  await phone.setOffline(false);
  await fan.reload();
  await expect(now).toContainText(`Next: Check-in at ${clock(alphaAt - 60 * MINUTE)}`);

  // The circuit moves the day 12 minutes (a late judge): a new version, and the fan's open page tells of it.
  await publish(
    [{ block: { kind: 'other', title: 'Judges delayed', minutes: 12 } }, ...performances],
    'A judge is late',
  );
  const movedAt = alphaAt + 12 * MINUTE;
  const notice = fan.getByRole('status').filter({ hasText: `${alpha.name} now performs at ${clock(movedAt)}` });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText(`was ${clock(alphaAt)}`);
  await expect(now).toContainText(`Next: Check-in at ${clock(movedAt - 60 * MINUTE)} in Gym lobby`);
  await expect(fan.getByRole('status').filter({ hasText: `${liveShow.groups.Bravo.name} now performs` })).toHaveCount(
    0,
  );
  await shoot(fan, 'moved-phone');
  await notice.getByRole('link', { name: 'See its itinerary' }).click();
  await expect(fan.getByRole('heading', { level: 1, name: alpha.name })).toBeVisible();
  await phone.close();
});
