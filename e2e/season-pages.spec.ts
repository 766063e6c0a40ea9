import type { CalendarEntry, DivisionStandings, Season } from '../src/lib/api-models';
import { CALENDAR_PAGE_SIZE } from '../src/features/events/utils/calendar';
import { expect, test } from './support/fixtures';
import { get, seasonCalendar } from './support/api-data';

/** The season with the most competitions, and its calendar as the BFF gives it. */
async function busiestSeason(
  request: Parameters<typeof get>[0],
): Promise<{ season: Season; calendar: CalendarEntry[] }> {
  const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
  let busiest: { season: Season; calendar: CalendarEntry[] } | undefined;
  for (const season of seasons) {
    const calendar = await seasonCalendar(request, season.id);
    if (!busiest || calendar.length > busiest.calendar.length) busiest = { season, calendar };
  }
  return busiest!;
}

/** Every competition's card links its schedule (its recap only once scored): the cards are counted by it. */
const scheduleLabel = ({ event, competition }: CalendarEntry) => `Schedule: ${event.name}, ${competition.name}`;

test(
  "a season's page shows its competitions a page at a time, and the page is in the URL",
  { tag: '@journey' },
  async ({ page, request }) => {
    const { season, calendar } = await busiestSeason(request);
    expect(calendar.length, 'a season with more than one page of competitions').toBeGreaterThan(CALENDAR_PAGE_SIZE);
    const pageCount = Math.ceil(calendar.length / CALENDAR_PAGE_SIZE);
    const cards = page.getByRole('link', { name: /^Schedule: / });
    const pages = page.getByRole('navigation', { name: 'Pages of competitions' });

    await page.goto(`/seasons/${season.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(season.name);
    await expect(cards).toHaveCount(CALENDAR_PAGE_SIZE);
    await expect(cards.first()).toHaveAttribute('aria-label', scheduleLabel(calendar[0]));

    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(cards.first()).toHaveAttribute('aria-label', scheduleLabel(calendar[CALENDAR_PAGE_SIZE]));
    await page.reload();
    await expect(cards.first()).toHaveAttribute('aria-label', scheduleLabel(calendar[CALENDAR_PAGE_SIZE]));

    await pages.getByRole('combobox', { name: 'Page' }).selectOption(String(pageCount));
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pageCount}$`));
    await expect(cards).toHaveCount(calendar.length - (pageCount - 1) * CALENDAR_PAGE_SIZE);
    await expect(cards.last()).toHaveAttribute('aria-label', scheduleLabel(calendar.at(-1)!));

    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(cards.first()).toHaveAttribute('aria-label', scheduleLabel(calendar[CALENDAR_PAGE_SIZE]));
  },
);

test(
  "a search finds a season's competitions by event name, from the first page, and stays in the URL",
  { tag: '@journey' },
  async ({ page, request }) => {
    const { season, calendar } = await busiestSeason(request);
    const wanted = calendar.at(-1)!;
    const word = wanted.event.name.split(/\s+/).sort((a, b) => b.length - a.length)[0];
    const matching = calendar.filter(({ event, competition }) =>
      `${event.name} ${event.location} ${competition.name}`.toLowerCase().includes(word.toLowerCase()),
    );

    await page.goto(`/seasons/${season.id}?page=2`);
    const search = page.getByRole('search');
    await search.getByRole('searchbox', { name: 'Search' }).fill(word);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word).replace(/%20/g, '\\+')}`));
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByRole('link', { name: /^Schedule: / })).toHaveCount(
      Math.min(matching.length, CALENDAR_PAGE_SIZE),
    );
    await expect(page.getByText(new RegExp(`of ${matching.length}( that match)?$`))).toBeVisible();
  },
);

test(
  'the standings show one division at a time, the one chosen in the URL',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { season } = await busiestSeason(request);
    const divisions = (
      await get<{ data: DivisionStandings[] }>(request, `/bff/seasons/${season.id}/standings`)
    ).data.filter((division) => division.entries.length > 0);
    expect(divisions.length).toBeGreaterThan(1);
    const caption = ({ division, groupType }: DivisionStandings) =>
      groupType ? `${division.name} · ${groupType.name}` : division.name;
    const option = ({ division, groupType, entries }: DivisionStandings) =>
      `${groupType ? `${groupType.name}: ` : ''}${division.name} (${entries.length})`;

    await page.goto(`/seasons/${season.id}/standings`);
    await expect(page.getByRole('table')).toHaveCount(1);
    await expect(
      page.getByRole('table', { name: caption(divisions[0]), exact: true }).getByRole('rowheader'),
    ).toHaveCount(Math.min(divisions[0].entries.length, 50));

    const other = divisions.at(-1)!;
    await page.getByRole('combobox', { name: 'Division' }).selectOption({ label: option(other) });
    await expect(page).toHaveURL(
      new RegExp(`[?&]division=${encodeURIComponent(other.division.name).replace(/%20/g, '\\+')}`),
    );
    await expect(page.getByRole('table')).toHaveCount(1);
    await expect(page.getByRole('table', { name: caption(other), exact: true }).getByRole('rowheader')).toHaveCount(
      Math.min(other.entries.length, 50),
    );
    await page.reload();
    await expect(page.getByRole('table', { name: caption(other), exact: true })).toBeVisible();
  },
);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(
    'home, a season page and its standings arrive rendered, the season a page of it',
    { tag: '@journey' },
    async ({ page, request }) => {
      const { season, calendar } = await busiestSeason(request);
      await page.goto(`/seasons/${season.id}?page=2`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(season.name);
      await expect(page.getByRole('link', { name: /^Schedule: / })).toHaveCount(
        Math.min(CALENDAR_PAGE_SIZE, calendar.length - CALENDAR_PAGE_SIZE),
      );
      await expect(page.getByRole('link', { name: /^Schedule: / }).first()).toHaveAttribute(
        'aria-label',
        scheduleLabel(calendar[CALENDAR_PAGE_SIZE]),
      );

      const standings = (
        await get<{ data: DivisionStandings[] }>(request, `/bff/seasons/${season.id}/standings`)
      ).data.filter((division) => division.entries.length > 0);
      await page.goto(`/seasons/${season.id}/standings`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Standings · ${season.name}`);
      await expect(page.getByRole('table').getByRole('rowheader').first()).toContainText(
        standings[0].entries[0].group.name,
      );

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 2, name: 'Latest results' })).toBeVisible();
    },
  );
});

test(
  'the app takes over a rendered season page: no second read of its calendar, no errors, and its pages work',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { season, calendar } = await busiestSeason(request);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const calendarReads: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === `/api/bff/seasons/${season.id}/calendar`) calendarReads.push(sent.url());
    });
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const heading = document.querySelector('h1');
        if (!heading) return;
        (heading as unknown as { fromServer: boolean }).fromServer = true;
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });

    await page.goto(`/seasons/${season.id}`);
    await expect(page.locator('footer')).toContainText('(America/Chicago)');
    await page.getByRole('navigation', { name: 'Pages of competitions' }).getByRole('link', { name: 'Next' }).click();
    await expect(page.getByRole('link', { name: /^Schedule: / }).first()).toHaveAttribute(
      'aria-label',
      scheduleLabel(calendar[CALENDAR_PAGE_SIZE]),
    );
    expect(
      await page.evaluate(
        () => (document.querySelector('h1') as unknown as { fromServer?: boolean }).fromServer === true,
      ),
    ).toBe(true);
    expect(calendarReads).toEqual([]);
    expect(problems).toEqual([]);
  },
);
