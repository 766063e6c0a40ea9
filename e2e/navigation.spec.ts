import { expect, test } from './support/fixtures';
import { latestScoredCompetition, todayInChicago } from './support/api-data';

test('a fan gets from the home page to the latest recap by clicking', async ({ page, request }) => {
  const { event, competition, scores } = await latestScoredCompetition(request, todayInChicago());

  await page.goto('/');
  const latest = page.getByRole('region', { name: 'Latest results' });
  await latest.getByRole('link', { name: `Recap: ${event.name}, ${competition.name}` }).click();

  await expect(page).toHaveURL(new RegExp(`/competitions/${competition.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(competition.name);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(scores.data[0].division.name) }).first()).toBeVisible();
});

test('the recap view and sort live in the URL and survive a reload', async ({ page, request }) => {
  const { competition } = await latestScoredCompetition(request, todayInChicago());

  await page.goto(`/competitions/${competition.id}`);
  await page.getByRole('navigation', { name: 'Recap view' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/view=categories/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Recap view' }).getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
});

test('an unknown competition says what was not found', async ({ page }) => {
  await page.goto('/competitions/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Competition not found' })).toBeVisible();
});
