import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';
import type { Season } from '../src/lib/api-models';
import { differingCaption, get, latestScoredCompetition, printed, todayInChicago } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';
import { paintedOnTop } from './support/painted';

test(
  "a judge's name in the judges view opens their season, whose numbers for that competition are the recap's",
  { tag: '@journey' },
  async ({ page, request }) => {
    // A judged caption whose ranks differ from the final ranks for some group, so both ways of showing a caption's
    // rank below are checked: the latest recap with a section that has one.
    const { competition, event, season, sections } = await latestScoredCompetition(request, todayInChicago(), (recap) =>
      recap.sections.some((candidate) => differingCaption(candidate) !== undefined),
    );
    const section = sections.find((candidate) => differingCaption(candidate) !== undefined)!;
    const performed = section.records.filter((record) => record.Performed);
    const [categoryIndex, captionIndex] = differingCaption(section)!;
    const caption = performed[0].Categories[categoryIndex].Captions[captionIndex];
    const judge = `${caption.JudgeFirstName} ${caption.JudgeLastName}`;

    await page.goto(`/competitions/${competition.guid}/judges?section=`);
    await page
      .getByRole('combobox', { name: 'Division and round' })
      .selectOption({ label: `${section.division} · ${section.round}` });
    await page
      .getByRole('table', { name: new RegExp(`^${caption.Name} — ${judge}`) })
      .first()
      .getByRole('link', { name: judge, exact: true })
      .click();

    await expect(page).toHaveURL(
      new RegExp(`/judges/${encodeURIComponent(judge).replace(/[.()]/g, '\\$&')}\\?season=${season.id}`),
    );
    await expect(page.getByRole('heading', { level: 1, name: judge })).toBeVisible();
    const sheet = page.getByRole('region', {
      name: `${caption.Name}, ${event.name}, ${`${section.division} ${section.round}`.trim()}`,
    });
    await expect(sheet).toBeVisible();
    for (const record of performed) {
      const scored = record.Categories[categoryIndex].Captions[captionIndex];
      const row = sheet
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: record.GroupName, exact: true }) });
      const cells = row.getByRole('cell');
      await expect(cells.nth(0)).toHaveText(printed.caption(Number(scored.Score)));
      if (scored.Rank !== record.Rank)
        await expect(cells.nth(1)).toContainText(`differs from final rank ${record.Rank}`);
      else await expect(cells.nth(1)).toHaveText(String(scored.Rank));
      await expect(cells.nth(2)).toHaveText(String(record.Rank));
      await expect(cells.nth(3)).toHaveText(printed.total(Number(record.TotalScore)));
    }
  },
);

test(
  "a judge's season works by keyboard and has no serious accessibility violations",
  { tag: '@journey' },
  async ({ page, request }) => {
    const { season, sections } = await latestScoredCompetition(request, todayInChicago());
    const record = sections
      .flatMap((section) => section.records)
      .find(
        (candidate) =>
          candidate.Performed &&
          candidate.Categories.some((category) => category.Captions.some((c) => c.JudgeLastName)),
      )!;
    const caption = record.Categories.flatMap((category) => category.Captions).find((c) => c.JudgeLastName)!;
    await page.goto(
      `/judges/${encodeURIComponent(`${caption.JudgeFirstName} ${caption.JudgeLastName}`)}?season=${season.id}`,
    );
    await expect(page.getByRole('table', { name: 'By caption' })).toBeVisible();

    // The group picker is reached with Tab and chosen with the keyboard; the trail follows in the URL.
    const picker = page.getByRole('combobox', { name: 'Group', exact: true });
    for (
      let presses = 0;
      presses < 60 && !(await picker.evaluate((element) => element === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab');
    await expect(picker).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const first = (await picker.locator('option').nth(1).textContent())!.replace(/ \(\d+\)$/, '');
    await expect(page.getByRole('table', { name: `${first}: this judge's numbers in order` })).toBeVisible();
    await expect(page).toHaveURL(/[?&]group=/);

    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
  },
);

test(
  "on a phone a judge's caption table says it scrolls sideways and keeps each caption's name in view",
  { tag: ['@journey', '@phone'] },
  async ({ page, request, isMobile }) => {
    test.skip(!isMobile, "a phone's narrow screen");
    const { season, sections } = await latestScoredCompetition(request, todayInChicago());
    const record = sections
      .flatMap((section) => section.records)
      .find(
        (candidate) =>
          candidate.Performed &&
          candidate.Categories.some((category) => category.Captions.some((c) => c.JudgeLastName)),
      )!;
    const caption = record.Categories.flatMap((category) => category.Captions).find((c) => c.JudgeLastName)!;
    await page.goto(
      `/judges/${encodeURIComponent(`${caption.JudgeFirstName} ${caption.JudgeLastName}`)}?season=${season.id}`,
    );
    const region = page.getByRole('region', { name: 'By caption' });
    const name = region.getByRole('rowheader').first();
    await expect(name).toBeVisible();
    await expect(page.getByText('More columns to the right: scroll sideways').first()).toBeVisible();

    await region.evaluate((element) => {
      element.scrollIntoView({ block: 'center' });
      element.scrollTo({ left: element.scrollWidth });
    });
    await expect(page.getByText('More columns to the left: scroll back').first()).toBeVisible();
    // the last column's edge may stay a fraction of a pixel out: scroll positions are whole pixels
    await expect(region.getByRole('columnheader', { name: 'Mean score' })).toBeInViewport({ ratio: 0.95 });
    await expect(name).toBeInViewport({ ratio: 1 });
    await expect.poll(() => paintedOnTop(name)).toBe(true);
  },
);

test('a judge no released recap of the season names is not found', async ({ page }) => {
  await page.goto(`/judges/${encodeURIComponent('Nobody Atall')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Judge not found' })).toBeVisible();
});

test(
  'a judge of an earlier season but not this one finds their seasons from the not-found page, by keyboard',
  { tag: '@journey' },
  async ({ page, request }) => {
    // The hosted service's view looks in the newest three seasons: a judge of one of those, absent from the current one.
    const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
    const current = seasons.find((season) => season.current)!;
    const judgesOf = async (season: Season) =>
      (await get<{ data: { name: string }[] }>(request, `/bff/seasons/${season.id}/judges`)).data;
    const thisSeason = new Set((await judgesOf(current)).map((judge) => judge.name));
    let found: { season: Season; name: string } | undefined;
    for (const season of seasons.slice(0, 3).filter((candidate) => candidate.id !== current.id)) {
      const judge = (await judgesOf(season)).find((candidate) => !thisSeason.has(candidate.name));
      if (judge && !found) found = { season, ...judge };
    }
    expect(found, 'a judge of an earlier season who did not judge the current one').toBeDefined();
    const { season, name } = found!;

    await page.goto(`/judges/${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Judge not found' })).toBeVisible();
    const judged = page.getByRole('navigation', { name: 'Seasons judged' });
    const link = judged.getByRole('link', { name: season.name, exact: true });
    await expect(link).toBeVisible();
    await expect(judged.getByRole('link', { name: current.name, exact: true })).toHaveCount(0);
    await expectNoSeriousViolations(page);

    for (
      let presses = 0;
      presses < 40 && !(await link.evaluate((element) => element === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?season=${season.id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Seasons judged' }).getByRole('link', { name: season.name, exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousViolations(page);
  },
);

test(
  "a judge's season opens on their largest departures, each linked to its sheet, with the panel's rank on every sheet",
  { tag: '@journey' },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const { season, sections } = await latestScoredCompetition(request, todayInChicago());
    const caption = sections
      .flatMap((section) => section.records)
      .filter((record) => record.Performed)
      .flatMap((record) => record.Categories.flatMap((category) => category.Captions))
      .find((c) => c.JudgeLastName)!;
    const judge = `${caption.JudgeFirstName} ${caption.JudgeLastName}`;
    interface Row {
      group: { name: string };
      rank: number | null;
      final: { rank: number | null };
      panel: { rank: number | null };
    }
    const { data: sheets } = await get<{ data: { rows: Row[] }[] }>(
      request,
      `/bff/seasons/${season.id}/judge?name=${encodeURIComponent(judge)}`,
    );
    // worked out here from the view's numbers: the largest difference of the judge's rank from the final or the panel's
    const size = (row: Row) =>
      row.rank === null
        ? 0
        : Math.max(
            row.final.rank === null ? 0 : Math.abs(row.rank - row.final.rank),
            row.panel.rank === null ? 0 : Math.abs(row.rank - row.panel.rank),
          );
    const largest = Math.max(0, ...sheets.flatMap((sheet) => sheet.rows.map(size)));

    await page.goto(`/judges/${encodeURIComponent(judge)}?season=${season.id}`);
    // the departures come before the season's statistics and sheets
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings.filter({ hasText: 'Largest departures' })).toBeVisible();
    const names = await headings.allInnerTexts();
    expect(names.indexOf('Largest departures')).toBeLessThan(names.indexOf('By caption'));
    if (largest === 0) {
      await expect(
        page.getByText("Every rank this judge gave was the group's final rank and its panel's."),
      ).toBeVisible();
    } else {
      const table = page.getByRole('table', { name: /^Largest departures/ });
      const first = table.getByRole('row').nth(1);
      const [mine, final, panel] = await Promise.all(
        [4, 5, 6].map(async (n) =>
          Number(
            await first
              .getByRole('cell')
              .nth(n - 1)
              .innerText(),
          ),
        ),
      );
      expect(Math.max(Math.abs(mine - final), Math.abs(mine - panel))).toBe(largest);
      // its show links to its sheet, on the page that lists it
      const group = await first.getByRole('rowheader').innerText();
      await first.getByRole('link').click();
      await expect(page).toHaveURL(/#sheet-\d+$/);
      const id = new URL(page.url()).hash.slice(1);
      const sheet = page.locator(`section:has(> h3#${id})`);
      await expect(sheet).toBeInViewport();
      const row = sheet.getByRole('row').filter({ has: page.getByRole('rowheader', { name: group, exact: true }) });
      await expect(row.getByRole('cell').nth(1)).toContainText(String(mine));
    }
    // every sheet has the panel's rank
    const firstSheet = page.locator('section:has(> h3[id^="sheet-"])').first();
    await expect(firstSheet.getByRole('columnheader', { name: 'Panel rank' })).toBeVisible();
    const firstRow = sheets[0].rows[0];
    await expect(
      firstSheet
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: firstRow.group.name, exact: true }) })
        .getByRole('cell')
        .nth(4),
    ).toHaveText(firstRow.panel.rank === null ? '—' : String(firstRow.panel.rank));

    // the trail names each group once
    const options = await page.getByRole('combobox', { name: 'Group', exact: true }).locator('option').allInnerTexts();
    expect(options.map((text) => text.replace(/ \(\d+\)$/, ''))).toEqual([
      ...new Set(options.map((text) => text.replace(/ \(\d+\)$/, ''))),
    ]);
    await expectNoSeriousViolations(page);
  },
);
