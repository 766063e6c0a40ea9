import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { loadRecapFixtures } from '../fixtures/recaps/load.js';
import { REFUSED_RECAP_PAGES } from '../fixtures/recaps/refused.js';
import { importRecapHtml, type ImportedRecap, type PublishedRanked } from '../../server/api/recap-import/to-import.js';
import { RecapImportError } from '../../server/api/recap-import/errors.js';
import { checkRecap, loadRecaps } from '../../server/api/recap-import/load-recap.js';
import { parseMicros, toMicros } from '../../server/api/tabulation/decimal.js';
import { formatScore } from '../../domain/scores.js';
import { performances } from '../../server/api/db/schema.js';
import { retabulate } from '../../server/api/db/repositories/retabulate.js';

/**
 * The real published recaps through the whole service: imported into an organization, tabulated on write, read back
 * over HTTPS. Every subcaption, caption, category, subtotal and total and every rank that the v4 scores operation
 * serves must equal the page's, and the v2 totals and ranks must print the page's numbers; a group that did not
 * perform is served as not performed, ranked as the page ranks it (last, shared).
 */

interface Ranked {
  score: number;
  rank: number | null;
}
interface ApiPerformance {
  group: { name: string };
  performed: boolean;
  total: Ranked;
  subtotal: Ranked;
  penalty: number;
  categories: (Ranked & {
    key: string;
    captions: (Ranked & { key: string; subcaptions: (Ranked & { key: string })[] })[];
  })[];
}
interface ApiSection {
  division: { name: string };
  round: { number: number; name: string };
  performances: ApiPerformance[];
}

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
      page.recap.sections.forEach((section, s) => {
        const served = sections.find(
          (candidate) =>
            candidate.division.name === section.divisionName && candidate.round.number === section.roundNumber,
        );
        if (!served) return void differences.push(`${page.name} section ${s}: not served`);
        for (const performance of section.performances) {
          const where = `${page.name} ${section.divisionName} r${section.roundNumber} "${performance.groupName}"`;
          const match = served.performances.find((candidate) => candidate.group.name === performance.groupName);
          if (!match) {
            differences.push(`${where}: not served`);
            continue;
          }
          const compare = (what: string, got: Ranked, published: PublishedRanked | null) => {
            if (!published) return;
            if (published.score !== null && toMicros(got.score) !== parseMicros(String(published.score))) {
              differences.push(`${where} ${what}: ${got.score} != ${published.score}`);
            }
            // a printed rank of 0 is no rank (2014 pages print 0 under every Sub Total)
            if (published.rank && got.rank !== published.rank)
              differences.push(`${where} ${what} rank: ${got.rank} != ${published.rank}`);
          };
          if (!performance.performed) {
            if (match.performed) differences.push(`${where}: unscored group served as scored`);
            compare('subtotal', match.subtotal, performance.published.subtotal);
            compare('total', match.total, performance.published.total);
            continue;
          }
          match.categories.forEach((category, c) => {
            const printed = performance.published.categories[c];
            compare(`category ${category.key}`, category, printed);
            category.captions.forEach((caption, k) => {
              compare(`caption ${caption.key}`, caption, printed.captions[k]);
              caption.subcaptions.forEach((sub, i) =>
                compare(`${caption.key}.${sub.key}`, sub, printed.captions[k].subcaptions[i]),
              );
            });
          });
          compare('subtotal', match.subtotal, performance.published.subtotal);
          compare('total', match.total, performance.published.total);
          if (toMicros(match.penalty) !== toMicros(performance.published.penalty))
            differences.push(`${where} penalty ${match.penalty}`);
        }
      });
    }
    expect(differences).toEqual([]);
  });

  it('prints every published total and rank through v2 performances, a group that did not perform included', async () => {
    const differences: string[] = [];
    for (const page of pages) {
      const records = (await (await api.fetch(`/2018-03/performances?c=${page.guid}`, { headers: auth })).json()) as {
        DivisionName: string;
        Round: string;
        GroupName: string;
        TotalScore: string;
        Rank: number;
        Performed: boolean;
      }[];
      for (const section of page.recap.sections) {
        for (const performance of section.performances) {
          const record = records.find(
            (r) =>
              r.DivisionName === section.divisionName &&
              r.Round === String(section.roundNumber) &&
              r.GroupName === performance.groupName,
          );
          const published = performance.published.total;
          if (!record) differences.push(`${page.name} "${performance.groupName}": missing`);
          else if (record.Performed !== performance.performed)
            differences.push(`${page.name} "${performance.groupName}": Performed ${record.Performed}`);
          else if (
            record.TotalScore !== formatScore(published.score ?? 0, 'total') ||
            (published.rank && record.Rank !== published.rank)
          ) {
            differences.push(
              `${page.name} "${performance.groupName}": ${record.TotalScore}/${record.Rank} != ${published.score}/${published.rank}`,
            );
          }
        }
      }
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
