import { expect, test } from './support/fixtures';
import { latestScoredCompetition, printed, todayInChicago } from './support/api-data';

test('the judges view sets each judge beside the final ranks and marks where they differ', async ({ page, request }) => {
  const { competition, scores } = await latestScoredCompetition(request, todayInChicago());
  const section = scores.data[0];
  const category = section.sheet.categories.find((c) => c.captions.some((caption) => caption.judge))!;
  const caption = category.captions.find((candidate) => candidate.judge)!;
  const judge = `${caption.judge!.firstName} ${caption.judge!.lastName}`;

  await page.goto(`/competitions/${competition.id}/judges`);
  const table = page.getByRole('table', { name: new RegExp(`^${caption.name} — ${judge}`) }).first();
  await expect(table).toBeVisible();

  for (const performance of section.performances.filter((p) => p.performed)) {
    const scored = performance.categories.find((c) => c.key === category.key)!.captions.find((c) => c.key === caption.key)!;
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: performance.group.name, exact: true }) });
    await expect(row.getByRole('cell').nth(0)).toHaveText(String(performance.total.rank));
    await expect(row.getByRole('cell').nth(1)).toHaveText(printed.caption(scored.score));
    const rankCell = row.getByRole('cell').nth(2);
    if (scored.rank !== performance.total.rank) {
      await expect(rankCell).toContainText(`differs from final rank ${performance.total.rank}`);
    } else {
      await expect(rankCell).toHaveText(String(scored.rank));
    }
  }
});
