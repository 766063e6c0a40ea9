import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { Season } from '../src/lib/api-models';
import { get, recapOf, seasonCalendar } from './support/api-data';

/** A released recap of three sections (divisions and rounds) or more, newest season first, on whichever upstream runs. */
async function longRecap(request: APIRequestContext) {
  const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
  for (const season of seasons) {
    for (const entry of (await seasonCalendar(request, season.id)).filter(
      (candidate) => candidate.competition.recapReleased,
    )) {
      const recap = await recapOf(request, entry.competition.guid);
      if (recap.sections.length >= 3) return { ...recap, guid: entry.competition.guid };
    }
  }
  throw new Error('no released recap of three sections or more on this upstream');
}

test('a long recap jumps to a division from a link to each section', { tag: '@journey' }, async ({ page, request }) => {
  const { guid, sections } = await longRecap(request);
  await page.goto(`/competitions/${guid}`);
  const names = sections.map((section) =>
    section.round ? `${section.division} · ${section.round}` : section.division,
  );
  // The page's first section: a championship lists its latest round first (decision 058), so not always v2's first.
  const firstHeading = page
    .getByRole('heading', { level: 2 })
    .filter({ hasText: new RegExp(`^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`) })
    .first();
  // The scores come first: the jump is one closed line, and the first division's heading is on the first screen.
  await expect(firstHeading).toBeInViewport();
  const jump = page.getByRole('navigation', { name: 'Jump to a division' });
  await expect(jump).toBeHidden();
  // By keyboard: the disclosure opens with Enter.
  await page.getByText(`Jump to a division (${sections.length})`, { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(jump.getByRole('link')).toHaveCount(sections.length);
  // The last section the page lists, far from the first.
  const name = (await jump.getByRole('link').last().textContent())!.trim();
  expect(names).toContain(name);
  await expect(firstHeading).not.toHaveText(name);

  // By keyboard: the link is focused and followed with Enter.
  await jump.getByRole('link', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 2, name, exact: true });
  await expect(heading).toBeInViewport();
  await expect(page).toHaveURL(/#section-/);
  // The first section's heading has scrolled away: the page moved to the division.
  await expect(firstHeading).not.toBeInViewport();
});
