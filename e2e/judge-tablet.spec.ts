import { randomBytes } from 'node:crypto';
import type { components } from '../src/lib/api-types';
import { todayInChicago } from './support/api-data';
import { expect, test } from './support/fixtures';

/**
 * A judge's tablet on our API (issue 28): a judge user signs in through the BFF, scores, loses the network halfway,
 * goes on and reloads the page offline with everything typed still there, and once the network is back every entry
 * reaches the API once; a tabulator's change made meanwhile comes back as a conflict with both numbers.
 */

type Schemas = components['schemas'];
const PASSWORD = 'a long press-box password';
const TABLET = { width: 820, height: 1180 };

test.use({ viewport: TABLET, ignoreHTTPSErrors: true });

test('a judge scores a round on a tablet through a network cut', async ({
  page,
  context,
  upstream,
  scoreEntry,
}, testInfo) => {
  test.skip(upstream !== 'ours' || testInfo.project.name !== 'desktop', 'our API, on the tablet viewport');
  test.setTimeout(90_000);
  const run = randomBytes(3).toString('hex');

  // Set-up through the API, as the tabulation room would: a competition of three groups and a judge seated on GE1.
  const seasons = await scoreEntry.get<{ data: Schemas['Season'][] }>('/seasons/');
  const season = seasons.data.find((candidate) => candidate.current)!;
  const divisions = await scoreEntry.get<{ data: Schemas['Division'][] }>('/divisions/?groupTypeId=1');
  const division = divisions.data.find((candidate) => candidate.name === 'Scholastic World')!;
  const event = await scoreEntry.post<{ id: number }>(
    '/events/',
    { seasonId: season.id, name: `Tablet Check ${run}`, eventTypeId: 1, startDate: todayInChicago() },
    201,
  );
  const competition = await scoreEntry.post<{ id: number }>(
    `/events/${event.id}/competitions`,
    { name: `Tablet ${run}`, date: new Date().toISOString(), groupTypeId: 1, rounds: [{ number: 1, name: 'Finals' }] },
    201,
  );
  const performances: { id: number; name: string }[] = [];
  for (const [order, short] of ['Alpha', 'Bravo', 'Charlie'].entries()) {
    const group = await scoreEntry.post<Schemas['Group']>(
      '/groups/',
      { name: `${short} ${run} HS`, divisionId: division.id, location: 'Round Rock, TX' },
      201,
    );
    const performance = await scoreEntry.post<{ id: number }>(
      `/competitions/${competition.id}/performances`,
      { groupId: group.id, divisionId: division.id, round: 1, order: order + 1 },
      201,
    );
    performances.push({ id: performance.id, name: group.name });
  }
  const email = `judge-${run}@example.com`;
  const judge = await scoreEntry.post<{ id: number; passwordLink: { url: string } }>(
    '/users/',
    { email, role: 'judge', firstName: 'Jo', lastName: `Judge ${run}` },
    201,
  );
  await scoreEntry.post(
    `/competitions/${competition.id}/judges`,
    { round: 1, divisionId: division.id, captionKey: 'ge1', userId: judge.id },
    200,
  );

  // The judge sets a password on the one-time link, then signs in through the BFF, coming back to /judge.
  await page.goto(judge.passwordLink.url);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.goto('/auth/sign-in?returnTo=/judge');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/judge$/);

  await page.getByRole('link', { name: new RegExp(`General Effect.*Tablet ${run}`, 's') }).click();
  await expect(page.getByRole('heading', { name: `1. ${performances[0]!.name}` })).toBeVisible();
  // The service worker keeps the page's code for the offline reload.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });

  // A number out of range is said at once and cannot be submitted.
  await page.getByRole('textbox', { name: 'Rep' }).fill('101');
  await expect(page.getByText('Above the maximum 100')).toBeVisible();
  await page.getByRole('textbox', { name: 'Perf' }).fill('80');
  await page.getByRole('textbox', { name: 'Perf' }).press('Enter');
  await expect(page.getByText('Every line needs a valid number')).toBeVisible();
  await page.getByRole('textbox', { name: 'Rep' }).fill('82.5');
  await expect(page.getByText('Caption total 162.5')).toBeVisible();
  await page.getByRole('textbox', { name: 'Perf' }).press('Enter');
  // Submitted and locked; the next to score opens.
  await expect(page.getByRole('link', { name: `1. ${performances[0]!.name} Submitted` })).toBeVisible();
  await expect(page.getByText('Every entry sent')).toBeVisible();
  await expect(page.getByRole('heading', { name: `2. ${performances[1]!.name}` })).toBeVisible();

  // The network goes; the judge goes on with the next two groups.
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Rep' }).fill('78');
  await page.getByRole('textbox', { name: 'Perf' }).fill('79');
  await page.keyboard.press('Alt+N');
  await expect(page.getByRole('heading', { name: `3. ${performances[2]!.name}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Rep' }).fill('85');
  await page.getByRole('textbox', { name: 'Perf' }).fill('86');
  await expect(page.getByText('2 entries waiting to send')).toBeVisible();
  // The own numbers: Charlie first at 171, then Alpha 162.5, then Bravo 157.
  const ranks = page.getByRole('table').filter({ hasText: 'Rank' });
  await expect(ranks.getByRole('row')).toHaveText([/Rank/, /1.*Charlie.*171/, /2.*Alpha.*162\.5/, /3.*Bravo.*157/]);

  // Reloaded without a network: everything typed is still there.
  await page.reload();
  await expect(page.getByRole('heading', { name: `3. ${performances[2]!.name}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rep' })).toHaveValue('85');
  await expect(page.getByText('2 entries waiting to send')).toBeVisible();

  // Meanwhile a tabulator enters Bravo's GE1 on the API.
  await scoreEntry.post(`/performances/${performances[1]!.id}/scores`, {
    captionKey: 'ge1',
    scores: [
      { subcaptionKey: 'rep', score: 70 },
      { subcaptionKey: 'perf', score: 71 },
    ],
  });

  await context.setOffline(false);
  await expect(page.getByText(/Every entry sent · 1 entry needs your decision/)).toBeVisible({ timeout: 20_000 });
  await page
    .getByRole('navigation', { name: 'Running order' })
    .getByRole('link', { name: new RegExp(`2\\. ${performances[1]!.name}`) })
    .click();
  const conflict = page.getByRole('alert').filter({ hasText: 'changed this entry' });
  await expect(conflict.getByRole('row', { name: /Rep/ })).toHaveText(/Rep\s*78\s*70/);

  // Every entry reached the API once: the audit trail has one write per entry the API took (Alpha's draft and
  // submit, Charlie's draft) and none of the judge's for Bravo, whose entry is the tabulator's.
  const audit = await scoreEntry.get<{ data: { action: string; resource: { id: string | number } }[] }>(
    `/audit/?competitionId=${competition.id}`,
  );
  const writes = (id: number) =>
    audit.data.filter(
      (entry) => entry.action === 'performance.enter-scores' && String(entry.resource.id) === String(id),
    ).length;
  expect(writes(performances[2]!.id)).toBe(1);
  expect(writes(performances[1]!.id)).toBe(1);
  for (const { id } of performances) await scoreEntry.delete(`/performances/${id}`);
});
