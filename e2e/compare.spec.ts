import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';
import { compareUrl, get, printed, recapOf, seasonCalendar, sharedRound } from './support/api-data';
import type { PerformanceRecord, Season } from '../src/lib/api-models';

test(
  'a head-to-head URL shows a shared round caption by caption with the recap numbers, and reloads to the same view',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { season, event, section, first, second } = await sharedRound(request);
    const url = `${compareUrl(first, second)}&season=${season.id}`;
    await page.goto(url);

    const check = async () => {
      await expect(
        page.getByRole('heading', { level: 1, name: `${first.GroupName} vs ${second.GroupName}` }),
      ).toBeVisible();
      const meeting = page
        .getByRole('region', { name: `${event.name}, ${`${section.division} ${section.round}`.trim()}` })
        .first();
      await expect(meeting).toBeVisible();
      const total = meeting
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Total (placement)' }) });
      await expect(total.getByRole('cell').nth(0)).toHaveText(
        `${printed.total(Number(first.TotalScore))} (${first.Rank})`,
      );
      await expect(total.getByRole('cell').nth(1)).toHaveText(
        `${printed.total(Number(second.TotalScore))} (${second.Rank})`,
      );
      const category = first.Categories.find((candidate) => candidate.Captions.length > 0)!;
      const caption = category.Captions[0];
      const doubled = category.Captions.filter((other) => other.Name === caption.Name).length > 1;
      const label = `${category.Name === caption.Name ? caption.Name : `${category.Name}: ${caption.Name}`}${doubled ? ` (${caption.JudgeFirstName} ${caption.JudgeLastName})` : ''}`;
      const row = meeting
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
        .first();
      const theirs = second.Categories.find((candidate) => candidate.Name === category.Name)!.Captions[0];
      await expect(row.getByRole('cell').nth(0)).toHaveText(
        `${printed.caption(Number(caption.Score))} (${caption.Rank})`,
      );
      await expect(row.getByRole('cell').nth(1)).toHaveText(
        `${printed.caption(Number(theirs.Score))} (${theirs.Rank})`,
      );
    };
    await check();
    await page.reload();
    await check();
    await expect(page).toHaveURL(url);

    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
    // By keyboard: the season links and the recap links are reachable with Tab.
    await page.keyboard.press('Tab');
    for (
      let presses = 0;
      presses < 40 &&
      !(await page
        .getByRole('link', { name: season.name, exact: true })
        .evaluate((element) => element === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: season.name, exact: true })).toBeFocused();
  },
);

test(
  'a group page finds another group by part of its name, by keyboard, for a head-to-head; a third is added the same way',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { section, first, second } = await sharedRound(request);
    const third = section.records.filter((record) => record.Performed)[2];
    expect(third, 'a shared round of three groups').toBeDefined();
    await page.goto(
      `/groups/${encodeURIComponent(first.GroupName)}?id=${encodeURIComponent(first.OrgGroupIdentifier)}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: first.GroupName })).toBeVisible();

    // Each link ends with the chosen group's identity (the app's URL: src/config/paths.ts).
    const linkTo = (record: typeof first) =>
      page
        .getByRole('link', { name: record.GroupName, exact: true })
        .and(
          page.locator(
            `a[href$="&id=${encodeURIComponent(record.OrgGroupIdentifier)}"], a[href*="&id=${encodeURIComponent(record.OrgGroupIdentifier)}&season="]`,
          ),
        );
    const pick = async (summary: string, label: string, record: typeof first) => {
      await page.getByText(summary, { exact: true }).focus();
      await page.keyboard.press('Enter');
      const field = page.getByRole('searchbox', { name: label });
      await expect(field).toBeFocused();
      // Part of the name, one letter left out of it: the banner search's matching.
      const word = record.GroupName.split(' ').find((candidate) => candidate.length >= 5) ?? record.GroupName;
      await page.keyboard.type(word.slice(0, 2) + word.slice(3));
      await expect(page.getByRole('status').filter({ hasText: /groups?$/ })).toBeVisible();
      const link = linkTo(record).first();
      await expect(link).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => violation.id),
      ).toEqual([]);
      await link.focus();
      await page.keyboard.press('Enter');
    };

    await pick('Head-to-head with another group', 'The group to compare with', second);
    await expect(
      page.getByRole('heading', { level: 1, name: `${first.GroupName} vs ${second.GroupName}` }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/compare\?/);
    await pick('Add a group', 'The group to add', third);
    await expect(
      page.getByRole('heading', { level: 1, name: `${first.GroupName} vs ${second.GroupName} vs ${third.GroupName}` }),
    ).toBeVisible();
    // A group already compared is not offered again.
    await page.getByText('Add a group', { exact: true }).click();
    await page.getByRole('searchbox', { name: 'The group to add' }).fill(first.GroupName);
    await expect(page.getByRole('status').filter({ hasText: /group/ })).toBeVisible();
    const offered = await page.locator('details[open] ul a').evaluateAll((links) =>
      links.map((link) => {
        const search = new URL((link as HTMLAnchorElement).href).searchParams;
        return `${search.getAll('group').at(-1)}|${search.getAll('id').at(-1)}`;
      }),
    );
    expect(offered).not.toContain(`${first.GroupName}|${first.OrgGroupIdentifier}`);
  },
);

test('a head-to-head of one group is not found', async ({ page }) => {
  await page.goto('/compare?group=Alone&id=');
  await expect(page.getByRole('heading', { level: 1, name: 'Comparison not found' })).toBeVisible();
});

test(
  "a head-to-head opened from a group's earlier season compares that season, not the newest",
  { tag: '@journey' },
  async ({ page, request }) => {
    const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
    const current = seasons.findIndex((season) => season.current);
    // The season before the current one, and a round of it with two groups.
    let found: { season: Season; first: PerformanceRecord; second: PerformanceRecord } | undefined;
    for (const season of seasons.slice(current + 1)) {
      for (const entry of (await seasonCalendar(request, season.id)).filter((e) => e.competition.recapReleased)) {
        const section = (await recapOf(request, entry.competition.guid)).sections.find(
          (candidate) => candidate.records.filter((record) => record.Performed).length >= 2,
        );
        if (!section) continue;
        const [first, second] = section.records.filter((record) => record.Performed);
        found = { season, first, second };
        break;
      }
      if (found) break;
    }
    expect(found, 'an earlier season with a round of two groups').toBeDefined();
    const { season, first, second } = found!;
    await page.goto(
      `/groups/${encodeURIComponent(first.GroupName)}?id=${encodeURIComponent(first.OrgGroupIdentifier)}&season=${season.id}`,
    );
    await expect(
      page.getByRole('link', { name: season.name, exact: true }).and(page.locator('[aria-current="page"]')),
    ).toBeVisible();
    await page.getByText('Head-to-head with another group', { exact: true }).click();
    await page.getByRole('searchbox', { name: 'The group to compare with' }).fill(second.GroupName);
    await page
      .getByRole('link', { name: second.GroupName, exact: true })
      .and(page.locator(`a[href*="&id=${encodeURIComponent(second.OrgGroupIdentifier)}&season="]`))
      .first()
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: `${first.GroupName} vs ${second.GroupName}` }),
    ).toBeVisible();
    expect(new URL(page.url()).searchParams.get('season')).toBe(String(season.id));
  },
);
