import type { DivisionRoundScores, PerformanceScores } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { latestScoredCompetition, printed, todayInChicago } from './support/api-data';

/** Every number of a performance in the published order: subcaptions, caption total, (category total), ... */
function publishedRow(section: DivisionRoundScores, performance: PerformanceScores): { score: string; rank: number | null }[] {
  const cells: { score: string; rank: number | null }[] = [];
  for (const category of section.sheet.categories) {
    const scored = performance.categories.find((c) => c.key === category.key)!;
    for (const caption of category.captions) {
      const captionScores = scored.captions.find((c) => c.key === caption.key)!;
      for (const line of caption.subcaptions) {
        const value = captionScores.subcaptions.find((s) => s.key === line.key)!;
        cells.push({ score: printed.subcaption(value.score), rank: value.rank });
      }
      cells.push({ score: printed.caption(captionScores.score), rank: captionScores.rank });
    }
    if (category.captions.length !== 1 || category.combine === 'sum-half') cells.push({ score: printed.category(scored.score), rank: scored.rank });
  }
  cells.push({ score: printed.total(performance.subtotal.score), rank: performance.subtotal.rank });
  cells.push({ score: printed.penalty(performance.penalty), rank: null });
  cells.push({ score: printed.total(performance.total.score), rank: performance.total.rank });
  return cells;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the full recap table shows the API numbers, number for number, with every rank', async ({ page, request, isMobile }) => {
  test.skip(isMobile, 'the phone shows cards; see the next test');
  const { competition, scores } = await latestScoredCompetition(request, todayInChicago());
  const section = scores.data[0];

  await page.goto(`/competitions/${competition.id}?view=full`);
  const table = page.getByRole('table', { name: new RegExp(`^${escape(section.division.name)} — ${escape(section.round.name)}`) });
  const performed = section.performances.filter((p) => p.performed);
  await expect(table.getByRole('rowheader')).toHaveCount(section.performances.length);

  for (const performance of performed) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escape(performance.group.name)}`) }) });
    const cells = row.getByRole('cell');
    const expected = publishedRow(section, performance);
    await expect(cells).toHaveCount(expected.length + 1);
    await expect(cells.first()).toHaveText(String(performance.total.rank));
    await expect(cells).toHaveText([
      String(performance.total.rank),
      ...expected.map(({ score, rank }) => new RegExp(`^${escape(score)}${rank === null ? '' : `\\s*rank ${rank}`}( \\(highest\\))?$`)),
    ]);
  }
});

test('on a phone each group card shows the API total and its category scores', async ({ page, request, isMobile }) => {
  test.skip(!isMobile, 'phone layout');
  const { competition, scores } = await latestScoredCompetition(request, todayInChicago());
  const section = scores.data[0];

  await page.goto(`/competitions/${competition.id}?view=categories`);
  const cards = page.getByRole('list', { name: `${section.division.name} — ${section.round.name}` });
  for (const performance of section.performances.filter((p) => p.performed)) {
    const card = cards.getByRole('article', { name: performance.group.name });
    await expect(card).toContainText(printed.total(performance.total.score));
    for (const category of performance.categories) {
      await expect(card).toContainText(printed.category(category.score));
    }
  }
});
