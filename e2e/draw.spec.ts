import type { Locator, Page } from '@playwright/test';
import { runDraw, type DrawInput } from '../domain/draw/rules';
import { expectNoSeriousViolations } from './support/axe';
import { enterCaption, smallContest, type Contest } from './support/contest';
import { expect, test } from './support/fixtures';
import { newUser, signIn } from './support/people';
import type { ScoreEntryClient } from './support/score-entry';

/**
 * The draw in /manage (issue 40 item 1) on our API: a circuit's administrator draws two divisions of a competition,
 * one by a random draw in two tiers, one in reverse order of the season's earlier released totals; previews,
 * commits; the entries page shows the drawn running orders; the published record of each re-runs (with domain/draw,
 * from the seed and inputs the published page gives) to the order drawn. The contest is set up through the API with
 * the stack's key in a season of its own far in the past, so no fan's page of the sample circuit changes.
 */

const SHOTS = 'test-results/draw';

test.use({ ignoreHTTPSErrors: true, timezoneId: 'UTC', locale: 'en-US' });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service manages its own contests');

interface Division {
  id: number;
  name: string;
}

/**
 * The draw's competition (four groups of a first division) and, earlier the same day in the same event, a Prelude
 * where three groups of a second division of the same kind were judged and released: Xenon ahead of Yew ahead of
 * Zinnia. Those three are entered in the draw's competition too, in that order.
 */
async function drawContest(scoreEntry: ScoreEntryClient) {
  const contest = await smallContest(scoreEntry, {
    title: 'Draw',
    groups: ['Aspen HS', 'Beech HS', 'Cedar HS', 'Dogwood HS'],
    year: 1996,
  });
  const divisions = await scoreEntry.get<{ data: { id: number; name: string; groupType: { id: number } }[] }>(
    '/divisions/',
  );
  const first = divisions.data.find((division) => division.id === contest.division.id)!;
  const other = divisions.data.find(
    (division) => division.id !== first.id && division.groupType.id === first.groupType.id,
  );
  if (!other) throw new Error('the sample has no second division of this kind of group');
  const { sheet } = await scoreEntry.get<{ sheet: { categories: { captions: Contest['captions'] }[] } }>(
    `/divisions/${other.id}/sheet`,
  );
  const captions = sheet.categories.flatMap((category) => category.captions);
  const prelude = await scoreEntry.post<{ id: number }>(
    `/events/${contest.event.id}/competitions`,
    {
      name: `Draw Prelude ${contest.stamp}`,
      date: '1996-03-08T12:00:00.000Z',
      groupTypeId: first.groupType.id,
      rounds: [contest.round],
    },
    201,
  );
  const seeded: string[] = [];
  for (const [place, short] of ['Xenon HS', 'Yew HS', 'Zinnia HS'].entries()) {
    const name = `${short} ${contest.stamp}`;
    const group = await scoreEntry.post<{ id: number }>('/groups/', { name, divisionId: other.id }, 201);
    const earlier = await scoreEntry.post<{ id: number }>(
      `/competitions/${prelude.id}/performances`,
      { groupId: group.id, divisionId: other.id, round: 1, order: place + 1 },
      201,
    );
    for (const caption of captions) await enterCaption(scoreEntry, earlier.id, caption, 0.9 - 0.1 * place);
    await scoreEntry.post(
      `/competitions/${contest.competition.id}/performances`,
      { groupId: group.id, divisionId: other.id, round: 1, order: place + 1 },
      201,
    );
    seeded.push(name);
  }
  await scoreEntry.post(`/competitions/${prelude.id}/release`, { round: 1, divisionId: other.id });
  return {
    contest,
    tiered: { id: first.id, name: first.name } satisfies Division,
    scored: { id: other.id, name: other.name } satisfies Division,
    /** highest earlier total first */
    seeded,
  };
}

/** The group names of a drawn order (DrawOrder's lines: position, name, what placed it). */
const namesIn = (list: Locator) => list.getByRole('listitem').locator('span:nth-child(2)').allTextContents();

async function shoot(page: Page, name: string, project: string) {
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

test('an administrator draws two divisions, one at random in two tiers and one by reverse score, and each published record re-runs to its order @journey', async ({
  page,
  scoreEntry,
}, testInfo) => {
  test.skip(testInfo.project.name === 'desktop', 'on a desktop, e2e/schedule-journey.spec.ts runs these steps');
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  const { contest, tiered, scored, seeded } = await drawContest(scoreEntry);
  const name = (short: string) => `${short} ${contest.stamp}`;
  const admin = await newUser(scoreEntry, 'administrator', 'Dana', `Draw${contest.stamp}`);
  const drawUrl = `/manage/competitions/${contest.competition.guid}/draw`;

  // From the console: its Draw link.
  await signIn(page, admin, `/manage/competitions/${contest.competition.guid}`);
  await page.getByRole('link', { name: 'Draw', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${drawUrl}$`));
  await expect(
    page.getByRole('heading', { name: `Draw: ${contest.event.name} · ${contest.competition.name}` }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('No draw made for this competition yet')).toBeVisible();

  // A random draw in two tiers: Aspen and Beech (tier 1) before Cedar and Dogwood (tier 2).
  await page.getByRole('combobox', { name: 'Division' }).selectOption(String(tiered.id));
  const tieredSection = `${tiered.name} ${contest.round.name}`;
  await expect(page.getByRole('heading', { name: `Draw ${tieredSection}` })).toBeVisible();
  const seed = page.getByRole('textbox', { name: 'Seed' });
  await expect(seed).toHaveValue(/^\d+$/);
  const seedShown = await seed.inputValue();
  await page.getByLabel('Draw in tiers (e.g. paid by the deadline, non-members first)').check();
  await page.getByLabel(`Tier of ${name('Cedar HS')}`).fill('2');
  await page.getByLabel(`Tier of ${name('Dogwood HS')}`).fill('2');
  // A seed that is not a number is named at the field, nothing sent; then the shown one again.
  await seed.fill('twelve');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText(/^The seed is a whole number from 0 to/)).toBeVisible();
  await seed.fill(seedShown);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: `Preview: ${tieredSection}` });
  await expect(preview.getByText(`From seed ${seedShown}. Not saved`)).toBeVisible();
  const previewed = await namesIn(preview.getByRole('list'));
  expect(previewed.slice(0, 2).sort()).toEqual([name('Aspen HS'), name('Beech HS')]);
  expect(previewed.slice(2).sort()).toEqual([name('Cedar HS'), name('Dogwood HS')]);
  await shoot(page, 'preview', project);
  await page.getByRole('button', { name: 'Commit' }).click();
  const committed = page.getByRole('region', { name: `Committed: ${tieredSection}` });
  await expect(committed.getByText(`Drawn from seed ${seedShown}; recorded and published.`)).toBeVisible();
  expect(await namesIn(committed.getByRole('list'))).toEqual(previewed);
  const tieredOrder = previewed;

  // Reverse score, by keyboard alone: the rule by its arrows, Preview and Commit by Enter.
  await page.getByRole('combobox', { name: 'Division' }).selectOption(String(scored.id));
  const scoredSection = `${scored.name} ${contest.round.name}`;
  await expect(page.getByRole('heading', { name: `Draw ${scoredSection}` })).toBeVisible();
  await page.getByRole('radio', { name: 'Random draw' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Reverse order of a previous score' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Each group’s latest released total this season' })).toBeChecked();
  await page.getByRole('button', { name: 'Preview' }).focus();
  await page.keyboard.press('Enter');
  const scoredPreview = page.getByRole('region', { name: `Preview: ${scoredSection}` });
  await expect(scoredPreview.getByRole('listitem')).toHaveCount(3);
  const reverse = [...seeded].reverse();
  expect(await namesIn(scoredPreview.getByRole('list'))).toEqual(reverse);
  await page.getByRole('button', { name: 'Commit' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('region', { name: `Committed: ${scoredSection}` }).getByText(/recorded and published/),
  ).toBeVisible();

  // The draws made, each with its rule, seed and published record.
  const made = page.getByRole('region', { name: 'Draws made' });
  await expect(made.getByRole('listitem')).toHaveCount(2);
  await expect(made.getByText(`Random draw in tiers · seed ${seedShown}`)).toBeVisible();
  await expect(made.getByText(/^Reverse order of a previous score · seed \d+/)).toBeVisible();
  await shoot(page, 'committed', project);

  // The entries page shows both running orders as drawn.
  for (const [division, order] of [
    [tiered, tieredOrder],
    [scored, reverse],
  ] as const) {
    await page.goto(`/manage/competitions/${contest.competition.guid}/entries?division=${division.id}`);
    const region = page.getByRole('region', { name: `Running order: ${division.name} ${contest.round.name}` });
    await expect(region.getByRole('listitem')).toHaveCount(order.length, { timeout: 30_000 });
    const rows = await region.getByRole('listitem').allTextContents();
    expect(rows.map((row, i) => row.includes(order[i]))).toEqual(order.map(() => true));
  }

  // Each published record re-runs, with domain/draw, from its published seed and inputs, to the order drawn.
  for (const [division, order] of [
    [tiered, tieredOrder],
    [scored, reverse],
  ] as const) {
    await page.goto(drawUrl);
    const link = page.getByRole('link', {
      name: new RegExp(`^Published record of ${division.name} ${contest.round.name}, seed \\d+$`),
    });
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(page).toHaveURL(href);
    const section = page.locator(new URL(href).hash);
    const record = JSON.parse((await section.locator('.draw-record').textContent())!) as {
      input: DrawInput & { entries: { groupId: number; name: string }[] };
      order: { groupId: number }[];
    };
    const names = new Map(record.input.entries.map((entry) => [entry.groupId, entry.name]));
    const rerun = runDraw(record.input).map((place) => names.get(place.groupId));
    expect(rerun).toEqual(record.order.map((place) => names.get(place.groupId)));
    expect(rerun).toEqual(order);
    if (division === tiered) expect(record.input.seed).toBe(Number(seedShown));
  }
});
