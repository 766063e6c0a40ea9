import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/axe';
import { compareUrl, get, printed, sharedRound } from './support/api-data';
import type { HeadToHead, Season } from '../src/lib/api-models';

test(
  "across seasons: each season the groups both performed in, with its rounds, record and mean margin, opens that season's head-to-head",
  { tag: '@journey' },
  async ({ page, request }) => {
    const { season, first, second } = await sharedRound(request);
    // The reference: the season's own head-to-head (compare.spec.ts holds it to the recap's numbers).
    const meetings = (
      await get<HeadToHead>(request, `/bff/seasons/${season.id}/compare?${compareUrl(first, second).split('?')[1]}`)
    ).data;
    const margins = meetings.map(
      ({ totals }) => Math.round(totals[0]!.score * 1000) - Math.round(totals[1]!.score * 1000),
    );
    const [wins, losses, ties] = [
      margins.filter((m) => m > 0).length,
      margins.filter((m) => m < 0).length,
      margins.filter((m) => m === 0).length,
    ];
    const mean = margins.reduce((sum, m) => sum + m, 0) / margins.length / 1000;
    // Open another season's head-to-head (the oldest), so the link has somewhere to go.
    const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
    const other = seasons.find((candidate) => candidate.id !== season.id)!;
    await page.goto(`${compareUrl(first, second)}&season=${other.id}`);
    await expect(page.getByText(`Head-to-head · ${other.name} ·`)).toBeVisible();

    const section = page.getByRole('region', { name: 'Across seasons' });
    const table = section.getByRole('table', {
      name: `${first.GroupName} against ${second.GroupName}, season by season`,
    });
    await expect(table).toBeVisible();
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `${season.name}: head-to-head`, exact: true }) });
    await expect(row.getByRole('cell')).toHaveText([
      String(meetings.length),
      `${wins}–${losses}${ties > 0 ? `–${ties}` : ''}`,
      `${mean > 0 ? '+' : ''}${printed.total(mean)}`,
    ]);
    await expectNoSeriousViolations(page);

    // By keyboard: Tab reaches the season's link in the section, Enter opens that season's head-to-head. From the
    // section's heading it is a few presses; 60 is from the top of the page, should a re-render of the heading drop
    // the point the browser tabs from (seen on a phone on a busy machine).
    const link = row.getByRole('link', { name: `${season.name}: head-to-head` });
    await page.getByRole('heading', { level: 2, name: 'Across seasons' }).click();
    for (
      let presses = 0;
      presses < 60 && !(await link.evaluate((element) => element === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]season=${season.id}(&|$)`));
    await expect(
      page.getByText(
        `Head-to-head · ${season.name} · ${meetings.length} shared ${meetings.length === 1 ? 'round' : 'rounds'}`,
      ),
    ).toBeVisible();
    await expect(link).toHaveAttribute('aria-current', 'page');
  },
);
