import type { APIRequestContext } from '@playwright/test';
import type { CalendarEntry, Season } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { get, seasonCalendar } from './support/api-data';
import { expectNoSeriousViolations } from './support/axe';

/** DCI Southwestern 2026 (e2e/recap-pages.ts), on both upstreams: a full drum corps sheet, Visual and Music halved. */
async function drumCorpsRecap(request: APIRequestContext): Promise<CalendarEntry> {
  const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
  for (const season of seasons) {
    const found = (await seasonCalendar(request, season.id)).find(
      (entry) => entry.event.name === 'DCI Southwestern Championship',
    );
    if (found) return found;
  }
  throw new Error('DCI Southwestern Championship is on neither upstream');
}

test(
  'a recap explains its abbreviations and how each category is scored, in a disclosure',
  { tag: '@journey' },
  async ({ page, request }) => {
    const { competition } = await drumCorpsRecap(request);
    await page.goto(`/competitions/${competition.guid}?view=full`);
    const legend = page
      .getByRole('group')
      .filter({ has: page.getByText('What the abbreviations mean', { exact: true }) });
    const abbreviations = page.getByRole('definition').filter({ hasText: 'Achievement' });
    // Closed at first: one line above the scores.
    await expect(legend).toBeVisible();
    await expect(abbreviations).toBeHidden();

    // Opened by keyboard.
    await page.getByText('What the abbreviations mean', { exact: true }).focus();
    await page.keyboard.press('Enter');
    for (const [term, meaning] of [
      ['Achv', 'Achievement'],
      // printed "Cont" on some captions and "CONT" on others
      ['Cont / CONT', 'Content'],
      ['Rep', 'Repertoire'],
      ['Perf', 'Performance'],
      ['Pen', 'Timing & Penalties'],
    ]) {
      const row = legend.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) });
      await expect(row).toBeVisible();
      await expect(
        legend
          .getByRole('definition')
          .filter({ hasText: new RegExp(`^${meaning}`) })
          .first(),
      ).toBeVisible();
    }
    const rules = legend.getByRole('definition').filter({ hasText: /Visual Proficiency/ });
    await expect(rules).toHaveText(/the sum of its captions' scores, halved/);
    // Two judges on each General Effect caption (a doubled panel), averaged before they are summed.
    await expect(
      legend.getByRole('definition').filter({ hasText: /— General Effect 1, General Effect 2$/ }),
    ).toHaveText(
      /^General Effect 1 and General Effect 2: two judges each, averaged \(a doubled panel\); then the sum of its captions' scores —/,
    );
    await expect(legend.getByText(/not known/)).toHaveCount(0);
    await expect(legend.getByText(/Not in our catalogue/)).toHaveCount(0);
    await expectNoSeriousViolations(page, { only: 'details' });
  },
);
