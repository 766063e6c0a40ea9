import { expect, test } from './support/fixtures';
import { differingCaption, latestScoredCompetition, printed, todayInChicago } from './support/api-data';

test(
  'the judges view sets each judge beside the final ranks and marks where they differ',
  { tag: '@journey' },
  async ({ page, request }) => {
    // A judged caption whose ranks differ from the final ranks for some group, so both ways of showing a caption's
    // rank below are checked: the latest recap whose first section has one.
    const { competition, sections } = await latestScoredCompetition(
      request,
      todayInChicago(),
      (recap) => recap.sections.length > 0 && differingCaption(recap.sections[0]) !== undefined,
    );
    const section = sections[0];
    const performed = section.records.filter((record) => record.Performed);
    const [categoryIndex, captionIndex] = differingCaption(section)!;
    const caption = performed[0].Categories[categoryIndex].Captions[captionIndex];
    const judge = `${caption.JudgeFirstName} ${caption.JudgeLastName}`;

    await page.goto(`/competitions/${competition.guid}/judges`);
    const table = page.getByRole('table', { name: new RegExp(`^${caption.Name} — ${judge}`) }).first();
    await expect(table).toBeVisible();

    for (const record of performed) {
      const scored = record.Categories[categoryIndex].Captions[captionIndex];
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: record.GroupName, exact: true }) });
      await expect(row.getByRole('cell').nth(0)).toHaveText(String(record.Rank));
      await expect(row.getByRole('cell').nth(1)).toHaveText(printed.caption(Number(scored.Score)));
      const rankCell = row.getByRole('cell').nth(2);
      if (scored.Rank !== record.Rank) await expect(rankCell).toContainText(`differs from final rank ${record.Rank}`);
      else await expect(rankCell).toHaveText(String(scored.Rank));
    }
  },
);
