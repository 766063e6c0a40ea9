import type { DivisionStandings, GroupSeason, Season } from '../src/lib/api-models';
import { formatScore } from '../domain/scores';
import { namedCaptions } from '../src/features/groups/utils/category-lines';
import { expect, test } from './support/fixtures';
import { get } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';

/** A name as a pattern of itself (a caption may print "(Ensemble)"). */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A group with two or more scored, non-practice performances with categories in a season, and its page. */
async function groupWithCategories(request: Parameters<typeof get>[0]) {
  for (const season of (await get<{ data: Season[] }>(request, '/bff/seasons')).data) {
    const standings = (await get<{ data: DivisionStandings[] }>(request, `/bff/seasons/${season.id}/standings`)).data;
    for (const { group } of standings.flatMap((division) => division.entries.slice(0, 3))) {
      const query = new URLSearchParams({
        name: group.name,
        ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}),
      });
      const { data } = await get<GroupSeason>(request, `/bff/seasons/${season.id}/group?${query}`);
      const scored = data.filter((p) => p.performed && p.total && !p.practice && p.categories.length > 0);
      if (scored.length >= 2) {
        const address = new URLSearchParams({
          ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}),
          season: String(season.id),
        });
        return { group, scored, url: `/groups/${encodeURIComponent(group.name)}?${address}` };
      }
    }
  }
  throw new Error('no group with two scored performances with categories');
}

test(
  'a group page shows a line per category, drawn and as a table with the served numbers',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { group, scored, url } = await groupWithCategories(request);
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Category progression' })).toBeVisible();
    const names = [...new Set(scored.flatMap((p) => p.categories.map((c) => c.name)))];
    const chart = page.getByRole('img', { name: `Category scores of ${group.name}`, exact: false });
    for (const name of names) await expect(chart).toHaveAccessibleName(new RegExp(`${literally(name)}: from `));
    await expect(page.getByRole('list', { name: 'Category lines' }).getByRole('listitem')).toHaveText(names);
    // the library draws on use: its canvas appears in the figure, as wide as the page allows
    await expect(chart.locator('canvas').first()).toBeVisible();
    expect(
      await chart.evaluate((element) => element.getBoundingClientRect().right <= document.documentElement.clientWidth),
    ).toBe(true);

    await page.getByText('Category scores as a table').click();
    const table = page.getByRole('table', { name: `Category scores of ${group.name} by show` });
    await expect(table.getByRole('columnheader')).toHaveText(['Show', ...names]);
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(scored.length + 1);
    // every number is the served one (v2's), in date order
    const ordered = [...scored].sort((a, b) => Date.parse(a.competition.date) - Date.parse(b.competition.date));
    for (const [index, performance] of ordered.entries()) {
      const expected = names.map((name) =>
        formatScore(performance.categories.find((c) => c.name === name)?.score, 'category'),
      );
      await expect(rows.nth(index + 1).getByRole('cell')).toHaveText(expected);
    }
    await expectNoSeriousViolations(page);
  },
);

test(
  "a category's captions on demand: their lines and a table with the served numbers",
  { tag: '@journey' },
  async ({ page, request }) => {
    const { group, scored, url } = await groupWithCategories(request);
    await page.goto(url);
    const category = scored[0].categories[0].name;
    const withCategory = [...scored]
      .filter((p) => p.categories.some((c) => c.name === category && c.captions.length > 0))
      .sort((a, b) => Date.parse(a.competition.date) - Date.parse(b.competition.date));
    // a doubled panel's second caption of one name is its own line, named as the page names it
    const captionsOf = (p: (typeof scored)[number]) =>
      namedCaptions(p.categories.find((c) => c.name === category)!.captions);
    const names = [...new Set(withCategory.flatMap((p) => captionsOf(p).map((c) => c.name)))];
    expect(names.length).toBeGreaterThan(0);

    const title = `${category} caption scores of ${group.name}`;
    await expect(page.getByRole('img', { name: title, exact: false })).toHaveCount(0);
    await page.getByLabel('Captions of').selectOption(category);
    const chart = page.getByRole('img', { name: title, exact: false });
    for (const name of names) await expect(chart).toHaveAccessibleName(new RegExp(`${literally(name)}: (from )?\\d`));
    await expect(page.getByRole('list', { name: `${category} caption lines` }).getByRole('listitem')).toHaveText(names);
    await expect(chart.locator('canvas').first()).toBeVisible();

    await page.getByText(`${category} caption scores as a table`).click();
    const table = page.getByRole('table', { name: `${title} by show` });
    await expect(table.getByRole('columnheader')).toHaveText(['Show', ...names]);
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(withCategory.length + 1);
    for (const [index, performance] of withCategory.entries()) {
      const expected = names.map((name) =>
        formatScore(captionsOf(performance).find((c) => c.name === name)?.score, 'category'),
      );
      await expect(rows.nth(index + 1).getByRole('cell')).toHaveText(expected);
    }
    await expectNoSeriousViolations(page);

    // back to no category: its lines go
    await page.getByLabel('Captions of').selectOption('');
    await expect(chart).toHaveCount(0);
  },
);
