import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { loadRecapFixtures, type RecapFixture } from '../fixtures/recaps/load.js';
import { REFUSED_RECAP_PAGES } from '../fixtures/recaps/refused.js';
import { checkRecap, writeRecap } from '../../server/api/recap-import/load-recap.js';
import { compareGrids, generationOf, gridShapes, scrapeRows } from '../helpers/recap-markup.js';

/**
 * Our published recap pages in the published markup (issue 29 item 9, decision 088): every importable fixture
 * recap page is imported into our API, our page of the same competition is fetched over HTTPS at its `RecapUrl`,
 * and its score grids are compared with the fixture's, structurally: tables, rows, each cell's class list and
 * spans, in order, and what each cell holds (a number over its rank, or text); numbers, names, styles, scripts,
 * the logo and whitespace aside (gridShapes says exactly what is kept).
 *
 * - Pages of the generation we render (2022-, `tr.header-division-name`) are compared cell for cell: every class
 *   (only the judge's sheet state, `verified` / `zero`, is data of the hosted service's workflow, left out like the
 *   numbers), every span, the division's wrapper table.
 * - Pages of the two older generations (2013-2017, 2018-2022) differ from ours in border classes and wrappers we
 *   do not reproduce (we render one generation); both are compared in the model scrapers read, common to the three:
 *   which cells are headers, judges' caption totals (`subcaptionTotal`), a doubled panel's combined number
 *   (`captionTotal`), category totals (`categoryTotal`), with their spans, and which hold numbers.
 *
 * The five pages the importer refuses (test/fixtures/recaps/refused.ts) have no competition to serve; sections the
 * importer leaves out (festival ratings, groups listed without scores) have no grid on our page, and are counted.
 */

let api: TestApi;
const served = new Map<string, { html: string; skipped: number }>();
const importable = loadRecapFixtures().filter((fixture) => !REFUSED_RECAP_PAGES.has(fixture.name));

beforeAll(async () => {
  api = await startTestApi();
  const organization = await api.createOrg('Published markup circuit');
  const key = await api.createKey(organization.guid);
  const auth = { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` };
  const pages = new Map<string, { skipped: number }>();
  for (const fixture of importable) {
    const page = checkRecap(fixture, { date: '2015-01-01' });
    await writeRecap(api.services.database.db, organization.id, page);
    pages.set(fixture.name, { skipped: page.recap.skippedSections.length });
  }
  const competitions = (await (
    await api.fetch('/2018-03/competitions?includePractice=true', { headers: auth })
  ).json()) as { OrgCompetitionID: string; RecapUrl: string }[];
  for (const competition of competitions) {
    const name = `${competition.OrgCompetitionID}.htm`;
    // the page as anyone reads it: over HTTPS, without a token
    const response = await api.fetch(new URL(competition.RecapUrl).pathname);
    if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
    served.set(name, { html: await response.text(), skipped: pages.get(name)!.skipped });
  }
}, 600_000);
afterAll(() => api?.stop());

function compareWith(fixtures: RecapFixture[], mode: (fixture: RecapFixture) => Parameters<typeof gridShapes>[1]) {
  const found: string[] = [];
  let compared = 0;
  for (const fixture of fixtures) {
    const ours = served.get(fixture.name);
    if (!ours) {
      found.push(`${fixture.name}: not served`);
      continue;
    }
    const grids = compareGrids(fixture.name, fixture.html, ours.html, mode(fixture));
    if (grids.unmatched.length !== ours.skipped)
      found.push(
        `${fixture.name}: ${grids.unmatched.length} grids without ours, ${ours.skipped} left out by the importer`,
      );
    found.push(...grids.differences);
    compared += grids.compared;
  }
  return { found, compared };
}

const ofGeneration = (generation: ReturnType<typeof generationOf>) =>
  importable.filter((fixture) => generationOf(fixture.html) === generation);

describe('our published recap pages against the real ones', () => {
  it('covers fixture pages of the three markup generations', () => {
    expect(ofGeneration('2022-').length).toBeGreaterThan(30);
    expect(ofGeneration('2018-2022').length).toBeGreaterThan(20);
    expect(ofGeneration('2013-2017').length).toBeGreaterThan(15);
    expect(served.size).toBe(importable.length);
  });

  it('2022- pages: every table, row, cell class list and span is the published one', () => {
    const { found, compared } = compareWith(ofGeneration('2022-'), () => 'exact');
    expect(found).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  }, 300_000);

  it("2013-2017 and 2018-2022 pages: the same header and total cells, spans and numbers in the scrapers' model", () => {
    const older = [...ofGeneration('2018-2022'), ...ofGeneration('2013-2017')];
    const { found, compared } = compareWith(older, (fixture) => generationOf(fixture.html));
    expect(found).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  }, 300_000);

  it('a scraper that classifies numbers by their cell reads the same rows, ranks and Totals from ours as from the real page', () => {
    const found: string[] = [];
    for (const fixture of ofGeneration('2022-')) {
      const ours = served.get(fixture.name)!;
      if (ours.skipped > 0) continue; // a section left out has rows on the real page only
      const [a, b] = [scrapeRows(fixture.html), scrapeRows(ours.html)];
      if (JSON.stringify(a) !== JSON.stringify(b))
        found.push(
          `${fixture.name}: ${JSON.stringify(a.find((row, i) => JSON.stringify(row) !== JSON.stringify(b[i])))}`,
        );
    }
    expect(found).toEqual([]);
  });
});
