import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { todayInChicago } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from './support/fake-microphone';
import { expect, test } from './support/fixtures';
import { openSheet } from './support/judge-seat';
import { escaped, newUser, setPasswordAndSignIn, signIn } from './support/people';
import { captions, JUDGES, SHEET } from './support/released-show';
import type { ScoreEntryClient } from './support/score-entry';
import { noServerErrors } from './support/server-errors';
import { expectNoSidewaysScroll } from './support/show-day';

/**
 * Issue 39's "done means", one group's season of a contest on our API, every step a person at a page: the circuit's
 * administrator (laptop) invites Aspen's director on /manage/users; the director (phone) sets a password and adds a
 * staff member, who sets one too; another person asks for Birch from the sign-in side and the circuit approves it;
 * the director registers Aspen in a full division (waitlisted), Cedar withdraws and Aspen is given the place (the API
 * promotes the first waitlisted itself, decision 136: the circuit's acceptance is Cedar's, which filled the
 * division), and the circuit finds Aspen's performance in the running order; the circuit opens critique and the
 * director picks a slot; on show day the judge scores Aspen with its commentary recorded through Chromium's fake
 * microphone (the other judges' sheets come through the API); after release the staff member reads the whole sheet
 * (every line, the judge's name, the place, a penalty and its correction with the reason), plays the recording and
 * seeks to the mark of a typed number; Birch's director gets nothing of it, on the pages and through the BFF (403 or
 * 404, never a 5xx, where Aspen's staff gets 200 and Birch's own pick is taken). Set-up that is not the journey (the
 * organization, the competition, the registration's window, Cedar's withdrawal, the other judges' scores, the
 * penalty, the release and its correction) goes through the API.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
/** the seek must reach the mark this soon, and land this near it */
const SEEK_WITHIN_S = 1;

const microphone = fakeMicrophoneWav();
test.use({
  ignoreHTTPSErrors: true,
  timezoneId: 'UTC',
  locale: 'en-US',
  // the judge's tablet records from Chromium's fake microphone, as e2e/commentary-tablet.spec.ts does
  launchOptions: async ({ launchOptions }, use) =>
    use({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), ...fakeMicrophoneArgs(microphone, { autoplay: true })],
    }),
});
test.skip(({ upstream }) => upstream !== 'ours', "our API only: the hosted service keeps its own groups' accounts");

/** The page as it stands, axe clean in the dark scheme too (issue 39 item 7), then back to light. */
async function inTheDark(page: Page) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

type Device = { viewport: { width: number; height: number }; isMobile?: boolean; hasTouch?: boolean };

/** Another person's browser (every one in UTC, as the circuit's datetime fields are typed), watched for 5xx. */
async function personBrowser(browser: Browser, baseURL: string, device: Device, permissions: string[] = []) {
  const context = await browser.newContext({
    baseURL,
    ignoreHTTPSErrors: true,
    timezoneId: 'UTC',
    locale: 'en-US',
    permissions,
    ...device,
  });
  const page = await context.newPage();
  return { context, page, serverErrors: noServerErrors(page) };
}

/** `datetime-local` text in UTC (the browsers' time zone). */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** Today's show that records commentary, its three groups, and registration open with one place in the division. */
async function showOfToday(scoreEntry: ScoreEntryClient, run: string) {
  const seasons = await scoreEntry.get<{ data: { id: number; current: boolean }[] }>('/seasons/');
  const season = seasons.data.find((candidate) => candidate.current)!;
  const divisions = await scoreEntry.get<{ data: { id: number; name: string }[] }>('/divisions/?groupTypeId=1');
  const division = divisions.data.find((candidate) => candidate.name === 'Scholastic World')!;
  const event = await scoreEntry.post<{ id: number }>(
    '/events/',
    {
      seasonId: season.id,
      name: `Journey ${run}`,
      eventTypeId: 1,
      startDate: todayInChicago(),
      commentaryEnabled: true,
    },
    201,
  );
  const competition = await scoreEntry.post<{ id: number; guid: string; name: string }>(
    `/events/${event.id}/competitions`,
    {
      name: `Journey Finals ${run}`,
      date: new Date().toISOString(),
      groupTypeId: 1,
      rounds: [{ number: 1, name: 'Finals' }],
    },
    201,
  );
  const group = (name: string) =>
    scoreEntry.post<{ id: number; name: string }>(
      '/groups/',
      { name: `${name} ${run} HS`, divisionId: division.id, location: 'Round Rock, TX' },
      201,
    );
  const aspen = await group('Aspen');
  const birch = await group('Birch');
  const cedar = await group('Cedar');
  // Birch is in the running order already; Aspen comes in through registration
  const birchPerformance = await scoreEntry.post<{ id: number }>(
    `/competitions/${competition.id}/performances`,
    { groupId: birch.id, divisionId: division.id, round: 1, order: 1 },
    201,
  );
  await scoreEntry.post(`/competitions/${competition.id}/registration`, {
    opensAt: new Date(Date.now() - 3600_000).toISOString(),
    closesAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    note: 'Bring your music on a stick',
    divisions: [{ divisionId: division.id, capacity: 1, feeCents: 15_000 }],
  });
  const cedarRegistration = await scoreEntry.post<{ id: number }>(
    `/groups/${cedar.id}/registrations`,
    { competitionId: competition.id, divisionId: division.id },
    201,
  );
  return { competition, division, aspen, birch, cedar, cedarRegistration, birchPerformanceId: birchPerformance.id };
}

/** The BFF's status for each read, fetched by the page's own session: `GET <path>` to its status. */
const readsOf = (page: Page, paths: string[]) =>
  page.evaluate(async (all) => {
    const statuses: Record<string, number> = {};
    for (const path of all) statuses[`GET ${path}`] = (await fetch(path)).status;
    return statuses;
  }, paths);

/** The BFF's status for a pick of a critique slot, sent as the critique page sends it. */
const pickOf = (page: Page, path: string, slot: number) =>
  page.evaluate(
    async ([to, number]) => {
      const picked = await fetch(to, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ slot: number }),
      });
      return { [`POST ${to}`]: picked.status };
    },
    [path, slot] as const,
  );

/** The circuit's user form: a group's director of `groupName`, and the one-time link it hands over. */
async function inviteDirector(page: Page, person: { email: string; first: string; last: string }, groupName: string) {
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Role').selectOption({ label: 'Group administrator' });
  await form.getByLabel('First name').fill(person.first);
  await form.getByLabel('Last name').fill(person.last);
  await form.getByRole('group', { name: 'Groups' }).getByLabel(groupName, { exact: true }).check();
  await form.getByRole('button', { name: 'Add user' }).focus();
  await page.keyboard.press('Enter');
  const handOver = page.getByRole('region', { name: `${person.first} ${person.last} is added` });
  return handOver.getByLabel(`One-time password link for ${person.first} ${person.last}`).inputValue();
}

test("a group's season: invited, staffed, registered, scored with commentary, critiqued, read; another group sees none of it", async ({
  page,
  browser,
  scoreEntry,
  stack,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey: the circuit on the laptop, the director on a phone');
  test.setTimeout(150_000);
  const run = randomBytes(3).toString('hex');
  const serverErrors = noServerErrors(page);
  const show = await showOfToday(scoreEntry, run);
  const { aspen, birch, cedar, competition } = show;
  const guid = competition.guid;
  const admin = await newUser(scoreEntry, 'administrator', 'Ada', `Circuit ${run}`);
  const people: Awaited<ReturnType<typeof personBrowser>>[] = [];
  const open = async (device: Device, permissions?: string[]) => {
    const person = await personBrowser(browser, stack.baseURL, device, permissions);
    people.push(person);
    return person;
  };

  try {
    // 1. The circuit invites Aspen's director; the director, on a phone, sets a password and adds a staff member.
    await signIn(page, admin, '/manage/users');
    const director = { email: `director-${run}@aspen.example`, first: 'Dee', last: `Director ${run}` };
    const directorLink = await inviteDirector(page, director, aspen.name);
    const directorSide = await open({ viewport: PHONE, isMobile: true, hasTouch: true });
    const phone = directorSide.page;
    await setPasswordAndSignIn(phone, directorLink, director.email, `/my-groups/${aspen.id}/people`);
    const add = phone.getByRole('form', { name: 'Add a person' });
    const staff = { email: `staff-${run}@aspen.example`, first: 'Sol', last: `Staff ${run}` };
    await add.getByLabel('Email').fill(staff.email);
    await add.getByLabel('Role').selectOption({ label: 'Group staff' });
    await add.getByLabel('First name').fill(staff.first);
    await add.getByLabel('Last name').fill(staff.last);
    await add.getByLabel('Last name').press('Enter');
    const staffLink = await phone
      .getByRole('region', { name: `${staff.first} ${staff.last} is added` })
      .getByLabel(`One-time password link for ${staff.first} ${staff.last}`)
      .inputValue();
    await expect(
      phone
        .getByRole('table', { name: `${aspen.name}'s people and their roles` })
        .getByRole('row')
        .filter({ hasText: staff.email }),
    ).toContainText('Group staff');
    const staffSide = await open({ viewport: LAPTOP });
    await setPasswordAndSignIn(staffSide.page, staffLink, staff.email, '/my-groups');

    // 2. Birch's director asks for access from the sign-in side; the circuit approves it.
    const asker = { email: `asker-${run}@birch.example`, first: 'Ash', last: `Birch ${run}` };
    const askerSide = await open({ viewport: LAPTOP });
    await askerSide.page.goto('/auth/sign-in?returnTo=%2Fmy-groups');
    await askerSide.page.getByRole('link', { name: 'Find my group' }).click();
    await askerSide.page.getByLabel('First name').fill(asker.first);
    await askerSide.page.getByLabel('Last name').fill(asker.last);
    await askerSide.page.getByLabel('Email').fill(asker.email);
    await askerSide.page.getByLabel('Your group').selectOption({ label: `${birch.name} (Round Rock, TX)` });
    await askerSide.page.getByRole('radio', { name: /Director or administrator/ }).check();
    await askerSide.page.getByLabel('A message for the circuit (optional)').fill('I direct Birch this season.');
    await askerSide.page.getByRole('button', { name: 'Send the request' }).click();
    await expect(askerSide.page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    await page.goto('/manage/access-requests');
    const card = page
      .getByRole('region', { name: 'Waiting' })
      .getByRole('article', { name: `${asker.first} ${asker.last} asks to be ${birch.name}'s group administrator` });
    await expect(card).toContainText('I direct Birch this season.');
    await card.getByRole('button', { name: `Approve ${asker.first} ${asker.last} for ${birch.name}` }).click();
    const askerLink = await page
      .getByRole('region', { name: `${asker.first} ${asker.last} is added` })
      .getByLabel(`One-time password link for ${asker.first} ${asker.last}`)
      .inputValue();
    await setPasswordAndSignIn(askerSide.page, askerLink, asker.email, '/my-groups');
    await expect(askerSide.page.getByRole('heading', { level: 1, name: birch.name })).toBeVisible();

    // 3. The circuit accepts Cedar, which fills the division's one place; Aspen's director registers: waitlisted.
    await page.goto(`/manage/competitions/${guid}/registration`);
    await page.getByRole('button', { name: `Accept ${cedar.name}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${cedar.name} is accepted`)).toBeVisible();
    await phone.goto(`/my-groups/${aspen.id}`);
    await phone.getByRole('link', { name: `Registration of ${aspen.name}` }).click();
    // this contest's form: other specs' contests may be open in the same division on a shared stack
    const form = phone.getByRole('form', { name: `Register for ${competition.name}` });
    await expect(form.getByText('This division is full: registering puts the group on its waitlist.')).toBeVisible();
    await form.getByRole('button', { name: 'Join the waitlist' }).focus();
    await phone.keyboard.press('Enter');
    const aspenState = phone.getByTestId('group-registration').filter({ hasText: competition.name });
    await expect(aspenState).toContainText('Waitlisted: the group gets the place when one is freed');
    await expectNoSeriousViolations(phone);
    await expectNoSidewaysScroll(phone);
    await inTheDark(phone);
    // Cedar withdraws (through the API, the circuit's key on its behalf: Cedar's director is not this journey's):
    // Aspen is given the place.
    const cedarRow = await scoreEntry.get<{ data: { id: number; state: string }[] }>(
      `/groups/${cedar.id}/registrations`,
    );
    expect(cedarRow.data.map((row) => row.state)).toEqual(['accepted']);
    await scoreEntry.post(`/groups/${cedar.id}/registrations/${show.cedarRegistration.id}/withdraw`, undefined);
    await phone.reload();
    await expect(aspenState).toContainText('Accepted: in the running order; not paid yet (a place was freed)');
    // The circuit finds it accepted and follows it to the running order, where Aspen performs after Birch.
    await page.reload();
    await expect(page.getByTestId('registration-row').filter({ hasText: aspen.name })).toContainText('Accepted');
    await page.getByRole('link', { name: `In the running order for ${aspen.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/competitions/${guid}/entries`));
    // the registration's division's order (the page opened on the first division before)
    await expect(page.getByRole('combobox', { name: 'Division' })).toHaveValue(String(show.division.id));
    await expect(page.getByText(aspen.name).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(cedar.name)).toHaveCount(0);
    const schedule = await scoreEntry.get<{ data: { performanceId: number; order: number; group: { id: number } }[] }>(
      `/competitions/${competition.id}/schedule`,
    );
    const aspenPerformance = schedule.data.find((entry) => entry.group.id === aspen.id)!;
    expect(aspenPerformance.order).toBeGreaterThan(schedule.data.find((entry) => entry.group.id === birch.id)!.order);
    const aspenPerformanceId = aspenPerformance.performanceId;

    // 4a. The circuit opens critique (groups pick); the director picks slot 1 by keyboard.
    await page.goto(`/manage/competitions/${guid}/critique`);
    await expect(page.getByText('Critique is not open yet')).toBeVisible({ timeout: 30_000 });
    const critiqueFrom = Date.now() + 6 * 3600_000;
    await page.getByLabel('Critique starts').fill(local(critiqueFrom));
    await page.getByLabel('Critique ends').fill(local(critiqueFrom + 30 * 60_000));
    await page.getByRole('button', { name: 'Open critique' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('critique-summary')).toContainText('groups pick (0 picked; sign-up open)');
    await phone.goto(`/my-groups/${aspen.id}/critique`);
    await expect(phone.getByTestId('own-slot')).toHaveText('No slot picked yet.', { timeout: 30_000 });
    await phone.getByRole('button', { name: 'Pick slot 1' }).focus();
    await phone.keyboard.press('Enter');
    await expect(phone.getByTestId('own-slot')).toContainText('Your slot: 1,');
    await expectNoSeriousViolations(phone);
    await expectNoSidewaysScroll(phone);
    await inTheDark(phone);
    await phone.screenshot({ path: testInfo.outputPath('director-critique-phone.png'), fullPage: true });

    // 4b. Show day: the judge of General Effect 1 scores Aspen by keyboard with the commentary recording.
    const judge = await newUser(scoreEntry, 'judge', 'Rita', `Tape ${run}`);
    await scoreEntry.post(
      `/competitions/${competition.id}/judges`,
      { round: 1, divisionId: show.division.id, captionKey: 'ge1', userId: judge.id },
      200,
    );
    // the other judges' sheets, and Birch's General Effect 1, come in through the tabulation room's key
    const sheets = { [show.birchPerformanceId]: JUDGES.Bravo, [aspenPerformanceId]: JUDGES.Alpha };
    for (const caption of captions)
      for (const [performanceId, numbers] of Object.entries(sheets)) {
        if (caption.key === 'ge1' && Number(performanceId) === aspenPerformanceId) continue;
        await scoreEntry.post(`/performances/${performanceId}/scores`, {
          captionKey: caption.key,
          scores: caption.subcaptions.map((line, i) => ({ subcaptionKey: line.key, score: numbers[caption.key][i] })),
        });
      }
    // a timing penalty, corrected after release below: the sheet shows both, with the correction's reason
    await scoreEntry.post(`/performances/${aspenPerformanceId}/penalties`, {
      penalties: [{ amount: 1, reason: 'Timing' }],
    });
    const judgeSide = await open({ viewport: TABLET, hasTouch: true }, ['microphone']);
    const tablet = judgeSide.page;
    await signIn(tablet, judge, '/judge');
    await tablet
      .getByRole('link', { name: new RegExp(`General Effect\\s*Scholastic World · Finals\\s*${competition.name}`) })
      .click();
    await openSheet(tablet, { name: aspen.name });
    const rep = tablet.getByRole('textbox', { name: 'Rep' });
    await expect(tablet.getByRole('button', { name: `Record ${aspen.name}` })).toBeVisible();
    await rep.focus();
    await tablet.keyboard.press('Alt+R');
    await expect(tablet.getByText(`Recording ${aspen.name}`)).toBeVisible();
    const timer = tablet.getByRole('timer', { name: 'Time recorded' });
    // typed once the recording has run two seconds: a mark well inside the recording
    await expect.poll(async () => timer.textContent(), { timeout: 15_000, intervals: [100] }).toMatch(/^0:0[2-9]$/);
    await tablet.keyboard.type('82');
    await tablet.keyboard.press('Tab');
    await expect(tablet.getByRole('textbox', { name: 'Perf' })).toBeFocused();
    await tablet.keyboard.type('80');
    await expect.poll(async () => timer.textContent(), { timeout: 15_000, intervals: [100] }).toMatch(/^0:0[4-9]$/);
    await tablet.keyboard.press('Alt+R');
    await expect(tablet.getByText('Not recording')).toBeVisible();
    await tablet.keyboard.press('Enter');
    await expect(tablet.getByRole('link', { name: new RegExp(`${aspen.name} Submitted`) })).toBeVisible();
    await expect(tablet.getByText('Every entry sent')).toBeVisible({ timeout: 30_000 });
    await expect(tablet.getByText(/waiting to send/)).toHaveCount(0, { timeout: 30_000 });
    const recordings = () =>
      scoreEntry.get<{ data: { id: number; state: string }[] }>(`/performances/${aspenPerformanceId}/commentary`);
    await expect.poll(async () => (await recordings()).data.map((item) => item.state)).toEqual(['uploaded']);
    const recordingId = (await recordings()).data[0].id;
    const detail = await scoreEntry.get<{ marks: { subcaptionKey: string | null; offsetMs: number }[] }>(
      `/commentary/recordings/${recordingId}`,
    );
    const repMark = detail.marks.find((item) => item.subcaptionKey === 'rep')!;
    expect(repMark.offsetMs).toBeGreaterThanOrEqual(1_500);

    // The round is released (the tabulation room's key): the scores, and with them the commentary.
    await scoreEntry.post(`/competitions/${competition.id}/release`, {
      round: 1,
      force: true,
      reason: "the group's journey: released once the judge's sheet is in",
    });
    const correction = `Timing re-checked ${run}: over by 5 s, not 10`;
    await scoreEntry.post(`/performances/${aspenPerformanceId}/penalties`, {
      penalties: [{ amount: 0.5, reason: 'Timing' }],
      reason: correction,
    });

    // 5. The staff member reads the whole sheet, plays the recording and seeks to the mark of Rep 82.
    const sheet = staffSide.page;
    await sheet.goto('/my-groups');
    await expect(sheet).toHaveURL(new RegExp(`/my-groups/${aspen.id}$`));
    await sheet
      .getByRole('list', { name: `Contests of ${aspen.name}` })
      .getByRole('link', { name: new RegExp(`· ${competition.name}$`) })
      .click();
    await expect(sheet).toHaveURL(new RegExp(`/my-groups/${aspen.id}/contests/${aspenPerformanceId}$`));
    await expect(sheet.getByRole('heading', { level: 1, name: `${aspen.name}: ${competition.name}` })).toBeVisible();
    // every caption with its judge's lines as entered (the key shown where a category has two judges)
    for (const category of SHEET.categories) {
      const region = sheet.getByRole('region', { name: new RegExp(`^${escaped(category.name)} · `) });
      for (const caption of category.captions) {
        const title = category.captions.length > 1 ? `${caption.name} (${caption.key.toUpperCase()})` : caption.name;
        const row = region.getByRole('row', { name: new RegExp(`^${escaped(title)} `) });
        await expect(row, caption.key).toBeVisible();
        if (caption.key === 'ge1') await expect(row).toContainText(`Rita Tape ${run}`);
        for (const [i, line] of caption.subcaptions.entries())
          await expect(
            region.getByRole('row', {
              name: new RegExp(`^${escaped(line.name)} \\(of \\d+\\) ${JUDGES.Alpha[caption.key][i]} `),
            }),
            `${caption.key} ${line.key}`,
          ).not.toHaveCount(0);
      }
    }
    const ge = sheet.getByRole('region', { name: /General Effect/ });
    await expect(ge.getByRole('row', { name: /^Rep \(of \d+\) 82 / }).first()).toBeVisible();
    await expect(ge.getByRole('row', { name: /^Perf \(of \d+\) 80 / }).first()).toBeVisible();
    await expect(sheet.getByText(/place \d of 2/)).toBeVisible();
    // the penalty as corrected, and the correction with its reason
    await expect(sheet.getByRole('definition').filter({ hasText: /^−0\.5$/ })).toBeVisible();
    const corrections = sheet.getByRole('region', { name: 'Corrections after release' });
    await expect(corrections.getByRole('listitem')).toHaveCount(1);
    await expect(corrections.getByRole('listitem')).toContainText('From penalty 1 to penalty 0.5');
    await expect(corrections.getByRole('listitem')).toContainText(`Reason: ${correction}`);
    const player = sheet.getByRole('figure', { name: new RegExp(`Commentary: General Effect, Rita Tape ${run}`) });
    const audio = player.locator('audio');
    await expect(audio).toHaveAttribute('src', `/api/commentary/recordings/${recordingId}/audio`);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration))
      .toBeGreaterThan(repMark.offsetMs / 1000);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBe(0);
    const mark = player.getByRole('button', { name: /^Rep 82 at \d+:\d\d$/ });
    await mark.focus();
    await sheet.keyboard.press('Enter');
    const at = repMark.offsetMs / 1000;
    await expect
      .poll(
        () =>
          audio.evaluate(
            (element: HTMLAudioElement, [from, to]) => element.currentTime >= from && element.currentTime <= to,
            [at - 0.25, at + SEEK_WITHIN_S],
          ),
        { timeout: SEEK_WITHIN_S * 1000, intervals: [50] },
      )
      .toBe(true);
    // and it plays on from the mark
    await expect
      .poll(() =>
        audio.evaluate((element: HTMLAudioElement, from) => !element.paused && element.currentTime > from, at),
      )
      .toBe(true);
    await expectNoSeriousViolations(sheet);
    await expectNoSidewaysScroll(sheet);
    await sheet.screenshot({ path: testInfo.outputPath('staff-sheet.png'), fullPage: true });

    // 6. Birch's director: Aspen's pages say refused or not found; the BFF answers 403 or 404 for the sheet, the
    // recording, the critique and a pick of Aspen's slot.
    const other = askerSide.page;
    await other.goto(`/my-groups/${aspen.id}/contests/${aspenPerformanceId}`);
    await expect(other.getByText('This is not one of your groups')).toBeVisible();
    await expect(other.locator('audio')).toHaveCount(0);
    await other.goto(`/my-groups/${birch.id}/contests/${aspenPerformanceId}`);
    await expect(other.getByText('No such contest of this group')).toBeVisible();
    await other.goto(`/my-groups/${aspen.id}/critique`);
    await expect(other.getByText('This is not one of your groups')).toBeVisible();
    await expect(other.getByTestId('own-slot')).toHaveCount(0);
    await expectNoSeriousViolations(other);
    const critiques = await scoreEntry.get<{ data: { id: number }[] }>(`/competitions/${competition.id}/critiques`);
    const aspens = [
      `/api/groups/${aspen.id}/contests/${aspenPerformanceId}`,
      `/api/commentary/recordings/${recordingId}/audio`,
      `/api/commentary/recordings/${recordingId}`,
      `/api/groups/${aspen.id}/critiques`,
    ];
    // the same reads answer Aspen's staff member: Birch's director is refused them for whose they are
    expect(await readsOf(staffSide.page, aspens)).toEqual(
      Object.fromEntries(aspens.map((path) => [`GET ${path}`, 200])),
    );
    const answers = {
      ...(await readsOf(other, [...aspens, `/api/groups/${birch.id}/contests/${aspenPerformanceId}`])),
      ...(await pickOf(other, `/api/groups/${aspen.id}/critiques/${critiques.data[0].id}/slot`, 2)),
    };
    expect(Object.keys(answers)).toHaveLength(aspens.length + 2);
    for (const [asked, status] of Object.entries(answers)) expect([403, 404], asked).toContain(status);
    // while the same pick for Birch itself is taken: the refusal above is whose group it is, not the request
    const birchPick = `/api/groups/${birch.id}/critiques/${critiques.data[0].id}/slot`;
    expect(await pickOf(other, birchPick, 2)).toEqual({ [`POST ${birchPick}`]: 200 });
    // and Aspen's slot is still Aspen's
    await phone.reload();
    await expect(phone.getByTestId('own-slot')).toContainText('Your slot: 1,');

    expect([...serverErrors, ...people.flatMap((person) => person.serverErrors)]).toEqual([]);
  } finally {
    for (const person of people) await person.context.close();
  }
});
