/**
 * Decision 027: an imported recap page's guid is its competition's guid (v4 `guid`, v2
 * `CompetitionGuid`); guids are unique per organization, so the same page imports into two organizations, each
 * token reads its own copy, and an anonymous `c=` reads the oldest open organization's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { listRecapFixtures, readRecapFixture } from '../fixtures/recaps/load.js';
import { REFUSED_RECAP_PAGES } from '../fixtures/recaps/refused.js';
import { loadRecaps, pageIdOf } from '../../server/api/recap-import/load-recap.js';
import { RecapImportError } from '../../server/api/recap-import/errors.js';
import { setProgrammaticAccess, type Organization } from '../../server/api/db/repositories/organizations.js';
import { unreleaseScores } from '../../server/api/db/repositories/competitions.write.js';

let api: TestApi;
const page = listRecapFixtures().find((name) => !REFUSED_RECAP_PAGES.has(name))!;
const guid = pageIdOf(page);
const orgs: { org: Organization; competitionId: number; auth: Record<string, string> }[] = [];

const read = async (path: string, headers: Record<string, string> = {}) => {
  const response = await api.fetch(path, { headers });
  return { status: response.status, body: (await response.json()) as any };
};

beforeAll(async () => {
  api = await startTestApi();
  for (const name of ['First circuit', 'Second circuit']) {
    const org = await api.createOrg(name);
    const [loaded] = await loadRecaps(
      api.services.database.db,
      org.id,
      [{ name: page, html: readRecapFixture(page) }],
      { date: '2015-01-01' },
    );
    const key = await api.createKey(org.guid);
    orgs.push({
      org,
      competitionId: loaded.competitionId,
      auth: { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` },
    });
  }
}, 60_000);
afterAll(() => api?.stop());

describe('published guids', () => {
  it("gives the imported competition its page's guid, in v4 and v2, in both organizations", async () => {
    for (const { competitionId, auth } of orgs) {
      const event = await read(`/competitions/${competitionId}/scores`, auth);
      expect(event.body.competition.guid).toBe(guid);
      const [listed] = (await read('/2018-03/competitions?includePractice=true', auth)).body;
      expect(listed).toMatchObject({ CompetitionGuid: guid, OrgCompetitionID: guid });
      const performances = await read(`/2018-03/performances?c=${guid}`, auth);
      expect(performances.status).toBe(200);
      expect(performances.body.length).toBeGreaterThan(0);
    }
  });

  it('keeps organizations apart: each token reads its own copy of the page', async () => {
    await unreleaseScores(api.services.database.db, orgs[0].org.id, { competitionId: orgs[0].competitionId });
    expect((await read(`/2018-03/performances?c=${guid}`, orgs[0].auth)).body).toEqual([]);
    expect((await read(`/2018-03/performances?c=${guid}`, orgs[1].auth)).body.length).toBeGreaterThan(0);
  });

  it('without a token, c= answers from the oldest open organization holding the guid', async () => {
    expect((await read(`/2018-03/performances?c=${guid}`)).body).toEqual([]);
    await setProgrammaticAccess(api.services.database.db, orgs[1].org.id, true);
    const second = await read(`/2018-03/performances?c=${guid}`);
    expect(second.body).toEqual((await read(`/2018-03/performances?c=${guid}`, orgs[1].auth)).body);
    expect(second.body.length).toBeGreaterThan(0);
    await setProgrammaticAccess(api.services.database.db, orgs[0].org.id, true);
    // both open: the first organization's copy (withdrawn, so no records)
    expect((await read(`/2018-03/performances?c=${guid}`)).body).toEqual([]);
  });

  it('refuses the same page twice in one organization', async () => {
    await expect(
      loadRecaps(api.services.database.db, orgs[1].org.id, [{ name: page, html: readRecapFixture(page) }], {
        date: '2015-01-01',
      }),
    ).rejects.toThrow(RecapImportError);
  });
});
