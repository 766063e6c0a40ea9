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

test('on a phone a tap on a recap view switches to it once, at the lift, and puts it in the URL', async ({ page, request, isMobile }) => {
  test.skip(!isMobile, 'touch');
  const { competition, scores } = await latestScoredCompetition(request, todayInChicago());
  const performance = scores.data[0].performances[0];

  await page.goto(`/competitions/${competition.id}`);
  const views = page.getByRole('navigation', { name: 'Recap view' });
  const card = page.getByRole('article', { name: performance.group.name });
  const disclosure = card.getByRole('button', { name: 'Breakdown by caption and judge' });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  // The app acts on the touch's end and cancels it: the browser makes no click of the tap.
  await page.evaluate(() => {
    (window as unknown as { tapClicks: number }).tapClicks = 0;
    addEventListener('click', () => (window as unknown as { tapClicks: number }).tapClicks++, { capture: true });
  });
  await views.getByRole('link', { name: 'Full breakdown' }).tap();
  await expect(views.getByRole('link', { name: 'Full breakdown' })).toHaveAttribute('aria-current', 'page');
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  await expect(page).toHaveURL(/[?&]view=full\b/);
  expect(await page.evaluate(() => (window as unknown as { tapClicks: number }).tapClicks)).toBe(0);

  await views.getByRole('link', { name: 'Summary' }).tap();
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await expect(page).not.toHaveURL(/[?&]view=/);
});
