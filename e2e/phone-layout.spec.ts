import { expect, test } from './support/fixtures';
import { latestScoredCompetition, todayInChicago } from './support/api-data';

for (const view of ['summary', 'categories', 'full'] as const) {
  test(`the ${view} recap never scrolls the page sideways`, async ({ page, request }) => {
    const { competition } = await latestScoredCompetition(request, todayInChicago());
    await page.goto(`/competitions/${competition.id}?view=${view}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Recap view' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('on a phone the breakdown of a group is one tap away', async ({ page, request, isMobile }) => {
  test.skip(!isMobile, 'phone layout');
  const { competition, scores } = await latestScoredCompetition(request, todayInChicago());
  const performance = scores.data[0].performances[0];
  const caption = scores.data[0].sheet.categories[0].captions[0];

  await page.goto(`/competitions/${competition.id}`);
  const card = page.getByRole('article', { name: performance.group.name });
  await card.getByText('Breakdown by caption and judge').tap();
  await expect(card.getByRole('table').first()).toContainText(caption.subcaptions[0].name);
});
