import { expectNoSeriousViolations } from './support/axe';
import { enterCaption, smallContest, type Contest } from './support/contest';
import { expect, test } from './support/fixtures';
import { newUser, signIn } from './support/people';
import type { ScoreEntryClient } from './support/score-entry';

/**
 * The awards (issue 36, item 13): the tabulator hands the announcer a laptop or a tablet open at
 * /manage/competitions/<guid>/awards, which reads each released division and round's placements out last place
 * first, one a key press or a tap, in large type; it prints as an awards sheet, one division a page. Unreleased
 * divisions are not shown; judges and fans are refused, by the API and on the page.
 */

test.use({ ignoreHTTPSErrors: true });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service manages its own contests');

const ordinal = (rank: number) =>
  `${rank}${rank % 10 === 1 && rank !== 11 ? 'st' : rank % 10 === 2 && rank !== 12 ? 'nd' : rank % 10 === 3 && rank !== 13 ? 'rd' : 'th'}`;

/**
 * A contest of two divisions: four groups in the first, two in a second division of the same kind of group, every
 * caption entered (the earlier a group performs, the higher its numbers) and the first division released.
 */
async function awardsContest(scoreEntry: ScoreEntryClient) {
  const contest = await smallContest(scoreEntry, {
    title: 'Awards',
    groups: ['Aspen HS', 'Beech HS', 'Cherry HS', 'Damson HS'],
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
  const otherCaptions = sheet.categories.flatMap((category) => category.captions);
  const unreleased: Contest['performances'] = [];
  for (const [order, name] of ['Elder HS', 'Fig HS'].entries()) {
    const group = `${name} ${contest.stamp}`;
    const made = await scoreEntry.post<{ id: number }>('/groups/', { name: group, divisionId: other.id }, 201);
    const performance = await scoreEntry.post<{ id: number }>(
      `/competitions/${contest.competition.id}/performances`,
      { groupId: made.id, divisionId: other.id, round: 1, order: 5 + order },
      201,
    );
    unreleased.push({ id: performance.id, group });
  }
  for (const [place, performance] of contest.performances.entries())
    for (const caption of contest.captions) await enterCaption(scoreEntry, performance.id, caption, 0.9 - 0.05 * place);
  for (const [place, performance] of unreleased.entries())
    for (const caption of otherCaptions) await enterCaption(scoreEntry, performance.id, caption, 0.85 - 0.05 * place);
  await scoreEntry.post(`/competitions/${contest.competition.id}/release`, { round: 1, divisionId: first.id });
  const scores = await scoreEntry.get<{
    data: {
      division: { id: number };
      performances: { group: { name: string }; total: { score: number; rank: number } }[];
    }[];
  }>(`/competitions/${contest.competition.id}/scores`);
  const released = scores.data.find((section) => section.division.id === first.id)!;
  return {
    contest,
    other: { id: other.id, name: other.name, performances: unreleased },
    section: `${first.name} ${contest.round.name}`,
    otherSection: `${other.name} ${contest.round.name}`,
    placements: released.performances.map((performance) => ({
      group: performance.group.name,
      rank: performance.total.rank,
      total: performance.total.score.toFixed(3),
    })),
  };
}

test('the announcer reads a released division out last place first, one key press or tap at a time', async ({
  page,
  scoreEntry,
}, testInfo) => {
  test.setTimeout(180_000);
  const { contest, section, otherSection, other, placements } = await awardsContest(scoreEntry);
  expect(placements.map((placement) => placement.rank)).toEqual([1, 2, 3, 4]);
  const tabulator = await newUser(scoreEntry, 'tabulator', 'Tab', `Awards${contest.stamp}`);
  await signIn(page, tabulator, `/manage/competitions/${contest.competition.guid}`);
  await page.getByRole('link', { name: 'Awards', exact: true }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/manage/competitions/${contest.competition.guid}/awards`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Awards: ${contest.competition.name}`);

  // Only the released division; the other is said to be waiting, by name only.
  const sections = page.getByRole('navigation', { name: 'Released divisions and rounds' });
  await expect(sections.getByRole('link')).toHaveCount(1);
  await expect(sections.getByRole('link', { name: section })).toBeVisible();
  await expect(page.getByText(`Not released yet: ${otherSection}.`)).toBeVisible();
  await expect(page.getByText(other.performances[0].group)).toHaveCount(0);
  await expect(
    page.getByText('Tap the box, or press Space, Enter or → for the next placement; ← goes back.'),
  ).toBeVisible();

  const stage = page.getByRole('region', { name: `Announcing ${section}` });
  await expect(stage).toContainText(`${section}: 4 groups`);
  await expect(stage).toBeFocused();
  const announced = stage.getByRole('status');
  const expectPlacement = async (index: number) => {
    const placement = placements[index];
    await expect(announced).toContainText(`${ordinal(placement.rank)} place`);
    await expect(announced).toContainText(placement.group);
    await expect(announced).toContainText(placement.total);
  };

  // Space, Right arrow and Enter each read the next placement; Left goes back; a tap on the stage goes on.
  await page.keyboard.press('Space');
  await expectPlacement(3);
  await page.keyboard.press('ArrowRight');
  await expectPlacement(2);
  await page.keyboard.press('Enter');
  await expectPlacement(1);
  await page.keyboard.press('ArrowLeft');
  await expectPlacement(2);
  // A tap on the stage (a click on a laptop) reads the next one too.
  if (testInfo.project.use.hasTouch) await stage.tap();
  else await stage.click();
  await expectPlacement(1);
  // Large type: the group's name and total, for reading out loud from a step away.
  for (const text of [placements[1].group, placements[1].total]) {
    const size = await announced
      .getByText(text, { exact: true })
      .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(size, `${text} in large type`).toBeGreaterThanOrEqual(36);
  }
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('awards-stage.png') });
  await page.keyboard.press('Space');
  await expectPlacement(0);
  // A reload keeps the place (the announcer's tablet is not to lose it).
  await page.reload();
  await expectPlacement(0);
  await expect(stage).toBeFocused();
  await expect(stage).toContainText(`That is every group of ${section}.`);
  await page.keyboard.press('Space');
  await expectPlacement(0);
  await page.screenshot({ path: testInfo.outputPath('awards-winner.png') });
});

test('the announcer needs nothing but the keyboard: from the console to the awards and through them', async ({
  page,
  scoreEntry,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a laptop with a keyboard');
  test.setTimeout(180_000);
  const { contest, section, placements } = await awardsContest(scoreEntry);
  const chief = await newUser(scoreEntry, 'chief-judge', 'Chief', `Keys${contest.stamp}`);
  await signIn(page, chief, `/manage/competitions/${contest.competition.guid}`);
  const awardsLink = page.getByRole('link', { name: 'Awards', exact: true });
  await expect(awardsLink).toBeVisible({ timeout: 30_000 });
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    if (await awardsLink.evaluate((link) => link === document.activeElement)) break;
  }
  await expect(awardsLink).toBeFocused();
  await page.keyboard.press('Enter');
  const stage = page.getByRole('region', { name: `Announcing ${section}` });
  await expect(stage).toBeFocused({ timeout: 30_000 });
  for (const placement of [...placements].reverse()) {
    await page.keyboard.press('Space');
    await expect(stage.getByRole('status')).toContainText(`${ordinal(placement.rank)} place`);
    await expect(stage.getByRole('status')).toContainText(placement.group);
  }
  await expect(stage).toContainText(`That is every group of ${section}.`);
  // The Back button hands the focus back to the stage, so the keys go on reading from there.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '← Back' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(stage).toBeFocused();
  await expect(stage.getByRole('status')).toContainText(placements[1].group);
  await page.keyboard.press('ArrowRight');
  await expect(stage.getByRole('status')).toContainText(placements[0].group);
});

test('the awards print as a sheet, one division a page, last place first', async ({ page, scoreEntry }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'printed from a laptop');
  test.setTimeout(180_000);
  const { contest, section, otherSection, other, placements } = await awardsContest(scoreEntry);
  await scoreEntry.post(`/competitions/${contest.competition.id}/release`, { round: 1, divisionId: other.id });
  const admin = await newUser(scoreEntry, 'administrator', 'Ad', `Print${contest.stamp}`);
  await signIn(page, admin, `/manage/competitions/${contest.competition.guid}/awards`);
  await expect(page.getByRole('navigation', { name: 'Released divisions and rounds' }).getByRole('link')).toHaveCount(
    2,
    { timeout: 30_000 },
  );

  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByRole('region', { name: 'Awards sheet' });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('region', { name: `Announcing ${section}` })).toBeHidden();
  const first = sheet.getByRole('table', { name: section });
  await expect(first.getByRole('row')).toHaveCount(5);
  const groups = await first.getByRole('rowheader').allInnerTexts();
  expect(groups).toEqual([...placements].reverse().map((placement) => placement.group));
  await expect(sheet.getByRole('table', { name: otherSection })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('awards-print.png'), fullPage: true });

  // One division a page: the PDF has as many pages as released divisions and rounds.
  const pdf = await page.pdf({ format: 'Letter' });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages.length).toBe(2);
});

test('judges and fans are refused the awards, by the API and on the page', async ({
  page,
  browser,
  scoreEntry,
  stack,
}) => {
  test.setTimeout(120_000);
  const contest = await smallContest(scoreEntry, { title: 'Refused', groups: ['Hazel HS'] });
  const awards = `/manage/competitions/${contest.competition.guid}/awards`;

  // A fan: asked to sign in; the API's read says so too.
  const fan = await browser.newContext({ baseURL: stack.baseURL });
  try {
    const fanPage = await fan.newPage();
    await fanPage.goto(awards);
    await expect(fanPage.getByRole('heading', { name: 'Sign in to manage contests' })).toBeVisible();
    // Without a session the BFF reads with its own read-only key, which the API refuses the awards.
    const refused = await fanPage.request.get(`/api/competitions/${contest.competition.id}/awards`);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'permission_required', permission: 'read-awards' });
  } finally {
    await fan.close();
  }

  // A judge: not for the role, and the API refuses with the permission it needs.
  const judge = await newUser(scoreEntry, 'judge', 'Jo', `Awards${contest.stamp}`);
  await signIn(page, judge, awards);
  await expect(page.getByText('The awards are not for your role')).toBeVisible();
  await expect(page.getByRole('link', { name: "the judge's page" })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Announcing/ })).toHaveCount(0);
  const refused = await page.request.get(`/api/competitions/${contest.competition.id}/awards`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'permission_required', permission: 'read-awards' });
});
