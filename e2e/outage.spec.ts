import { expect, test } from './support/fixtures';
import { latestScoredCompetition, todayInChicago } from './support/api-data';

test.describe('when the results service stops answering', () => {
  test.slow();

  test(
    'a page seen before shows its saved results with a notice',
    { tag: '@journey' },
    async ({ page, request, outage }) => {
      const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
      const url = `${outage.baseURL}/competitions/${competition.guid}`;
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(competition.name);

      await outage.cutUpstream();
      await page.reload();

      await expect(
        page.getByRole('status').filter({ hasText: 'Showing saved results, the results service is not answering.' }),
      ).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 2, name: new RegExp(sections[0].division) }).first(),
      ).toBeVisible();
    },
  );

  test(
    'a page never seen shows an error view with a way to try again',
    { tag: '@journey' },
    async ({ page, outage }) => {
      await outage.cutUpstream();
      await page.goto(`${outage.baseURL}/seasons`);

      await expect(page.getByRole('heading', { level: 1, name: 'The results service is not answering' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
  );
});
