import type { DivisionStandings, Season } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { currentSeason, get } from './support/api-data';

test(
  "a group page offers only the seasons with the group's performances, and opens the newest of them",
  { tag: '@journey' },
  async ({ page, request }) => {
    const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
    const season = await currentSeason(request);
    const standings = (
      await get<{ data: DivisionStandings[] }>(request, `/bff/seasons/${season.id}/standings`)
    ).data.filter((division) => division.entries.length > 0);
    const { group } = standings[0].entries[0];
    const query = `name=${encodeURIComponent(group.name)}${group.orgGroupIdentifier ? `&id=${encodeURIComponent(group.orgGroupIdentifier)}` : ''}`;
    // Season by season, as the group's season view of each tells it (written here, not taken from the page's view).
    const held: string[] = [];
    for (const candidate of seasons) {
      const performances = (await get<{ data: unknown[] }>(request, `/bff/seasons/${candidate.id}/group?${query}`))
        .data;
      if (performances.length > 0) held.push(candidate.name);
    }
    expect(held.length).toBeGreaterThan(0);

    const response = await page.goto(
      `/groups/${encodeURIComponent(group.name)}${group.orgGroupIdentifier ? `?id=${encodeURIComponent(group.orgGroupIdentifier)}` : ''}`,
    );
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(group.name);
    const offered = page.getByRole('navigation', { name: 'Seasons of this group' }).getByRole('link');
    await expect(offered).toHaveText(held);
    await expect(offered.first()).toHaveAttribute('aria-current', 'page');
  },
);
