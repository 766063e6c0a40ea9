import type { DivisionStandings, GroupSeason, Season } from '../src/lib/api-models';
import { formatScore } from '../domain/scores';
import { expect, test } from './support/fixtures';
import { get } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';

type Row = { season: string; division: string; best: string; latest: string; latestShow: string };

/**
 * A group scored in two or more seasons, and its rows written here from each season's group view (not from the
 * page's own view): per division, the best and the last released total, practice left out.
 */
async function groupAcrossSeasons(request: Parameters<typeof get>[0]) {
  const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
  const leaders = [];
  for (const season of seasons) {
    const standings = (await get<{ data: DivisionStandings[] }>(request, `/bff/seasons/${season.id}/standings`)).data;
    leaders.push(...standings.flatMap((division) => division.entries.slice(0, 2)));
  }
  for (const { group } of leaders) {
    const query = new URLSearchParams({
      name: group.name,
      ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}),
    });
    const rows: Row[] = [];
    for (const candidate of seasons) {
      const { data } = await get<GroupSeason>(request, `/bff/seasons/${candidate.id}/group?${query}`);
      const scored = data.filter((p) => p.performed && p.total && !p.practice);
      for (const division of [...new Set(scored.map((p) => p.division.name))].sort((a, b) => a.localeCompare(b))) {
        const mine = scored.filter((p) => p.division.name === division);
        const last = mine.at(-1)!;
        rows.push({
          season: candidate.name,
          division,
          best: formatScore(Math.max(...mine.map((p) => p.total!.score)), 'total'),
          latest: formatScore(last.total!.score, 'total'),
          latestShow: `${last.competition.eventName} · ${last.competition.name}`,
        });
      }
    }
    if (new Set(rows.map((row) => row.season)).size >= 2) {
      const address = new URLSearchParams(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {});
      return { group, rows, url: `/groups/${encodeURIComponent(group.name)}?${address}` };
    }
  }
  throw new Error('no group scored in two seasons');
}

test(
  'a group page sets its seasons side by side: best and latest total in each, each season a link',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { group, rows, url } = await groupAcrossSeasons(request);
    await page.goto(url);
    const table = page.getByRole('table', {
      name: `Best and latest total of ${group.name} in each season (practice left out)`,
    });
    await expect(table.getByRole('columnheader')).toHaveText(['Season', 'Division', 'Best', 'Latest']);
    const body = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(body).toHaveCount(rows.length);
    for (const [index, row] of rows.entries()) {
      await expect(body.nth(index).getByRole('rowheader')).toHaveText(row.season);
      const cells = body.nth(index).getByRole('cell');
      await expect(cells.nth(0)).toHaveText(row.division);
      await expect(cells.nth(1)).toHaveText(row.best);
      await expect(cells.nth(2)).toContainText(
        new RegExp(`^${row.latest.replace('.', '\\.')}${row.latestShow.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `),
      );
    }
    await expectNoSeriousViolations(page);

    // an older season's link opens that season of the group
    const older = rows.find((row) => row.season !== rows[0].season)!;
    await table.getByRole('link', { name: older.season }).first().click();
    await expect(
      page.getByRole('navigation', { name: 'Seasons of this group' }).getByRole('link', { name: older.season }),
    ).toHaveAttribute('aria-current', 'page');
  },
);
