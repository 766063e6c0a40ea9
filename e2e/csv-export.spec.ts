import { readFileSync } from 'node:fs';
import { parseCsv } from '../test/helpers/csv';
import { expect, test } from './support/fixtures';
import { get, latestScoredCompetition, todayInChicago } from './support/api-data';

test(
  "a recap's Download CSV gives every performance with the v2 records' numbers, digit for digit",
  { tag: '@journey' },
  async ({ page, request }) => {
    const { competition, records } = await latestScoredCompetition(request, todayInChicago());
    await page.goto(`/competitions/${competition.guid}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Download CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/recap\.csv$/);
    const [header, ...rows] = parseCsv(readFileSync(await download.path(), 'utf8'));
    expect(rows).toHaveLength(records.length);
    records.forEach((record, i) => {
      const cell = (name: string) => {
        expect(header, name).toContain(name);
        return rows[i][header.indexOf(name)];
      };
      expect([cell('Division'), cell('Round'), cell('Group')]).toEqual([
        record.DivisionName,
        record.RoundName,
        record.GroupName,
      ]);
      expect([cell('Sub Total'), cell('Sub Total Rank'), cell('Total'), cell('Total Rank')]).toEqual([
        record.SubtotalScore,
        String(record.SubtotalRank),
        record.TotalScore,
        String(record.Rank),
      ]);
      for (const category of record.Categories) {
        expect([cell(category.Name), cell(`${category.Name} Rank`)]).toEqual([category.Score, String(category.Rank)]);
        for (const caption of category.Captions) {
          const doubled = category.Captions.filter((other) => other.Name === caption.Name).length > 1;
          const label = `${category.Name} / ${caption.Name}${doubled ? ` (${caption.JudgeFirstName} ${caption.JudgeLastName})` : ''}`;
          expect([cell(label), cell(`${label} Rank`)]).toEqual([caption.Score, String(caption.Rank)]);
          for (const line of caption.Subcaptions)
            expect([cell(`${label} / ${line.Name}`), cell(`${label} / ${line.Name} Rank`)]).toEqual([
              line.Score,
              String(line.Rank),
            ]);
        }
      }
    });
  },
);

test(
  "the standings' Download CSV gives every division's ranks, groups and totals",
  { tag: '@journey' },
  async ({ page, request }) => {
    const { season } = await latestScoredCompetition(request, todayInChicago());
    const standings = await get<{
      data: { division: { name: string }; entries: { rank: number; group: { name: string }; latestScore: number }[] }[];
    }>(request, `/bff/seasons/${season.id}/standings`);
    await page.goto(`/seasons/${season.id}/standings`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Download CSV/ }).click(),
    ]);
    const [header, ...rows] = parseCsv(readFileSync(await download.path(), 'utf8'));
    expect(header.slice(0, 5)).toEqual(['Division', 'Rank', 'Group', 'Location', 'Total']);
    expect(rows.map((row) => [row[0], row[1], row[2], row[4]])).toEqual(
      standings.data.flatMap(({ division, entries }) =>
        entries.map((entry) => [division.name, String(entry.rank), entry.group.name, entry.latestScore.toFixed(3)]),
      ),
    );
  },
);
