import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { components } from '../src/lib/api-types';
import { todayInChicago } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from './support/fake-microphone';
import { expect, test } from './support/fixtures';
import { enterGroups } from './support/score-entry';

/**
 * A judge's commentary on the tablet and the phone (issue 38), with Chromium's fake microphone playing a WAV the test
 * makes: the judge records and scores three performances; the network is cut during the second; the page is reloaded
 * in the middle of the third, which goes on as a new segment; back online, every recording arrives once, its
 * duration the time recorded, the typed numbers marked where they were typed; it plays and seeks in the browser
 * (Range answered 206); and the judge cannot record on another judge's seat.
 * `JUDGE_GUIDE_SCREENSHOT=1` also copies the tablet's screenshot into docs/ for the judge's guide.
 */

type Schemas = components['schemas'];
const PASSWORD = 'a long press-box password';
const TABLET = { width: 820, height: 1180 };
const PHONE = { width: 390, height: 844 };
/** the duration the API stores, against the time the test saw recorded */
const DURATION_WITHIN_MS = 1_500;
/** a mark's offset, against the recorded time the test typed it at */
const MARK_WITHIN_MS = 1_000;

const microphone = fakeMicrophoneWav();
test.use({
  ignoreHTTPSErrors: true,
  permissions: ['microphone'],
  viewport: async ({}, use, testInfo) => use(testInfo.project.name === 'phone' ? PHONE : TABLET),
  launchOptions: async ({ launchOptions }, use) =>
    use({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), ...fakeMicrophoneArgs(microphone, { autoplay: true })],
    }),
});

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

/**
 * A stopwatch in the page, apart from the app: when the last MediaRecorder started, and when the last input or click
 * happened, both on the page's clock (an event's timeStamp is performance.now() at the event). What the test knows of
 * the moment a number was typed: the timer turns once a second (on the second) and Playwright's expect looks at it with
 * growing pauses (up to a second), so "the timer showed 0:02" was seen as much as a second and a half after it.
 */
async function watchRecordingClock(page: Page) {
  await page.addInitScript(() => {
    const clock = { startedAt: Number.NaN, eventAt: Number.NaN };
    Object.defineProperty(window, 'recordingClock', { value: clock });
    const { value: start } = Object.getOwnPropertyDescriptor(MediaRecorder.prototype, 'start') as {
      value: MediaRecorder['start'];
    };
    MediaRecorder.prototype.start = function (this: MediaRecorder, ...args: Parameters<MediaRecorder['start']>) {
      clock.startedAt = performance.now();
      return start.apply(this, args);
    };
    for (const type of ['input', 'click', 'keydown'])
      addEventListener(type, (event) => (clock.eventAt = event.timeStamp), { capture: true });
  });
}

/** Milliseconds into the running segment when the last input or click happened (no pauses in this journey). */
async function recordedAtLastEvent(page: Page) {
  return page.evaluate(() => {
    const clock = (window as unknown as { recordingClock: { startedAt: number; eventAt: number } }).recordingClock;
    return Math.round(clock.eventAt - clock.startedAt);
  });
}

/** Seconds recorded as the timer shows them ("1:05" is 65). */
const secondsOn = (clock: string) => {
  const [minutes, seconds] = clock.split(':').map(Number);
  return minutes * 60 + seconds;
};

/**
 * Waits for the timer to show `clock` ("0:03") or later: an awaited moment of the recording, not a sleep (a busy
 * machine may let the page's timer pass a second between two looks).
 */
async function atRecorded(page: Page, clock: string) {
  const timer = page.getByRole('timer', { name: 'Time recorded' });
  await expect
    .poll(async () => secondsOn((await timer.textContent()) ?? '0:00'), { timeout: 15_000, intervals: [100] })
    .toBeGreaterThanOrEqual(secondsOn(clock));
}

/** Milliseconds into the running segment now, by the page's stopwatch. */
async function recordedNow(page: Page) {
  return page.evaluate(() => {
    const clock = (window as unknown as { recordingClock: { startedAt: number } }).recordingClock;
    return Math.round(performance.now() - clock.startedAt);
  });
}

interface Recorded {
  /** the time recorded when Stop was pressed */
  stoppedAt: number;
  marks: { line: string; at: number }[];
}

test('a judge records three performances through a network cut and a reload, and each arrives once, marked', async ({
  page,
  context,
  upstream,
  scoreEntry,
}, testInfo) => {
  const device = testInfo.project.name === 'phone' ? 'phone' : 'tablet';
  test.skip(upstream !== 'ours' || !['desktop', 'phone'].includes(testInfo.project.name), 'our API, tablet and phone');
  test.setTimeout(180_000);
  const run = randomBytes(3).toString('hex');
  const shot = (name: string) => testInfo.outputPath(`${device}-${name}.png`);

  const seasons = await scoreEntry.get<{ data: Schemas['Season'][] }>('/seasons/');
  const season = seasons.data.find((candidate) => candidate.current)!;
  const divisions = await scoreEntry.get<{ data: Schemas['Division'][] }>('/divisions/?groupTypeId=1');
  const division = divisions.data.find((candidate) => candidate.name === 'Scholastic World')!;
  const event = await scoreEntry.post<{ id: number }>(
    '/events/',
    {
      seasonId: season.id,
      name: `Commentary Check ${run}`,
      eventTypeId: 1,
      startDate: todayInChicago(),
      commentaryEnabled: true,
    },
    201,
  );
  const competition = await scoreEntry.post<{ id: number }>(
    `/events/${event.id}/competitions`,
    { name: `Taped ${run}`, date: new Date().toISOString(), groupTypeId: 1, rounds: [{ number: 1, name: 'Finals' }] },
    201,
  );
  const performances = (
    await enterGroups(scoreEntry, {
      competitionId: competition.id,
      divisionId: division.id,
      run,
      shorts: ['Alpha', 'Bravo', 'Charlie'],
    })
  ).map((group) => ({ id: group.performanceId, name: group.name }));
  const judgeUser = async (first: string) => {
    const email = `${first.toLowerCase()}-${run}@example.com`;
    const user = await scoreEntry.post<{ id: number; passwordLink: { url: string } }>(
      '/users/',
      { email, role: 'judge', firstName: first, lastName: `Judge ${run}` },
      201,
    );
    return { ...user, email };
  };
  const judge = await judgeUser('Jo');
  const neighbour = await judgeUser('Sam');
  await scoreEntry.post(
    `/competitions/${competition.id}/judges`,
    { round: 1, divisionId: division.id, captionKey: 'ge1', userId: judge.id },
    200,
  );
  await scoreEntry.post(
    `/competitions/${competition.id}/judges`,
    { round: 1, divisionId: division.id, captionKey: 'ge2', userId: neighbour.id },
    200,
  );

  await watchRecordingClock(page);
  await page.goto(judge.passwordLink.url);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.goto('/auth/sign-in?returnTo=/judge');
  await page.getByLabel('Email').fill(judge.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/judge$/);

  // The judge cannot record on another judge's seat: the API refuses it through the BFF.
  const refused = await page.evaluate(
    async ({ performanceId, key }) =>
      (
        await fetch(`/api/performances/${performanceId}/commentary`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ captionKey: 'ge2', contentType: 'audio/webm;codecs=opus', key }),
        })
      ).status,
    { performanceId: performances[0].id, key: randomUUID() },
  );
  expect(refused).toBe(403);

  await page
    .getByRole('link', { name: new RegExp(`General Effect\\s*Scholastic World · Finals\\s*Taped ${run}`) })
    .click();
  await expect(page.getByRole('heading', { name: `1. ${performances[0].name}` })).toBeVisible();
  await expect(page.getByText('This page opens on this device without a network.')).toBeVisible({ timeout: 20_000 });
  const rep = page.getByRole('textbox', { name: 'Rep' });
  const perf = page.getByRole('textbox', { name: 'Perf' });
  const recorded: Recorded[] = [];

  // 1. Recorded by keyboard alone (Alt+R starts and stops), two numbers typed while it runs, once the recording
  // part (its own chunk) is there.
  await expect(page.getByRole('button', { name: `Record ${performances[0].name}` })).toBeVisible();
  await rep.focus();
  await page.keyboard.press('Alt+R');
  const first: Recorded = { stoppedAt: 0, marks: [] };
  recorded.push(first);
  await expect(page.getByText(`Recording ${performances[0].name}`)).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Microphone level' })).not.toHaveAttribute('aria-valuenow', '0');
  await atRecorded(page, '0:02');
  await rep.fill('82.5');
  first.marks.push({ line: 'rep', at: await recordedAtLastEvent(page) });
  await atRecorded(page, '0:04');
  await perf.fill('80');
  first.marks.push({ line: 'perf', at: await recordedAtLastEvent(page) });
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: shot('recording-light'), fullPage: true });
  if (device === 'tablet' && process.env.JUDGE_GUIDE_SCREENSHOT) {
    await page.screenshot({ path: shot('guide') });
    copyFileSync(shot('guide'), 'docs/judging-recording.png');
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shot('recording-dark'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('Alt+R');
  first.stoppedAt = await recordedAtLastEvent(page);
  await expect(page.getByText('Not recording')).toBeVisible();
  await perf.press('Enter');
  await expect(page.getByRole('heading', { name: `2. ${performances[1].name}` })).toBeVisible();

  // 2. The network goes during the recording; the judge scores on, taps Mark, and stops.
  await page.getByRole('button', { name: `Record ${performances[1].name}` }).click();
  const second: Recorded = { stoppedAt: 0, marks: [] };
  recorded.push(second);
  await atRecorded(page, '0:01');
  await context.setOffline(true);
  await atRecorded(page, '0:02');
  await rep.fill('78');
  second.marks.push({ line: 'rep', at: await recordedAtLastEvent(page) });
  await atRecorded(page, '0:03');
  await page.getByRole('button', { name: /^Mark/ }).click();
  second.marks.push({ line: 'mark', at: await recordedAtLastEvent(page) });
  await atRecorded(page, '0:05');
  await page.getByRole('button', { name: /^Stop/ }).click();
  second.stoppedAt = await recordedAtLastEvent(page);
  await expect(page.getByText(/\d recordings?, [\d.]+ KB waiting to send/)).toBeVisible();
  await page.keyboard.press('Alt+N');
  await expect(page.getByRole('heading', { name: `3. ${performances[2].name}` })).toBeVisible();

  // 3. Still offline, reloaded in the middle of the recording: it goes on as a new segment.
  await page.getByRole('button', { name: `Record ${performances[2].name}` }).click();
  const third: Recorded = { stoppedAt: 0, marks: [] };
  recorded.push(third);
  await atRecorded(page, '0:02');
  await rep.fill('85');
  third.marks.push({ line: 'rep', at: await recordedAtLastEvent(page) });
  await atRecorded(page, '0:04');
  // the first segment's time, its last second at most lost with the page
  const firstSegment = await recordedNow(page);
  await page.reload();
  await expect(page.getByText(`The recording of ${performances[2].name} was interrupted`)).toBeVisible();
  await expect(page.getByText(/\d recordings, [\d.]+ KB waiting to send/)).toBeVisible();
  await page.getByRole('button', { name: `Go on recording ${performances[2].name}` }).click();
  await expect(page.getByText(`Recording ${performances[2].name}`)).toBeVisible();
  // the timer goes on from what the device kept of the first segment (all but its last second at most)
  await atRecorded(page, '0:07');
  await page.getByRole('button', { name: /^Stop/ }).click();
  third.stoppedAt = firstSegment + (await recordedAtLastEvent(page));
  await expectNoSidewaysScroll(page);

  // Back online: every entry and every recording is sent, once.
  await context.setOffline(false);
  await expect(page.getByText('Every entry sent')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/waiting to send/)).toHaveCount(0, { timeout: 30_000 });

  for (const [index, performance] of performances.entries()) {
    const { data } = await scoreEntry.get<{ data: (Schemas['CommentaryRecording'] & { history: unknown[] })[] }>(
      `/performances/${performance.id}/commentary`,
    );
    expect(data, performance.name).toHaveLength(1);
    const [recording] = data;
    expect(recording).toMatchObject({ state: 'uploaded', current: true, captionKey: 'ge1' });
    const expected = recorded[index].stoppedAt;
    expect(Math.abs(recording.durationMs! - expected), `${performance.name}'s duration`).toBeLessThanOrEqual(
      DURATION_WITHIN_MS,
    );
    expect(recording.uploads.map((upload) => upload.number)).toEqual(index === 2 ? [1, 2] : [1]);
    const detail = await scoreEntry.get<Schemas['CommentaryRecordingDetail']>(`/commentary/recordings/${recording.id}`);
    const marks = detail.marks.map((mark) => ({ line: mark.subcaptionKey ?? 'mark', at: mark.offsetMs }));
    expect(marks.map((mark) => mark.line).sort(), `${performance.name}'s marks`).toEqual(
      recorded[index].marks.map((mark) => mark.line).sort(),
    );
    for (const mark of recorded[index].marks) {
      const kept = marks.find((item) => item.line === mark.line)!;
      expect(Math.abs(kept.at - mark.at), `${performance.name} ${mark.line}`).toBeLessThanOrEqual(MARK_WITHIN_MS);
    }
  }

  // Played back on the judge's page: the duration known, a mark seeks there, the audio answered with Range (206).
  const ranged = page.waitForResponse((response) => response.url().includes('/audio') && response.status() === 206);
  await page.getByRole('link', { name: new RegExp(`1\\. ${performances[0].name}`) }).click();
  const player = page.getByRole('figure', { name: new RegExp(`Your commentary on ${performances[0].name}`) });
  const audio = player.locator('audio');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(5);
  await ranged;
  await player.getByRole('button', { name: /General Effect: Rep 82\.5 at 0:\d\d/ }).click();
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThanOrEqual(first.marks[0].at / 1000 - 0.5);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: shot('played'), fullPage: true });
});
