import { expect, test } from './support/fixtures';
import { latestScoredCompetition, todayInChicago } from './support/api-data';

test(
  'a fan gets from the home page to the latest recap by clicking',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { event, competition, sections } = await latestScoredCompetition(request, todayInChicago());

    await page.goto('/');
    const latest = page.getByRole('region', { name: 'Latest results' });
    await latest.getByRole('link', { name: `Recap: ${event.name}, ${competition.name}` }).click();

    await expect(page).toHaveURL(new RegExp(`/competitions/${competition.guid}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(competition.name);
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(sections[0].division) }).first()).toBeVisible();
  },
);

test('the recap view and sort live in the URL and survive a reload', { tag: '@journey' }, async ({ page, request }) => {
  const { competition } = await latestScoredCompetition(request, todayInChicago());

  await page.goto(`/competitions/${competition.guid}`);
  await page.getByRole('navigation', { name: 'Recap view' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/view=categories/);
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Recap view' }).getByRole('link', { name: 'Categories' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('an unknown competition says what was not found', { tag: '@journey' }, async ({ page }) => {
  await page.goto('/competitions/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Competition not found' })).toBeVisible();
  await page.goto('/competitions/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Competition not found' })).toBeVisible();
});
