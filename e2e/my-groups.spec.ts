import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { components } from '../src/lib/api-types';
import { todayInChicago } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { escaped, newUser, signIn } from './support/people';
import { captions, enterEverySheet, JUDGES } from './support/released-show';
import type { ScoreEntryClient } from './support/score-entry';
import { expectNoSidewaysScroll } from './support/show-day';

/**
 * A group's own pages (issue 39, item 2): a group-staff account of Alpha signs in, opens /my-groups (one group:
 * straight to it), reads the released contest's whole sheet (every judge's lines, the judge's name, ranks, totals),
 * plays its General Effect commentary and seeks to the mark where the judge typed a number; an unreleased contest
 * says so and shows none of its numbers; Bravo's contest and commentary are refused in words. Signed out: the
 * sign-in prompt. On the hosted upstream: the word that groups' accounts are there, and no call for a group.
 */

type Schemas = components['schemas'];
const MARK_AT_MS = 3_000;

test.use({ ignoreHTTPSErrors: true });

test("on the hosted upstream /my-groups says groups' accounts are on the hosted service @journey", async ({
  page,
  upstream,
}) => {
  test.skip(upstream === 'ours', 'the hosted upstream only');
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/my-groups');
  await expect(page.getByText("Groups' accounts are on the hosted service")).toBeVisible();
  // a group's registration and critique pages say where those are kept, too (a link followed from elsewhere)
  await page.goto('/my-groups/1/registration');
  await expect(page.getByText('Registration is on the hosted service')).toBeVisible();
  await page.goto('/my-groups/1/critique');
  await expect(page.getByText('Critique sign-up is on the hosted service')).toBeVisible();
  expect(asked.filter((path) => path.startsWith('/api/groups') || path.startsWith('/api/commentary'))).toEqual([]);
  await expectNoSeriousViolations(page);
});

/** A recording of a performance and caption uploaded by the stack's key (a file recorded elsewhere), with a mark. */
async function uploadCommentary(scoreEntry: ScoreEntryClient, performanceId: number) {
  const key = randomUUID();
  const bytes = readFileSync('test/fixtures/commentary/chromium-6s.webm');
  const recording = await scoreEntry.post<{ id: number }>(
    `/performances/${performanceId}/commentary`,
    { captionKey: 'ge1', contentType: 'audio/webm;codecs=opus', key },
    201,
  );
  const upload = await scoreEntry.post<{ id: number }>(
    `/commentary/recordings/${recording.id}/uploads`,
    { number: 1, size: bytes.length },
    201,
  );
  await scoreEntry.sendBytes(
    'PATCH',
    `/commentary/uploads/${upload.id}`,
    bytes,
    { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    204,
  );
  await scoreEntry.post(`/commentary/recordings/${recording.id}/finish`, {
    uploads: [{ number: 1, size: bytes.length }],
  });
  await scoreEntry.post(`/performances/${performanceId}/commentary/marks`, {
    captionKey: 'ge1',
    marks: [{ recordingKey: key, offsetMs: MARK_AT_MS, subcaptionKey: 'rep', score: 82 }],
  });
  return recording.id;
}

/** Three new groups in a new event that records commentary: a released Finals, and a later contest unreleased. */
async function groupShow(scoreEntry: ScoreEntryClient, run: string) {
  const seasons = await scoreEntry.get<{ data: Schemas['Season'][] }>('/seasons/');
  const season = seasons.data.find((candidate) => candidate.current)!;
  const divisions = await scoreEntry.get<{ data: Schemas['Division'][] }>('/divisions/?groupTypeId=1');
  const division = divisions.data.find((candidate) => candidate.name === 'Scholastic World')!;
  const event = await scoreEntry.post<{ id: number }>(
    '/events/',
    {
      seasonId: season.id,
      name: `Own Sheets ${run}`,
      eventTypeId: 1,
      startDate: todayInChicago(),
      commentaryEnabled: true,
    },
    201,
  );
  const contest = (name: string, date: Date) =>
    scoreEntry.post<{ id: number; guid: string }>(
      `/events/${event.id}/competitions`,
      { name, date: date.toISOString(), groupTypeId: 1, rounds: [{ number: 1, name: 'Finals' }] },
      201,
    );
  const released = await contest(`Own Sheets ${run}`, new Date());
  const later = await contest(`Later Sheets ${run}`, new Date(Date.now() + 3_600_000));
  const earlier = await contest(`Earlier Sheets ${run}`, new Date(Date.now() - 3_600_000));
  const groups: Record<string, { id: number; name: string; performanceId: number }> = {};
  for (const [order, short] of Object.keys(JUDGES).entries()) {
    const group = await scoreEntry.post<{ id: number; name: string }>(
      '/groups/',
      { name: `${short} ${run} HS`, divisionId: division.id, location: 'Round Rock, TX' },
      201,
    );
    const performance = await scoreEntry.post<{ id: number }>(
      `/competitions/${released.id}/performances`,
      { groupId: group.id, divisionId: division.id, round: 1, order: order + 1 },
      201,
    );
    groups[short] = { id: group.id, name: group.name, performanceId: performance.id };
  }
  // Alpha's second contest of the season, released: the season's lines have two points
  const second = await scoreEntry.post<{ id: number }>(
    `/competitions/${earlier.id}/performances`,
    { groupId: groups.Alpha.id, divisionId: division.id, round: 1, order: 1 },
    201,
  );
  for (const caption of captions)
    await scoreEntry.post(`/performances/${second.id}/scores`, {
      captionKey: caption.key,
      scores: caption.subcaptions.map((line, i) => ({
        subcaptionKey: line.key,
        score: JUDGES.Alpha[caption.key][i] - 5,
      })),
    });
  await scoreEntry.post(`/competitions/${earlier.id}/release`, {
    round: 1,
    force: true,
    reason: "the group's pages journey: an earlier contest of the season",
  });
  const unreleased = await scoreEntry.post<{ id: number }>(
    `/competitions/${later.id}/performances`,
    { groupId: groups.Alpha.id, divisionId: division.id, round: 1, order: 1 },
    201,
  );
  return { released, later, division, groups, unreleasedPerformanceId: unreleased.id };
}

async function shoot(page: Page, path: string) {
  await page.screenshot({ path, fullPage: true });
}

test('a group staff member reads the released sheet, hears its commentary at a mark; nothing else', async ({
  page,
  upstream,
  scoreEntry,
}, testInfo) => {
  test.skip(upstream !== 'ours', "our API's groups' accounts");
  test.setTimeout(180_000);
  const run = randomBytes(3).toString('hex');
  const shot = (name: string) => testInfo.outputPath(`${name}.png`);
  const show = await groupShow(scoreEntry, run);
  const { Alpha: alpha, Bravo: bravo } = show.groups as Record<'Alpha' | 'Bravo', (typeof show.groups)[string]>;
  const judge = await newUser(scoreEntry, 'judge', 'Rita', `Tape ${run}`);
  await scoreEntry.post(
    `/competitions/${show.released.id}/judges`,
    { round: 1, divisionId: show.division.id, captionKey: 'ge1', userId: judge.id },
    200,
  );
  await enterEverySheet(scoreEntry, { groups: show.groups } as unknown as Parameters<typeof enterEverySheet>[1]);
  const alphaRecording = await uploadCommentary(scoreEntry, alpha.performanceId);
  const bravoRecording = await uploadCommentary(scoreEntry, bravo.performanceId);
  await scoreEntry.post(`/competitions/${show.released.id}/release`, {
    round: 1,
    force: true,
    reason: "the group's pages journey releases once every sheet is in",
  });
  const email = `staff-${run}-${Date.now()}@alpha.example`;
  const staff = await scoreEntry.post<{ id: number; passwordLink: { url: string } }>(
    '/users/',
    { email, role: 'group-staff', groupIds: [alpha.id], firstName: 'Sam', lastName: `Staff ${run}` },
    201,
  );

  // Signed out: the sign-in prompt, nothing of the group.
  await page.goto(`/my-groups/${alpha.id}`);
  await expect(page.getByRole('heading', { name: "Sign in to see your group's sheets" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();

  // Signed in: /my-groups goes straight to the one group.
  await signIn(page, { email, passwordLink: staff.passwordLink }, `/my-groups/${alpha.id}`);
  await page.goto('/my-groups');
  await expect(page).toHaveURL(new RegExp(`/my-groups/${alpha.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: alpha.name })).toBeVisible();
  const contests = page.getByRole('list', { name: `Contests of ${alpha.name}` });
  const later = contests.getByRole('listitem').filter({ hasText: `Later Sheets ${run}` });
  await expect(later.getByText('Not released yet')).toBeVisible();
  await expect(later.getByRole('link')).toHaveCount(0);
  await expect(later.getByText(/Total/)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await shoot(page, shot('contests'));

  // The released sheet, opened with the keyboard.
  const open = contests.getByRole('link', { name: new RegExp(`· Own Sheets ${run}$`) });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${escaped(`/my-groups/${alpha.id}/contests/${alpha.performanceId}`)}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${alpha.name}: Own Sheets ${run}` })).toBeVisible();
  const ge = page.getByRole('region', { name: /General Effect/ });
  const geRow = ge.getByRole('row', { name: /^General Effect \(GE1\) Rita Tape/ });
  await expect(geRow).toBeVisible();
  // Alpha's ge1 lines as the judge gave them (82, 80), each on its row
  await expect(ge.getByRole('row', { name: /^Rep \(of \d+\) 82 / }).first()).toBeVisible();
  await expect(ge.getByRole('row', { name: /^Perf \(of \d+\) 80 / }).first()).toBeVisible();
  await expect(page.getByText(/place \d of 3/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print the sheet' })).toBeVisible();

  // The commentary: its player, a download, and the mark where the judge typed Rep 82; the mark seeks there.
  const player = page.getByRole('figure', { name: /Commentary: General Effect, Rita Tape/ });
  await expect(player.locator('audio')).toHaveAttribute('src', `/api/commentary/recordings/${alphaRecording}/audio`);
  await expect(page.getByRole('link', { name: /Download the recording/ })).toHaveAttribute(
    'href',
    `/api/commentary/recordings/${alphaRecording}/audio?download=true`,
  );
  await expect
    .poll(() => player.locator('audio').evaluate((element: HTMLAudioElement) => element.duration))
    .toBeGreaterThan(3);
  const mark = player.getByRole('button', { name: 'Rep 82 at 0:03' });
  await mark.focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => player.locator('audio').evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThanOrEqual(MARK_AT_MS / 1000);
  await expect.poll(() => player.locator('audio').evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
  // the season's lines: the fans' category chart, drawn from the group's two released contests
  await expect(page.getByRole('heading', { name: 'The season so far' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: new RegExp(`^Category scores of ${escaped(alpha.name)}\\.`) }),
  ).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'General Effect (GE1)' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await shoot(page, shot('sheet-light'));
  if (testInfo.project.name === 'phone' && process.env.GROUP_GUIDE_SCREENSHOT) {
    await ge.getByRole('heading').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: shot('guide') });
    copyFileSync(shot('guide'), 'docs/group-accounts-sheet.png');
  }
  // printed: the sheet's numbers, without the players, the charts and the page's chrome
  await page.emulateMedia({ media: 'print' });
  await expect(player).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print the sheet' })).toBeHidden();
  await expect(geRow).toBeVisible();
  await shoot(page, shot('sheet-print'));
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
  await expectNoSeriousViolations(page);
  await shoot(page, shot('sheet-dark'));
  await page.emulateMedia({ colorScheme: 'light' });

  // The unreleased contest, asked for by its address: nothing of its numbers.
  await page.goto(`/my-groups/${alpha.id}/contests/${show.unreleasedPerformanceId}`);
  await expect(page.getByText('Not released yet')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  // Bravo's contest, through Alpha and outright, and Bravo's recording: refused, in words.
  await page.goto(`/my-groups/${alpha.id}/contests/${bravo.performanceId}`);
  await expect(page.getByText('No such contest of this group')).toBeVisible();
  await page.goto(`/my-groups/${bravo.id}/contests/${bravo.performanceId}`);
  await expect(page.getByText('This is not one of your groups')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.locator('audio')).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await shoot(page, shot('refused'));
  const refused = await page.evaluate(async (id) => {
    const statuses: number[] = [];
    for (const path of [`/api/commentary/recordings/${id}/audio`, `/api/commentary/recordings/${id}`])
      statuses.push((await fetch(path)).status);
    return statuses;
  }, bravoRecording);
  expect(refused).toEqual([403, 403]);
  // nothing of the group's reads is kept on the device (they are private, no-store) for the next person to find
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
  expect(cached.filter((url) => /\/api\/(groups|commentary|me)/.test(url))).toEqual([]);
});
