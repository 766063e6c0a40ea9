import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { loadRecapFixtures } from '../fixtures/recaps/load.js';
import { REFUSED_RECAP_PAGES } from '../fixtures/recaps/refused.js';
import { checkRecap, loadRecaps, writeRecaps, type CheckedRecap } from '../../server/api/recap-import/load-recap.js';
import { printedDifferences, type ServedSection } from '../helpers/recap-comparison.js';

/**
 * The published recap pages' round trip: every importable real recap fixture is imported into one organization,
 * its recap page is read over HTTPS without a token at the address its v2 record gives (`RecapUrl`), and our own
 * importer reads that page back into a second organization. Both organizations must then serve the same
 * competition: every division and round, sheet (captions, judges, weights, combine rules), group, number and rank.
 */

interface Competition {
  OrgCompetitionID: string;
  CompetitionGuid: string;
  RecapUrl: string;
  CategoryRecapUrl: string;
}

let api: TestApi;
const original = { auth: {} as Record<string, string>, byPage: new Map<string, Competition>() };
const reread = { auth: {} as Record<string, string>, orgId: 0 };
const importable = loadRecapFixtures().filter((fixture) => !REFUSED_RECAP_PAGES.has(fixture.name));

async function bearer(orgGuid: string) {
  const key = await api.createKey(orgGuid);
  return { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` };
}

async function competitionsOf(auth: Record<string, string>): Promise<Competition[]> {
  return (await api.fetch('/2018-03/competitions?includePractice=true', { headers: auth })).json() as Promise<
    Competition[]
  >;
}

beforeAll(async () => {
  api = await startTestApi();
  const first = await api.createOrg('Published circuit');
  await loadRecaps(api.services.database.db, first.id, importable, { date: '2015-01-01' });
  original.auth = await bearer(first.guid);
  for (const competition of await competitionsOf(original.auth))
    original.byPage.set(`${competition.OrgCompetitionID}.htm`, competition);
  const second = await api.createOrg('Circuit reading the published pages');
  reread.orgId = second.id;
  reread.auth = await bearer(second.guid);
}, 600_000);
afterAll(() => api?.stop());

/**
 * A competition's scores without what differs between two organizations: ids, and the order of sections, which
 * follows each organization's division order (divisions are numbered as imports first meet them).
 */
async function scoresWithoutIds(auth: Record<string, string>, competitionId: number) {
  const body: any = await (await api.fetch(`/competitions/${competitionId}/scores`, { headers: auth })).json();
  const sections: ServedSection[] = JSON.parse(JSON.stringify(body.data), (key, value) =>
    ['id', 'performanceId'].includes(key) ? undefined : value,
  );
  const order = (section: (typeof sections)[number]) => `${section.round.number}|${section.division.name}`;
  return sections.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

describe('published recap pages', () => {
  it('read back by our importer give every page the same numbers and ranks', async () => {
    expect(original.byPage.size).toBe(importable.length);
    const served: CheckedRecap[] = [];
    const refusals: string[] = [];
    for (const fixture of importable) {
      const competition = original.byPage.get(fixture.name)!;
      const response = await api.fetch(new URL(competition.RecapUrl).pathname);
      expect(response.status, fixture.name).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      try {
        // the served page's file name is the competition's guid, as a published page's is
        served.push(
          checkRecap({ name: new URL(competition.RecapUrl).pathname.split('/').pop()!, html: await response.text() }),
        );
      } catch (error) {
        refusals.push(`${fixture.name}: ${(error as Error).message}`);
      }
    }
    expect(refusals).toEqual([]);
    // what the page prints, as the importer read it: every number and rank the API serves, nothing left blank
    const eventsOriginal = await eventIndex(original.auth);
    const unprinted: string[] = [];
    for (const page of served) {
      const guid = page.pageId;
      unprinted.push(...printedDifferences(page, await scoresWithoutIds(original.auth, eventsOriginal.get(guid)!)));
    }
    expect(unprinted).toEqual([]);
    await writeRecaps(api.services.database.db, reread.orgId, served);

    const rereadByPage = new Map(
      (await competitionsOf(reread.auth)).map((competition) => [competition.OrgCompetitionID, competition]),
    );
    const eventsReread = await eventIndex(reread.auth);
    const differences: string[] = [];
    for (const fixture of importable) {
      const first = original.byPage.get(fixture.name)!;
      const again = rereadByPage.get(first.CompetitionGuid);
      if (!again) {
        differences.push(`${fixture.name}: not imported from its served page`);
        continue;
      }
      const [a, b] = await Promise.all([
        scoresWithoutIds(original.auth, eventsOriginal.get(first.CompetitionGuid)!),
        scoresWithoutIds(reread.auth, eventsReread.get(again.CompetitionGuid)!),
      ]);
      if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(`${fixture.name}: ${firstDifference(a, b)}`);
    }
    expect(differences).toEqual([]);
    // every page is read, imported again and compared: about two minutes on a busy two-core machine
  }, 600_000);
});

/** competition guid -> id, from every event's detail (one read per event). */
async function eventIndex(auth: Record<string, string>): Promise<Map<string, number>> {
  const index = new Map<string, number>();
  const events = ((await (await api.fetch('/events/?limit=500', { headers: auth })).json()) as { data: unknown })
    .data as { id: number }[];
  for (const event of events) {
    const detail: any = await (await api.fetch(`/events/${event.id}`, { headers: auth })).json();
    for (const competition of detail.competitions as { id: number; guid: string }[])
      index.set(competition.guid, competition.id);
  }
  return index;
}

function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return `${path}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const left = (a as Record<string, unknown>)[key];
    const right = (b as Record<string, unknown>)[key];
    if (JSON.stringify(left) !== JSON.stringify(right)) return firstDifference(left, right, `${path}.${key}`);
  }
  return `${path}: equal`;
}
