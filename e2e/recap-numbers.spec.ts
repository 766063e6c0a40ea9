import type { PerformanceRecord } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { latestScoredCompetition, penaltyOf, printed, todayInChicago } from './support/api-data';

type Cell = { score: string; rank: number | null } | null;

/**
 * Every number of a v2 performance record in the table's order: the total beside the group (decision 058), then each
 * caption's subcaption lines and total, the category's total where the recap prints one (several captions, or one
 * the category changes), sub total, penalties (subtotal - total). A number v2 ranks 0 is no number: a dash on screen.
 */
function publishedRow(record: PerformanceRecord): Cell[] {
  const cell = (score: string, rank: number, format: (n: number) => string): Cell =>
    rank > 0 ? { score: format(Number(score)), rank } : null;
  const cells: Cell[] = [{ score: printed.total(Number(record.TotalScore)), rank: record.Rank }];
  for (const category of record.Categories) {
    for (const caption of category.Captions) {
      for (const line of caption.Subcaptions) cells.push(cell(line.Score, line.Rank, printed.subcaption));
      cells.push(cell(caption.Score, caption.Rank, printed.caption));
    }
    if (category.Captions.length !== 1 || category.Score !== category.Captions[0].Score)
      cells.push(cell(category.Score, category.Rank, printed.category));
  }
  cells.push({ score: printed.total(Number(record.SubtotalScore)), rank: record.SubtotalRank });
  cells.push({ score: printed.penalty(penaltyOf(record)), rank: null });
  return cells;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test(
  'the full recap table shows the v2 records, number for number, with every rank',
  { tag: '@journey' },
  async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the phone shows cards; see the next test');
    const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
    const section = sections[0];

    await page.goto(`/competitions/${competition.guid}?view=full`);
    const table = page.getByRole('table', {
      name: new RegExp(`^${escape(section.division)} — ${escape(section.round)}`),
    });
    await expect(table.getByRole('rowheader')).toHaveCount(section.records.length);

    for (const record of section.records.filter((r) => r.Performed)) {
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escape(record.GroupName)}`) }) });
      const expected = publishedRow(record);
      await expect(row.getByRole('cell')).toHaveText([
        String(record.Rank),
        ...expected.map((cell) =>
          cell === null
            ? /^—$/
            : new RegExp(
                `^${escape(cell.score)}${cell.rank === null ? '' : `\\s*rank ${cell.rank}`}( \\(highest\\))?$`,
              ),
        ),
      ]);
    }
    // The judges are named over their captions, as the published recap names them.
    const judged = section.records
      .find((r) => r.Performed)!
      .Categories.flatMap((category) => category.Captions)
      .filter((caption) => caption.JudgeLastName);
    for (const caption of judged) {
      const judge = `${caption.JudgeFirstName} ${caption.JudgeLastName}`.trim();
      await expect(
        table.getByRole('columnheader', { name: new RegExp(`^${escape(caption.Name)}\\s*${escape(judge)}$`) }).first(),
      ).toBeVisible();
    }
  },
);

test(
  'on a phone each group card shows the v2 total and its category scores',
  { tag: ['@journey', '@phone'] },
  async ({ page, request, isMobile }) => {
    test.skip(!isMobile, 'phone layout');
    const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
    const section = sections[0];

    await page.goto(`/competitions/${competition.guid}?view=categories`);
    const cards = page.getByRole('list', { name: `${section.division} — ${section.round}` });
    for (const record of section.records.filter((r) => r.Performed)) {
      const card = cards.getByRole('article', { name: record.GroupName });
      await expect(card).toContainText(printed.total(Number(record.TotalScore)));
      for (const category of record.Categories)
        await expect(card).toContainText(printed.category(Number(category.Score)));
    }
  },
);
