import type { DivisionStandings, PerformanceRecord } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { currentSeason, get, printed, seasonCalendar } from './support/api-data';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test(
  'standings rank each division by latest total, and lead to a group page with every performance of its season',
  { tag: '@journey' },
  async ({ page, request }) => {
    const season = await currentSeason(request);
    const standings = (
      await get<{ data: DivisionStandings[] }>(request, `/bff/seasons/${season.id}/standings`)
    ).data.filter((division) => division.entries.length > 0);
    const division = standings.find((candidate) => candidate.entries.length > 1) ?? standings[0];
    const leader = division.entries[0];

    await page.goto('/seasons');
    await page.getByRole('link', { name: `Standings, ${season.name}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Standings · ${season.name}`);
    // One division at a time: the page shows the first, the picker the others.
    const option = `${division.groupType ? `${division.groupType.name}: ` : ''}${division.division.name} (${division.entries.length})`;
    await page.getByRole('combobox', { name: 'Division' }).selectOption({ label: option });
    const caption = division.groupType
      ? `${division.division.name} · ${division.groupType.name}`
      : division.division.name;
    const table = page.getByRole('table', { name: caption, exact: true });
    await expect(table.getByRole('rowheader')).toHaveCount(division.entries.length);
    // Ranked by latest total, ties sharing a rank.
    const latest = division.entries.map((entry) => entry.latestScore);
    expect(division.entries.map((entry) => entry.rank)).toEqual(
      latest.map((score) => 1 + latest.filter((other) => other > score).length),
    );
    const leaderRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escape(leader.group.name)}`) }) });
    await expect(leaderRow.getByRole('cell').first()).toHaveText(String(leader.rank));
    await expect(leaderRow).toContainText(printed.total(leader.latestScore));

    // The group's season, from the v2 records of every released competition of the season, read here one by one.
    const calendar = await seasonCalendar(request, season.id);
    const expected: { competition: string; total: string; placement: string }[] = [];
    for (const entry of calendar.filter((candidate) => candidate.competition.scoresReleased)) {
      const records = await get<PerformanceRecord[]>(request, `/2018-03/performances?c=${entry.competition.guid}`);
      for (const record of records) {
        const same = leader.group.orgGroupIdentifier
          ? record.OrgGroupIdentifier === leader.group.orgGroupIdentifier
          : record.GroupName === leader.group.name;
        if (!same) continue;
        const inRound = records.filter(
          (other) => other.DivisionName === record.DivisionName && other.Round === record.Round,
        ).length;
        expected.push({
          competition: `${entry.event.name} · ${entry.competition.name}`,
          total: record.Performed
            ? printed.total(Number(record.TotalScore))
            : record.NoScoreReason || 'Did not perform',
          placement: record.Performed ? `${record.Rank} of ${inRound}` : '—',
        });
      }
    }
    expect(expected.length).toBeGreaterThan(0);

    await leaderRow.getByRole('link', { name: leader.group.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(leader.group.name);
    await expect(
      page.getByRole('navigation', { name: 'Seasons of this group' }).getByRole('link', { name: season.name }),
    ).toHaveAttribute('aria-current', 'page');
    const performances = page.getByRole('table', { name: `Performances in ${season.name}` });
    // the show's name first (a phone puts the division and round under it)
    await expect(performances.getByRole('rowheader')).toHaveText(
      expected.map((row) => new RegExp(`^${escape(row.competition)}`)),
    );
    for (const [index, row] of expected.entries()) {
      const cells = performances
        .getByRole('row')
        .nth(index + 1)
        .getByRole('cell');
      await expect(cells.nth(-2)).toHaveText(row.total);
      await expect(cells.nth(-1)).toHaveText(row.placement);
    }
    // a trend from two scored performances on; one is said in words
    if (expected.filter((row) => /^\d/.test(row.total)).length >= 2)
      await expect(page.getByRole('img', { name: `Score trend of ${leader.group.name}` })).toBeVisible();
    else await expect(page.getByText(/^One scored performance so far: /)).toBeVisible();
  },
);

test(
  'a group page on a phone downloads the group, not the season',
  { tag: ['@journey', '@phone'] },
  async ({ page, request, isMobile }) => {
    test.skip(!isMobile, 'what a phone downloads');
    const season = await currentSeason(request);
    const standings = (await get<{ data: DivisionStandings[] }>(request, `/bff/seasons/${season.id}/standings`)).data;
    const group = standings.find((division) => division.entries.length > 0)!.entries[0].group;
    const reads: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith('/api/')) reads.push(new URL(sent.url()).pathname);
    });
    const query = new URLSearchParams({
      ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}),
      season: String(season.id),
    });
    await page.goto(`/groups/${encodeURIComponent(group.name)}?${query}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(group.name);
    await expect(page.getByRole('table', { name: `Performances in ${season.name}` })).toBeVisible();
    expect(reads.filter((read) => read.startsWith('/api/2018-03/performances'))).toEqual([]);
    // the seasons, the group's seasons with performances (its 404 when it has none: decision 039), its season
    const groupReads = ['/api/bff/groups/seasons', '/api/bff/seasons', `/api/bff/seasons/${season.id}/group`];
    expect([...new Set(reads)].filter((read) => groupReads.includes(read)).sort()).toEqual(groupReads);
    // and for today's itinerary (decision 141) the day, not the season: the calendar, today's competitions' summaries
    // and their schedules
    const day = [
      `/api/bff/seasons/${season.id}/calendar`,
      /^\/api\/bff\/competitions\/[0-9a-f-]{36}$/i,
      /^\/api\/(?:[^/]+\/)?competitions\/\d+\/schedule$/,
    ];
    const others = reads.filter((read) => !groupReads.includes(read));
    expect(
      others.filter((read) => !day.some((rule) => (typeof rule === 'string' ? rule === read : rule.test(read)))),
    ).toEqual([]);
  },
);
