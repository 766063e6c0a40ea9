import { expect, test } from './support/fixtures';
import { get, latestScoredCompetition, todayInChicago } from './support/api-data';

for (const view of ['summary', 'categories', 'full'] as const) {
  test(`the ${view} recap never scrolls the page sideways`, { tag: '@journey' }, async ({ page, request }) => {
    const { competition } = await latestScoredCompetition(request, todayInChicago());
    await page.goto(`/competitions/${competition.guid}?view=${view}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Recap view' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth))
      .toBe(true);
  });
}

test(
  'no other page scrolls sideways either, and none is an error view',
  { tag: ['@journey', '@phone'] },
  async ({ page, request, isMobile }) => {
    test.skip(!isMobile, 'phone layout');
    const { competition, event, season } = await latestScoredCompetition(request, todayInChicago());
    const standings = await get<{ data: { entries: { group: { name: string; orgGroupIdentifier: string } }[] }[] }>(
      request,
      `/bff/seasons/${season.id}/standings`,
    );
    const group = standings.data[0].entries[0].group;
    const pages = [
      '/',
      '/seasons',
      `/seasons/${season.id}`,
      `/seasons/${season.id}/standings`,
      `/groups/${encodeURIComponent(group.name)}?${new URLSearchParams({ ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}), season: String(season.id) })}`,
      ...(event.id !== null ? [`/events/${event.id}`] : []),
      `/competitions/${competition.guid}/judges`,
      `/competitions/${competition.guid}/schedule`,
    ];
    for (const url of pages) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }), url).not.toHaveText(
        /not found|not answering|went wrong|Not available/,
      );
      await expect
        .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth), { message: url })
        .toBe(true);
    }
  },
);

test(
  'on a phone the breakdown of a group is one tap away',
  { tag: ['@journey', '@phone'] },
  async ({ page, request, isMobile }) => {
    test.skip(!isMobile, 'phone layout');
    const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
    const record = sections[0].records.find((r) => r.Performed)!;

    await page.goto(`/competitions/${competition.guid}`);
    const card = page.getByRole('article', { name: record.GroupName });
    await card.getByText('Breakdown by caption and judge').tap();
    await expect(card.getByRole('table').first()).toContainText(record.Categories[0].Captions[0].Subcaptions[0].Name);
  },
);

test(
  'on a phone a tap on a recap view switches to it once, at the lift, and puts it in the URL',
  { tag: ['@journey', '@phone'] },
  async ({ page, request, isMobile }) => {
    test.skip(!isMobile, 'touch');
    const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
    const record = sections[0].records.find((r) => r.Performed)!;

    await page.goto(`/competitions/${competition.guid}`);
    const views = page.getByRole('navigation', { name: 'Recap view' });
    const card = page.getByRole('article', { name: record.GroupName });
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
  },
);

test(
  'on a phone each recap view shows what it names',
  { tag: ['@journey', '@phone'] },
  async ({ page, request, isMobile }) => {
    test.skip(!isMobile, 'phone layout');
    const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
    const record = sections[0].records.find((r) => r.Performed)!;

    await page.goto(`/competitions/${competition.guid}`);
    const views = page.getByRole('navigation', { name: 'Recap view' });
    const card = page.getByRole('article', { name: record.GroupName });
    // By role: the first cards keep their category scores built while the summary hides them (decision 015), clipped
    // to no height and out of the accessibility tree, which Playwright's visibility (a box of any size) does not see.
    const categoryScores = card.getByRole('term').filter({ hasText: /^Sub Total$/ });
    const disclosure = card.getByRole('button', { name: 'Breakdown by caption and judge' });
    await expect(card).toContainText(record.GroupName);
    await expect(categoryScores).toBeHidden();

    await views.getByRole('link', { name: 'Categories' }).tap();
    await expect(page).toHaveURL(/[?&]view=categories\b/);
    await expect(categoryScores).toBeVisible();
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');

    await views.getByRole('link', { name: 'Full breakdown' }).tap();
    await expect(categoryScores).toBeVisible();
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByRole('table').first()).toContainText(record.Categories[0].Captions[0].Subcaptions[0].Name);

    await views.getByRole('link', { name: 'Summary' }).tap();
    await expect(page).not.toHaveURL(/[?&]view=/);
    await expect(categoryScores).toBeHidden();
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  },
);
