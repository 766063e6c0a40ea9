import { randomBytes } from 'node:crypto';
import { devices, type Browser, type Page } from '@playwright/test';
import type { DrawRecord } from '../domain/draw/record';
import { verifyDraw } from '../domain/draw/record';
import { todayInChicago } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';
import { enterCaption, type Caption } from './support/contest';
import { expect, test } from './support/fixtures';
import { newUser, setPasswordAndSignIn, signIn } from './support/people';
import { savedForOffline } from './support/saved-for-offline';
import type { ScoreEntryClient } from './support/score-entry';

/**
 * Issue 40's "Done means" as one show day, on our API: a circuit draws the running order of two divisions in
 * /manage (one at random in two tiers, one in reverse order of the season's released totals), builds the day from
 * it with a break and the awards and gives the second division its logistical steps (check-in, a warm-up in its
 * room, the performance, critique), publishes; the standard and the logistical pages show the times; a fan
 * following a group opens its itinerary on a phone, reads it offline after the visit; the circuit moves the group
 * (a new version) and the fan's open page shows the new time with the notice; the group's staff read the moved
 * itinerary on the group's own page; each published draw record re-runs to its order.
 *
 * Today's competition of the sample circuit's current season (the itinerary is today's), with new groups whose
 * performances are deleted afterwards, as the live show's fixture does. Desktop project only: the fan opens a phone
 * of its own, the staff a desktop of their own.
 */

test.use({ ignoreHTTPSErrors: true, timezoneId: 'America/Chicago', locale: 'en-US' });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the draw and the schedule are our extensions');

const ZONE = 'America/Chicago';
const MINUTE = 60_000;
const INTERVAL = 10;
const BREAK = 15;
/** The published pages' clock (their markup, which the hosted scrapers read): 24-hour UTC. */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(11, 16)} UTC`;
const clock = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: ZONE }).format(new Date(ms));
/** What a datetime-local field takes: the wall clock in the page's time zone. */
function localInput(ms: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

interface Division {
  id: number;
  name: string;
  groupType: { id: number };
}
interface Group {
  id: number;
  name: string;
  circuitId: string;
  performanceId: number;
}

/**
 * Today's competition with two divisions entered: four groups of one (the tiered draw's) and three of Scholastic
 * World, released earlier today in a Prelude of the same event, Xenon ahead of Yew ahead of Zinnia (the reverse
 * score draw's). Every performance made is listed for the clean-up.
 */
async function todaysShow(scoreEntry: ScoreEntryClient, made: number[]) {
  const run = randomBytes(3).toString('hex');
  const seasons = await scoreEntry.get<{ data: { id: number; current: boolean }[] }>('/seasons/');
  const season = seasons.data.find((candidate) => candidate.current)!;
  const divisions = await scoreEntry.get<{ data: Division[] }>('/divisions/?groupTypeId=1');
  const scored = divisions.data.find((division) => division.name === 'Scholastic World');
  const tiered = divisions.data.find((division) => division.name === 'Scholastic A');
  if (!scored || !tiered) throw new Error('the sample circuit has no Scholastic A and Scholastic World');
  const event = await scoreEntry.post<{ id: number; name: string }>(
    '/events/',
    { seasonId: season.id, name: `Journey Day ${run}`, eventTypeId: 1, startDate: todayInChicago() },
    201,
  );
  const round = { number: 1, name: 'Finals' };
  const competitionOf = (name: string) =>
    scoreEntry.post<{ id: number; guid: string; name: string }>(
      `/events/${event.id}/competitions`,
      { name: `${name} ${run}`, date: new Date().toISOString(), groupTypeId: 1, rounds: [round] },
      201,
    );
  const prelude = await competitionOf('Journey Prelude');
  const competition = await competitionOf('Journey Finals');
  const enter = async (competitionId: number, group: { id: number }, divisionId: number, order: number) => {
    const performance = await scoreEntry.post<{ id: number }>(
      `/competitions/${competitionId}/performances`,
      { groupId: group.id, divisionId, round: 1, order },
      201,
    );
    made.push(performance.id);
    return performance.id;
  };
  const groupsOf = async (division: Division, shorts: readonly string[]) => {
    const groups: Group[] = [];
    for (const [order, short] of shorts.entries()) {
      const group = await scoreEntry.post<{ id: number; name: string; circuitId: string }>(
        '/groups/',
        { name: `${short} ${run} HS`, divisionId: division.id, location: 'Round Rock, TX' },
        201,
      );
      groups.push({ ...group, performanceId: await enter(competition.id, group, division.id, order + 1) });
    }
    return groups;
  };
  const tieredGroups = await groupsOf(tiered, ['Aspen', 'Beech', 'Cedar', 'Dogwood']);
  const scoredGroups = await groupsOf(scored, ['Xenon', 'Yew', 'Zinnia']);
  const { sheet } = await scoreEntry.get<{ sheet: { categories: { captions: Caption[] }[] } }>(
    `/divisions/${scored.id}/sheet`,
  );
  const captions = sheet.categories.flatMap((category) => category.captions);
  for (const [place, group] of scoredGroups.entries()) {
    const earlier = await enter(prelude.id, group, scored.id, place + 1);
    for (const caption of captions) await enterCaption(scoreEntry, earlier, caption, 0.9 - 0.1 * place);
  }
  await scoreEntry.post(`/competitions/${prelude.id}/release`, { round: 1, divisionId: scored.id });
  return {
    season,
    event,
    competition,
    round,
    tiered: { division: tiered, groups: tieredGroups },
    scored: { division: scored, groups: scoredGroups },
  };
}

/** The group names of a drawn order (DrawOrder's lines: position, name, what placed it). */
const namesIn = (page: Page, region: string) =>
  page.getByRole('region', { name: region }).getByRole('listitem').locator('span:nth-child(2)').allTextContents();

/** The rows of the order of the day: each one's times and name, as shown. */
async function rowsOf(page: Page) {
  const rows = await page.getByTestId('schedule-row').allInnerTexts();
  return rows.map((row) => row.replace(/\s+/g, ' ').trim());
}

/** A published schedule page's rows as a scraper reads them: time and group. */
const publishedRows = (page: Page) =>
  page
    .locator('.schedule-row')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector('.schedule-row__time')?.textContent?.trim()} ${row.querySelector('.schedule-row__name')?.textContent?.trim()}`,
      ),
    );

async function clean(page: Page) {
  await expectNoSeriousViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

const contextOf = (browser: Browser, baseURL: string | undefined, phone: boolean) =>
  browser.newContext({
    ...(phone ? devices['Pixel 7'] : {}),
    baseURL,
    ignoreHTTPSErrors: true,
    timezoneId: ZONE,
    locale: 'en-US',
  });

test('a circuit draws, builds and publishes the day with its steps; a fan reads the itinerary offline and is told of a move; the draws re-run', async ({
  page,
  browser,
  baseURL,
  scoreEntry,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'one journey: the circuit on a desktop, the fan on a phone of its own',
  );
  test.setTimeout(240_000);
  const made: number[] = [];
  try {
    const show = await todaysShow(scoreEntry, made);
    const { competition, round, tiered, scored } = show;
    const [aspen, beech, cedar, dogwood] = tiered.groups.map((group) => group.name);
    const [xenon, yew, zinnia] = scored.groups;
    const guid = competition.guid;
    const admin = await newUser(scoreEntry, 'administrator', 'Jo', `Journey${Date.now()}`);

    // 1. The draw: the tiered division at random, Aspen and Beech (tier 1) before Cedar and Dogwood (tier 2).
    await signIn(page, admin, `/manage/competitions/${guid}/draw`);
    await expect(page.getByRole('heading', { name: `Draw: ${show.event.name} · ${competition.name}` })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('combobox', { name: 'Division' }).selectOption(String(tiered.division.id));
    const tieredSection = `${tiered.division.name} ${round.name}`;
    await expect(page.getByRole('heading', { name: `Draw ${tieredSection}` })).toBeVisible();
    await page.getByLabel('Draw in tiers (e.g. paid by the deadline, non-members first)').check();
    await page.getByLabel(`Tier of ${cedar}`).fill('2');
    await page.getByLabel(`Tier of ${dogwood}`).fill('2');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('region', { name: `Preview: ${tieredSection}` })).toContainText('Not saved');
    const tieredOrder = await namesIn(page, `Preview: ${tieredSection}`);
    expect(tieredOrder.slice(0, 2).sort()).toEqual([aspen, beech]);
    expect(tieredOrder.slice(2).sort()).toEqual([cedar, dogwood]);
    await page.getByRole('button', { name: 'Commit' }).click();
    await expect(
      page.getByRole('region', { name: `Committed: ${tieredSection}` }).getByText(/recorded and published/),
    ).toBeVisible();
    expect(await namesIn(page, `Committed: ${tieredSection}`)).toEqual(tieredOrder);

    // Scholastic World in reverse order of the season's released totals, by keyboard: Zinnia, Yew, Xenon.
    await page.getByRole('combobox', { name: 'Division' }).selectOption(String(scored.division.id));
    const scoredSection = `${scored.division.name} ${round.name}`;
    await expect(page.getByRole('heading', { name: `Draw ${scoredSection}` })).toBeVisible();
    await page.getByRole('radio', { name: 'Random draw' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Reverse order of a previous score' })).toBeChecked();
    await page.getByRole('button', { name: 'Preview' }).focus();
    await page.keyboard.press('Enter');
    const scoredOrder = [zinnia.name, yew.name, xenon.name];
    await expect.poll(() => namesIn(page, `Preview: ${scoredSection}`), { timeout: 10_000 }).toEqual(scoredOrder);
    await page.getByRole('button', { name: 'Commit' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('region', { name: `Committed: ${scoredSection}` }).getByText(/recorded and published/),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Draws made' }).getByRole('listitem')).toHaveCount(2);
    await clean(page);
    const recordLink = await page
      .getByRole('link', { name: new RegExp(`^Published record of ${tieredSection}, seed \\d+$`) })
      .getAttribute('href');

    // 2. The schedule, from the drawn orders: the first item in two hours (every step of the day still to come).
    await page.getByRole('link', { name: 'Schedule', exact: true }).click();
    await expect(page.getByTestId('schedule-state')).toContainText('Not published yet', { timeout: 30_000 });
    const startsAt = Math.ceil((Date.now() + 120 * MINUTE) / (10 * MINUTE)) * 10 * MINUTE;
    await page.getByLabel('First item starts').fill(localInput(startsAt));
    for (const { division } of [tiered, scored])
      await page.getByLabel(division.name, { exact: true }).fill(String(INTERVAL));
    // The divisions come in the circuit's order of divisions (Scholastic A first), each in its drawn order.
    const order = [...tieredOrder, ...scoredOrder];
    const names = (await rowsOf(page)).map((row) => row.replace(/^\S+ [AP]M–\S+ [AP]M /, ''));
    expect(names.map((row, i) => row.startsWith(order[i]))).toEqual(order.map(() => true));
    // A break before Zinnia, the awards at the end.
    const zinniaAt = order.indexOf(zinnia.name);
    await page.getByLabel('Add a').selectOption('break');
    await page.getByLabel('before').selectOption({ label: `${zinniaAt + 1}. ${zinnia.name}` });
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByLabel('Add a').selectOption('awards');
    await page.getByLabel('before').selectOption({ label: 'the end' });
    await page.getByRole('button', { name: 'Add block' }).click();
    const at = (name: string) => {
      const index = order.indexOf(name);
      return startsAt + (index * INTERVAL + (index >= zinniaAt ? BREAK : 0)) * MINUTE;
    };
    const slot = (name: string) => `${clock(at(name))}–${clock(at(name) + INTERVAL * MINUTE)} ${name}`;
    expect(await rowsOf(page)).toEqual([
      ...order.slice(0, zinniaAt).map((name) => expect.stringContaining(slot(name))),
      expect.stringMatching(/Kind/),
      ...order.slice(zinniaAt).map((name) => expect.stringContaining(slot(name))),
      expect.stringMatching(/Kind/),
    ]);
    await expect(page.getByTestId('schedule-no-conflicts')).toBeVisible();

    // The logistical steps of Scholastic World, added by keyboard: check-in, a warm-up in its room, critique.
    const steps = page.getByRole('group', { name: scored.division.name });
    await expect(steps).toContainText('No steps yet.');
    await steps.getByRole('button', { name: `Add a step to ${scored.division.name}` }).focus();
    for (let n = 0; n < 3; n++) await page.keyboard.press('Enter');
    const step = (n: number) => steps.getByRole('listitem', { name: new RegExp(`step ${n},`) });
    await expect(step(1)).toContainText('60 min before the performance starts');
    await step(1).getByLabel('Where').fill('Gym lobby');
    await step(2).getByLabel('Where').fill('Aux gym');
    await step(2).getByLabel('Minutes', { exact: true }).fill('twenty');
    await page.getByRole('button', { name: 'Save steps' }).click();
    await expect(step(2).getByText('a whole number of minutes')).toBeVisible();
    await step(2).getByLabel('Minutes', { exact: true }).fill('20');
    await step(3).getByLabel('Step').selectOption({ label: 'Critique' });
    await step(3).getByLabel('Starts, minutes from the performance').fill('30');
    await step(3).getByLabel('Minutes', { exact: true }).fill('10');
    await step(3).getByLabel('Where').fill('Band room');
    await page.getByRole('button', { name: 'Save steps' }).click();
    await expect(page.getByText('Steps saved')).toBeVisible();
    await clean(page);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published version 1: the standard schedule shows its times.')).toBeVisible();

    // 3. The standard page shows every group's time; the logistical page the steps, a sheet per room and per group.
    const standard = (await page.getByRole('link', { name: 'The published schedule' }).getAttribute('href'))!;
    await page.getByRole('link', { name: 'The published schedule' }).click();
    expect(await publishedRows(page)).toEqual(order.map((name) => `${utc(at(name))} ${name}`));
    await page.goBack();
    await page.getByRole('link', { name: 'The logistical schedule' }).click();
    await expect(page.locator('.schedule-row')).toHaveCount(order.length);
    for (const column of ['Check-in', 'Body warm-up', 'Critique'])
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Aux gym' }).locator('.location-row')).toHaveCount(3);
    await expect(page.getByRole('region', { name: new RegExp(`^Itinerary of ${zinnia.name}`) })).toContainText(
      'Band room',
    );

    // 4. A fan on a phone follows Zinnia, asks to be told, opens its itinerary; offline after the visit.
    const phone = await contextOf(browser, baseURL, true);
    const fan = await phone.newPage();
    await expect
      .poll(
        async () => JSON.stringify(await (await fan.request.get(`/api/bff/seasons/${show.season.id}/calendar`)).json()),
        { timeout: 15_000 },
      )
      .toContain(guid);
    await fan.goto(`/groups/${encodeURIComponent(zinnia.name)}?id=${zinnia.circuitId}`);
    await fan.getByRole('button', { name: `Follow ${zinnia.name}` }).click();
    await fan.getByRole('button', { name: 'Notify me' }).click();
    const itinerary = fan.getByRole('region', { name: new RegExp(`^Itinerary: ${competition.name}`) });
    await expect(itinerary).toBeVisible({ timeout: 20_000 });
    const stepsAt = (performsAt: number) => [
      new RegExp(`^${clock(performsAt - 60 * MINUTE)}–${clock(performsAt - 50 * MINUTE)}\\s*Check-in · Gym lobby`),
      new RegExp(`^${clock(performsAt - 50 * MINUTE)}–${clock(performsAt - 30 * MINUTE)}\\s*Body warm-up · Aux gym`),
      new RegExp(`^${clock(performsAt)}–${clock(performsAt + INTERVAL * MINUTE)}\\s*Performance`),
      new RegExp(`^${clock(performsAt + 30 * MINUTE)}–${clock(performsAt + 40 * MINUTE)}\\s*Critique · Band room`),
    ];
    const zinniaTime = at(zinnia.name);
    await expect(itinerary.getByTestId('itinerary-step')).toHaveText(stepsAt(zinniaTime));
    const now = fan.getByTestId('itinerary-now');
    await expect(now).toContainText(`Next: Check-in at ${clock(zinniaTime - 60 * MINUTE)} in Gym lobby, in `);
    await clean(fan);
    await savedForOffline(fan);
    await phone.setOffline(true);
    await fan.reload();
    await expect(
      fan
        .getByRole('status')
        .filter({ hasText: /^Saved / })
        .first(),
    ).toBeVisible();
    await expect(itinerary.getByTestId('itinerary-step')).toHaveText(stepsAt(zinniaTime));
    await phone.setOffline(false);
    await fan.reload();
    await expect(now).toContainText(`Next: Check-in at ${clock(zinniaTime - 60 * MINUTE)}`);

    // 5. The circuit moves Zinnia up past the break and past the last of Scholastic A, by keyboard, and publishes
    // version 2 with a reason: Zinnia 25 minutes earlier, that group 10 minutes later.
    await page.goto(`/manage/competitions/${guid}/schedule`);
    await expect(page.getByTestId('schedule-state')).toContainText('Version 1 published', { timeout: 30_000 });
    const last = tieredOrder[3];
    await page.getByRole('button', { name: `Move ${zinnia.name} up` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Move ${last} down` }).focus();
    await page.keyboard.press('Enter');
    const movedTime = zinniaTime - (BREAK + INTERVAL) * MINUTE;
    const lastMoved = at(last) + INTERVAL * MINUTE;
    const moves = page.getByTestId('schedule-moves-list');
    await expect(moves).toContainText(`${zinnia.name}: ${clock(zinniaTime)} → ${clock(movedTime)}`);
    await expect(moves).toContainText(`${last}: ${clock(at(last))} → ${clock(lastMoved)}`);
    await page.getByLabel('Why it changes').fill('Zinnia’s bus leaves early');
    await page.getByRole('button', { name: 'Publish' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Published version 2: the standard schedule shows its times.')).toBeVisible();

    // The fan's open page tells of it and shows the itinerary moved.
    const notice = fan.getByRole('status').filter({ hasText: `${zinnia.name} now performs at ${clock(movedTime)}` });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText(`was ${clock(zinniaTime)}`);
    await expect(itinerary.getByTestId('itinerary-step')).toHaveText(stepsAt(movedTime));
    // the group moved with it is not followed: no notice of it
    await expect(fan.getByRole('status').filter({ hasText: `${last} now performs` })).toHaveCount(0);
    await notice.getByRole('link', { name: 'See its itinerary' }).click();
    await expect(fan.getByRole('heading', { level: 1, name: zinnia.name })).toBeVisible();
    await phone.close();

    // The standard page has the new times too, in the new order of the day.
    await page.goto(standard);
    expect(await publishedRows(page)).toEqual([
      ...tieredOrder.slice(0, 3).map((name) => `${utc(at(name))} ${name}`),
      `${utc(movedTime)} ${zinnia.name}`,
      `${utc(lastMoved)} ${last}`,
      ...[yew.name, xenon.name].map((name) => `${utc(at(name))} ${name}`),
    ]);

    // Zinnia's staff read the moved itinerary on the group's own page, signed in on a desktop of their own.
    const email = `staff-${Date.now()}@zinnia.example`;
    const staff = await scoreEntry.post<{ passwordLink: { url: string } }>(
      '/users/',
      {
        email,
        role: 'group-staff',
        groupIds: [zinnia.id],
        firstName: 'Sam',
        lastName: 'Staff',
      },
      201,
    );
    const desk = await contextOf(browser, baseURL, false);
    const staffPage = await desk.newPage();
    await setPasswordAndSignIn(staffPage, staff.passwordLink.url, email, `/my-groups/${zinnia.id}`);
    const own = staffPage.getByRole('region', { name: new RegExp(`^Itinerary: ${competition.name}`) });
    await expect(own.getByTestId('itinerary-step')).toHaveText(stepsAt(movedTime), { timeout: 20_000 });
    // the signed-in page needs the network: it leads to the public page, which keeps the itinerary offline (step 4)
    await expect(staffPage.getByRole('link', { name: "group's public page" })).toHaveAttribute(
      'href',
      `/groups/${encodeURIComponent(zinnia.name)}`,
    );
    await desk.close();

    // 6. Each published draw record re-runs, from its seed and inputs alone, to the order drawn.
    await page.goto(recordLink!);
    const records = await page
      .locator('.draw-record')
      .evaluateAll((blocks) => blocks.map((block) => JSON.parse(block.textContent ?? 'null') as unknown));
    expect(records).toHaveLength(2);
    const reruns = (records as (DrawRecord & { input: { entries: { groupId: number; name: string }[] } })[]).map(
      (record) => {
        const check = verifyDraw(record);
        expect(check.same).toBe(true);
        const named = new Map(record.input.entries.map((entry) => [entry.groupId, entry.name]));
        return check.rerun.map((place) => named.get(place.groupId));
      },
    );
    expect(reruns).toEqual(expect.arrayContaining([tieredOrder, scoredOrder]));
  } finally {
    for (const performanceId of made) await scoreEntry.delete(`/performances/${performanceId}`);
  }
});
