import { expect, test } from './support/fixtures';
import { latestScoredCompetition, printed, todayInChicago } from './support/api-data';

/**
 * The recap is rendered by the BFF: its first screen is in the HTML, before any script runs, and the browser app
 * takes that HTML over (hydration) instead of loading the scores again and drawing the page anew.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(
    'the recap page arrives with its heading and the first section of numbers',
    { tag: '@journey' },
    async ({ page, request }) => {
      const { competition, event, sections } = await latestScoredCompetition(request, todayInChicago());
      const section = sections[0];
      await page.goto(`/competitions/${competition.guid}`);
      await expect(page).toHaveTitle(`${competition.name} recap · Marching Results`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${event.name} · ${competition.name}`);
      await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(
        section.round ? `${section.division} · ${section.round}` : section.division,
      );
      const root = page.locator('#root');
      for (const record of section.records.filter((r) => r.Performed)) {
        await expect(root).toContainText(record.GroupName);
        await expect(root).toContainText(printed.total(Number(record.TotalScore)));
      }
    },
  );
});

test(
  'the app takes over the server HTML: same elements, no second read of the recap, no errors',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { competition } = await latestScoredCompetition(request, todayInChicago());
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const recapReads: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (
        url.pathname === `/api/bff/competitions/${competition.guid}` ||
        (url.pathname === '/api/2018-03/performances' && url.searchParams.get('c') === competition.guid)
      )
        recapReads.push(sent.url());
    });
    // Before any of the page's scripts: mark the server's heading and first section as the parser creates them (a
    // property, not an attribute, so the markup React compares stays the server's).
    await page.addInitScript(() => {
      const mark = () => {
        const heading = document.querySelector('h1');
        const section = document.querySelector('main section');
        if (heading) (heading as unknown as { fromServer: boolean }).fromServer = true;
        if (section) (section as unknown as { fromServer: boolean }).fromServer = true;
        return heading && section;
      };
      const observer = new MutationObserver(() => mark() && observer.disconnect());
      observer.observe(document, { childList: true, subtree: true });
    });

    await page.goto(`/competitions/${competition.guid}`);
    // Hydrated: what depends on the viewer (their time zone) is filled in only by the browser app.
    await expect(page.locator('footer')).toContainText('(America/Chicago)');
    await expect(page.locator('header time').first()).not.toContainText('UTC');
    // The app answers: switching the view works, and later sections are there.
    const views = page.getByRole('navigation', { name: 'Recap view' });
    await views.getByRole('link', { name: 'Categories' }).click();
    await expect(views.getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\?view=categories$/);

    const kept = await page.evaluate(() => ({
      heading: (document.querySelector('h1') as unknown as { fromServer?: boolean }).fromServer === true,
      section: (document.querySelector('main section') as unknown as { fromServer?: boolean }).fromServer === true,
    }));
    expect(kept).toEqual({ heading: true, section: true });
    expect(recapReads).toEqual([]);
    expect(problems).toEqual([]);
  },
);
