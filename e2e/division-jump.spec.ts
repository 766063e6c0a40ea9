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
  const first = sections[0];
  const firstHeading = page.getByRole('heading', {
    level: 2,
    name: first.round ? `${first.division} · ${first.round}` : first.division,
    exact: true,
  });
  // The scores come first: the jump is one closed line, and the first division's heading is on the first screen.
  await expect(firstHeading).toBeInViewport();
  const jump = page.getByRole('navigation', { name: 'Jump to a division' });
  await expect(jump).toBeHidden();
  const last = sections.at(-1)!;
  const name = last.round ? `${last.division} · ${last.round}` : last.division;
  // By keyboard: the disclosure opens with Enter.
  await page.getByText(`Jump to a division (${sections.length})`, { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(jump.getByRole('link')).toHaveCount(sections.length);

  // By keyboard: the link is focused and followed with Enter.
  await jump.getByRole('link', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 2, name, exact: true });
  await expect(heading).toBeInViewport();
  await expect(page).toHaveURL(/#section-/);
  // The first section's heading has scrolled away: the page moved to the division.
  await expect(firstHeading).not.toBeInViewport();
});
