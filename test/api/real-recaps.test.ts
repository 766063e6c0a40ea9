import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { loadRecapFixtures } from '../fixtures/recaps/load.js';
import { REFUSED_RECAP_PAGES } from '../fixtures/recaps/refused.js';
import { importRecapHtml, type ImportedRecap } from '../../server/api/recap-import/to-import.js';
import { RecapImportError } from '../../server/api/recap-import/errors.js';
import { checkRecap, loadRecaps } from '../../server/api/recap-import/load-recap.js';
import {
  servedDifferences,
  v2Differences,
  type ApiSection,
  type V2PerformanceRecord,
} from '../helpers/recap-comparison.js';
import { performances } from '../../server/api/db/schema.js';
import { retabulate } from '../../server/api/db/repositories/retabulate.js';

/**
 * The real published recaps through the whole service: imported into an organization, tabulated on write, read back
 * over HTTPS. Every subcaption, caption, category, subtotal and total and every rank that the v4 scores operation
 * serves must equal the page's, and the v2 totals and ranks must print the page's numbers; a group that did not
 * perform is served as not performed, ranked as the page ranks it (last, shared).
 */

let api: TestApi;
let auth: Record<string, string>;
const pages: { name: string; recap: ImportedRecap; competitionId: number; guid: string }[] = [];

beforeAll(async () => {
  api = await startTestApi();
  const org = await api.createOrg('Real recaps');
  const importable = loadRecapFixtures().filter((fixture) => !REFUSED_RECAP_PAGES.has(fixture.name));
  // pages without a printed date get one, as the CLI's --date does
  const loaded = await loadRecaps(api.services.database.db, org.id, importable, { date: '2015-01-01' });
  loaded.forEach((entry, index) =>
    pages.push({
      name: importable[index].name,
      recap: importRecapHtml(importable[index].html, importable[index].name),
      competitionId: entry.competitionId,
      guid: '',
    }),
  );
  const key = await api.createKey(org.guid);
  auth = { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` };
  const v2: any = await (await api.fetch('/2018-03/competitions?includePractice=true', { headers: auth })).json();
  const guidByName = new Map<string, string>(
    v2.map((c: { OrgCompetitionID: string; CompetitionGuid: string }) => [c.OrgCompetitionID, c.CompetitionGuid]),
  );
  for (const page of pages) page.guid = guidByName.get(page.name.replace(/\.htm$/, ''))!;
}, 600_000);
afterAll(() => api?.stop());

describe('real recaps served by the API', () => {
  it('imports every page but the five that cannot be reproduced, which are refused with the reason', async () => {
    expect(pages).toHaveLength(91);
    for (const name of REFUSED_RECAP_PAGES.keys()) {
      const html = loadRecapFixtures().find((fixture) => fixture.name === name)!.html;
      expect(() => checkRecap({ name, html })).toThrow(RecapImportError);
    }
    const before: any = await (await api.fetch('/2018-03/competitions?includePractice=true', { headers: auth })).json();
    const refused = loadRecapFixtures().filter((fixture) => REFUSED_RECAP_PAGES.has(fixture.name));
    await expect(
      loadRecaps(
        api.services.database.db,
        (await api.services.database.db.query.organizations.findFirst())!.id,
        refused,
      ),
    ).rejects.toThrow(RecapImportError);
    const after: any = await (await api.fetch('/2018-03/competitions?includePractice=true', { headers: auth })).json();
    expect(after).toHaveLength(before.length);
  });

  it('serves every published number and rank of every page through v4 scores', async () => {
    const differences: string[] = [];
    for (const page of pages) {
      const body: any = await (await api.fetch(`/competitions/${page.competitionId}/scores`, { headers: auth })).json();
      const sections: ApiSection[] = body.data;
      expect(sections.length, page.name).toBe(page.recap.sections.length);
      differences.push(...servedDifferences(page.name, page.recap, sections));
    }
    expect(differences).toEqual([]);
  });

  it('prints every published total and rank through v2 performances, a group that did not perform included', async () => {
    const differences: string[] = [];
    for (const page of pages) {
      const records = (await (
        await api.fetch(`/2018-03/performances?c=${page.guid}`, { headers: auth })
      ).json()) as V2PerformanceRecord[];
      differences.push(...v2Differences(page.name, page.recap, records));
    }
    expect(differences).toEqual([]);
  });

  it('keeps every stored number when the write path re-tabulates a round from its stored sheet (every rounding rule)', async () => {
    const db = api.services.database.db;
    const stored = async () =>
      (
        await db
          .select({
            id: performances.id,
            roundId: performances.roundId,
            divisionId: performances.divisionId,
            result: performances.result,
          })
          .from(performances)
      ).sort((a, b) => a.id - b.id);
    const before = await stored();
    const rounds = new Map(
      before.map((performance) => [`${performance.roundId}/${performance.divisionId}`, performance]),
    );
    const sheets = new Set<string>();
    for (const { roundId, divisionId } of rounds.values()) await retabulate(db, roundId, divisionId);
    for (const page of pages)
      for (const section of page.recap.sections) sheets.add(section.sheet.rounding ?? 'carry-rounded');
    expect([...sheets].sort()).toEqual(['carry-exact', 'carry-fractions', 'carry-rounded']);
    expect(await stored()).toEqual(before);
  });
});
