import { expect, test } from './support/fixtures';
import { latestScoredCompetition, todayInChicago } from './support/api-data';

test(
  "a home card of a scored show names each division's winner, as the recap ranks them",
  { tag: '@journey' },
  async ({ page, request }) => {
    const { event, competition, sections } = await latestScoredCompetition(request, todayInChicago());
    // From v2's records, not from the view the card reads: in each division, rank 1 of its last round.
    const expected = new Map<string, string[]>();
    for (const division of new Set(sections.map((section) => section.division))) {
      const records = sections.filter((section) => section.division === division).flatMap((section) => section.records);
      const last = Math.max(...records.map((record) => Number(record.Round)));
      const first = records
        .filter((record) => Number(record.Round) === last && record.Performed && record.Rank === 1)
        .map((record) => record.GroupName);
      if (first.length > 0) expected.set(division, first);
    }
    expect(expected.size).toBeGreaterThan(0);

    await page.goto('/');
    const winners = page
      .getByRole('region', { name: 'Latest results' })
      .getByRole('list', { name: `Winners: ${event.name}, ${competition.name}` });
    await expect(winners.getByRole('listitem')).toHaveCount(expected.size);
    for (const [division, groups] of expected) {
      const line = winners
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${division.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `) });
      for (const group of groups) await expect(line.getByRole('link', { name: group, exact: true })).toBeVisible();
      await expect(line).toHaveText(/\d+\.\d{3}$/);
    }
    // A winner opens the group's page.
    const [division, [group]] = [...expected][0];
    await winners
      .getByRole('listitem')
      .filter({ hasText: `${division}: ` })
      .getByRole('link', { name: group, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(group);
  },
);
