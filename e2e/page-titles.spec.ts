import { expect, test } from './support/fixtures';
import { compareUrl, latestScoredCompetition, sharedRound, todayInChicago } from './support/api-data';

/**
 * Every page names what it shows in its title (the browser's tab, a shared link's preview, the offline page's list of
 * saved pages): never the bare site name.
 */
test('every page names what it shows in its title', { tag: '@journey' }, async ({ page }) => {
  const { season, event, competition } = await latestScoredCompetition(page.request, todayInChicago());
  // Two groups of one round (a head-to-head), from any past competition of the season.
  const { first, second } = await sharedRound(page.request);
  const guid = competition.guid;
  const group = `/groups/${encodeURIComponent(first.GroupName)}${first.OrgGroupIdentifier ? `?id=${encodeURIComponent(first.OrgGroupIdentifier)}` : ''}`;
  const pages: [string, RegExp][] = [
    ['/', new RegExp(`^Latest results, ${season.name} · Marching Results$`)],
    ['/seasons', /^Seasons · Marching Results$/],
    [`/seasons/${season.id}`, new RegExp(`^${season.name} · Marching Results$`)],
    [`/seasons/${season.id}/standings`, new RegExp(`^${season.name} standings · Marching Results$`)],
    [`/seasons/${season.id}/judges`, new RegExp(`^${season.name} judges · Marching Results$`)],
    [`/competitions/${guid}`, / recap · Marching Results$/],
    [`/competitions/${guid}/schedule`, / schedule · Marching Results$/],
    [`/competitions/${guid}/judges`, / judges · Marching Results$/],
    [group, new RegExp(`^${first.GroupName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · Marching Results$`)],
    [compareUrl(first, second), / · Marching Results$/],
    ['/search?q=a', /^“a” · Marching Results$/],
    ['/following', /^Your groups · Marching Results$/],
    ['/no/such/page', /^Page not found · Marching Results$/],
  ];
  if (event.id !== null) pages.push([`/events/${event.id}`, new RegExp(`· Marching Results$`)]);
  for (const [url, title] of pages) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page, url).toHaveTitle(title);
    await expect(page, url).not.toHaveTitle('Marching Results');
  }
  if (event.id !== null) {
    await page.goto(`/events/${event.id}`);
    await expect(page).toHaveTitle(`${await page.getByRole('heading', { level: 1 }).textContent()} · Marching Results`);
  }
});

test(
  'the schedule page asks only for what the upstream has: no failed read in the console',
  { tag: '@journey' },
  async ({ page, upstream }) => {
    const { competition } = await latestScoredCompetition(page.request, todayInChicago());
    const failed: string[] = [];
    page.on('response', (answer) => {
      if (answer.status() >= 400) failed.push(`${answer.status()} ${answer.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failed.push(message.text());
    });
    await page.goto(`/competitions/${competition.guid}/schedule`);
    await expect(page).toHaveTitle(`${competition.name} schedule · Marching Results`);
    // Ours serves the schedule as data; the hosted service publishes it as a page, which the app links to.
    const shown =
      upstream === 'hosted'
        ? page.getByRole('link', { name: 'Open the published schedule' })
        : page.getByRole('table').first();
    await expect(shown).toBeVisible();
    expect(failed).toEqual([]);
  },
);
