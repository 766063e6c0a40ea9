import type { DivisionStandings, GroupSeason, Season } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { get } from './support/api-data';

/** A group with at least two scored performances in a season (a trend to draw), and its page's address. */
async function groupWithTrend(request: Parameters<typeof get>[0]) {
  for (const season of (await get<{ data: Season[] }>(request, '/bff/seasons')).data) {
    const standings = (await get<{ data: DivisionStandings[] }>(request, `/bff/seasons/${season.id}/standings`)).data;
    for (const { group } of standings.flatMap((division) => division.entries.slice(0, 3))) {
      const query = new URLSearchParams({
        name: group.name,
        ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}),
      });
      const groupSeason = await get<GroupSeason>(request, `/bff/seasons/${season.id}/group?${query}`);
      if (groupSeason.data.filter((performance) => performance.performed && performance.total).length >= 2) {
        const address = new URLSearchParams({
          ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}),
          season: String(season.id),
        });
        return { season, group, url: `/groups/${encodeURIComponent(group.name)}?${address}` };
      }
    }
  }
  throw new Error('no group with two scored performances in a season');
}

test(
  'on a phone a group page shows date, show, total and placement without scrolling sideways, and a legible trend',
  { tag: ['@journey', '@phone'] },
  async ({ page, request, isMobile }) => {
    test.skip(!isMobile, 'phone layout');
    const { season, group, url } = await groupWithTrend(request);
    await page.goto(url);
    const table = page.getByRole('table', { name: `Performances in ${season.name}` });
    // below the trend on a phone: in view once scrolled to, and nothing of it off the screen's sides
    await table.scrollIntoViewIfNeeded();
    for (const name of ['Date', 'Competition', 'Total', 'Placement']) {
      await expect(table.getByRole('columnheader', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow.getByRole('cell').last()).toHaveText(/^(\d+\S* of \d+|—)$/);
    await firstRow.scrollIntoViewIfNeeded();
    for (const cell of await firstRow.getByRole('cell').all()) await expect(cell).toBeInViewport({ ratio: 1 });
    await expect(firstRow.getByRole('rowheader')).toBeInViewport({ ratio: 1 });
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: `Performances in ${season.name}` })
          .evaluate((region) => region.scrollWidth <= region.clientWidth),
      )
      .toBe(true);

    const chart = page.getByRole('img', { name: `Score trend of ${group.name}` });
    await expect(chart).toContainText('Total score');
    // the chart's 13-unit labels are drawn one unit to a CSS pixel, not shrunk to fit a wide drawing into the phone
    const pixelsPerUnit = await chart.evaluate(
      (svg) => svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width,
    );
    expect(pixelsPerUnit * 13).toBeGreaterThanOrEqual(12);
  },
);
