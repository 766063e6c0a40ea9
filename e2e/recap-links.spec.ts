import type { Season } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { get, seasonCalendar } from './support/api-data';

test(
  'a show without scores leads with its schedule and offers no recap, on its season and event pages',
  { tag: '@journey' },
  async ({ page, request, upstream }) => {
    const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
    const calendars = await Promise.all(
      seasons.map(async (season) => ({ season, calendar: await seasonCalendar(request, season.id) })),
    );
    const found = calendars
      .flatMap(({ season, calendar }) => calendar.map((entry) => ({ season, ...entry })))
      .find((entry) => !entry.competition.scoresReleased && entry.event.id !== null);
    test.skip(
      !found && upstream === 'hosted',
      "the fake hosted service's seasons hold scored competitions only (the unit test season.test.tsx covers the rule)",
    );
    expect(found, 'a competition without released scores').toBeDefined();
    const { season, event, competition } = found!;

    await page.goto(`/seasons/${season.id}?q=${encodeURIComponent(event.name)}`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `Schedule: ${event.name}, ${competition.name}`, exact: true }) });
    await expect(card.getByRole('link')).toHaveText([event.name, 'Schedule']);
    await expect(page.getByRole('link', { name: /^Recap: / })).toHaveCount(
      calendars
        .find((c) => c.season.id === season.id)!
        .calendar.filter((entry) => entry.competition.scoresReleased && entry.event.name.includes(event.name)).length,
    );

    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.name);
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: competition.name, exact: true }) });
    await expect(item.getByRole('link', { name: `Schedule: ${competition.name}` })).toBeVisible();
    await expect(item.getByRole('link', { name: `Recap: ${competition.name}` })).toHaveCount(0);
  },
);
