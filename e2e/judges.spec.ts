import { expect, test } from './support/fixtures';
import { latestScoredCompetition, printed, todayInChicago } from './support/api-data';

test(
  'the judges view sets each judge beside the final ranks and marks where they differ',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { competition, sections } = await latestScoredCompetition(request, todayInChicago());
    const section = sections[0];
    const performed = section.records.filter((record) => record.Performed);
    // A judged caption whose ranks differ from the final ranks for some group, so both ways of showing a caption's
    // rank below are checked (and the test fails if the sample has no such caption).
    const differing = performed[0].Categories.flatMap((category, c) =>
      category.Captions.map((caption, k) => [c, k, caption] as const),
    ).find(
      ([c, k, caption]) =>
        caption.JudgeLastName && performed.some((record) => record.Categories[c].Captions[k].Rank !== record.Rank),
    );
    expect(differing, 'a judged caption ranked differently from the final ranks').toBeDefined();
    const [categoryIndex, captionIndex] = differing!;
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
