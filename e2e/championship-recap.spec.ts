import type { APIRequestContext } from '@playwright/test';
import type { Season } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/axe';
import { get, recapOf, seasonCalendar } from './support/api-data';

/** A released recap of more than one round (prelims and finals), the one with the most sections, on this upstream. */
async function championship(request: APIRequestContext) {
  const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
  let best: { guid: string; rounds: { number: number; name: string }[]; sections: number } | undefined;
  for (const season of seasons) {
    for (const entry of await seasonCalendar(request, season.id)) {
      if (!entry.competition.recapReleased) continue;
      const { records, sections } = await recapOf(request, entry.competition.guid);
      const rounds = new Map(records.map((record) => [Number(record.Round), record.RoundName]));
      if (rounds.size > 1 && (!best || sections.length > best.sections))
        best = {
          guid: entry.competition.guid,
          rounds: [...rounds].map(([number, name]) => ({ number, name })),
          sections: sections.length,
        };
    }
    if (best) break;
  }
  expect(best, 'a released recap of more than one round').toBeDefined();
  return best!;
}

test(
  "a championship's recap opens on its latest round, its CSV with the other recap actions at the top",
  { tag: '@journey' },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const { guid, rounds, sections } = await championship(request);
    const latest = rounds.reduce((a, b) => (b.number > a.number ? b : a));
    await page.goto(`/competitions/${guid}`);
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings.first()).toContainText(latest.name);
    await expect(page.getByText(`Latest round first: ${latest.name}.`)).toBeVisible();
    // every section of the latest round comes before any of an earlier round (the later sections render after the first)
    await expect(headings.filter({ hasText: '·' })).toHaveCount(sections);
    const texts = await headings.allInnerTexts();
    const roundNames = texts.filter((text) => text.includes('·')).map((text) => text.split('·').pop()!.trim());
    const firstEarlier = roundNames.findIndex((name) => name !== latest.name);
    expect(firstEarlier).toBeGreaterThan(0);
    expect(roundNames.slice(firstEarlier)).not.toContain(latest.name);

    // the CSV is at the top, on the first screen, above the first section
    const csv = page.getByRole('link', { name: /^Download CSV/ });
    await expect(csv).toBeInViewport();
    const [csvBox, sectionBox] = [await csv.boundingBox(), await headings.first().boundingBox()];
    expect(csvBox!.y).toBeLessThan(sectionBox!.y);
    await expectNoSeriousViolations(page);
  },
);
