import { expectNoSeriousViolations } from './support/axe';
import { latestScoredCompetition, todayInChicago } from './support/api-data';
import { expect } from './support/fixtures';
import { captions, enterEverySheet, JUDGES, ROUND, test, totalOf } from './support/released-show';

/**
 * Corrections after release on the fans' recap (issue 36 item 8): a number the tabulation room changes after the
 * release, with its reason, is marked where the recap shows it, and the note under the division says from what to
 * what and why (the API's published page always did, decision 083). By keyboard and screen reader: each mark is a
 * link named "Corrected, note N" to its note, which takes the focus. On the hosted service there are none.
 */

const REASON = 'General Effect judge 1 misread the sheet';
const CORRECTED = [97, 96];

test('a number corrected after release is marked on the recap, and its note says from what to what and why', async ({
  page,
  scoreEntry,
  liveShow,
  isMobile,
}, testInfo) => {
  test.setTimeout(90_000);
  await enterEverySheet(scoreEntry, liveShow);
  await scoreEntry.post(`/competitions/${liveShow.competitionId}/release`, {});
  const ge1 = captions.find((caption) => caption.key === 'ge1')!;
  await scoreEntry.post(`/performances/${liveShow.groups.Alpha.performanceId}/scores`, {
    captionKey: ge1.key,
    scores: ge1.subcaptions.map((line, i) => ({ subcaptionKey: line.key, score: CORRECTED[i] })),
    reason: REASON,
  });
  const alpha = liveShow.groups.Alpha;
  const total = totalOf({ ...JUDGES.Alpha, ge1: CORRECTED });

  await page.goto(`/competitions/${liveShow.competitionGuid}`);
  const section = page.getByRole('region', { name: `${liveShow.divisionName} · ${ROUND}` });
  const notes = section.getByRole('region', { name: 'Corrections after release' });
  await expect(notes.getByRole('listitem')).toHaveText([
    new RegExp(
      `^†1 Note 1: ${alpha.name} · General Effect 1: Rep 82 →changed to 97; Perf 80 →changed to 96\\. Reason: ${REASON} \\(`,
    ),
  ]);
  // Alpha's Total carries the mark, on the phone's card and in the wide table alike; no other group's does
  const row = isMobile
    ? section.getByRole('article', { name: alpha.name })
    : section.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${alpha.name}`) }) });
  await expect(row).toContainText(total);
  const mark = row.getByRole('link', { name: 'Corrected, note 1' });
  await expect(mark).toHaveCount(1);
  await expect(section.getByRole('link', { name: /^Corrected, note/ })).toHaveCount(1);
  await expect(mark).toHaveAttribute('title', `Corrected after release: ${REASON}`);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('recap-summary.png'), fullPage: true });

  // by keyboard: the mark takes the reader to its note, which has the focus
  await mark.focus();
  await page.keyboard.press('Enter');
  await expect(notes.getByRole('listitem')).toBeFocused();

  // the full recap marks the corrected caption's total and each changed line too
  await page.goto(`/competitions/${liveShow.competitionGuid}?view=full`);
  if (isMobile) {
    const card = section.getByRole('article', { name: alpha.name });
    const caption = card.getByRole('table', { name: 'General Effect' }).first();
    await expect(caption.getByRole('link', { name: 'Corrected, note 1' })).toHaveCount(3);
    await card.screenshot({ path: testInfo.outputPath('recap-full-card.png') });
  } else {
    await expect(row.getByRole('link', { name: 'Corrected, note 1' })).toHaveCount(
      // Rep, Perf, the caption's total, the category's total, the Total
      5,
    );
  }
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('recap-full.png'), fullPage: true });
});

test(
  'a recap on an upstream that publishes no corrections shows none',
  { tag: '@journey' },
  async ({ page, request, upstream }) => {
    test.skip(upstream !== 'hosted', 'our API publishes corrections: the test above');
    const { competition } = await latestScoredCompetition(request, todayInChicago());
    await page.goto(`/competitions/${competition.guid}`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Corrections after release' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Corrected, note/ })).toHaveCount(0);
  },
);
