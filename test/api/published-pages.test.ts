import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { startApiWithSmallCircuit, BRAVO_PENALTY } from '../helpers/small-circuit.js';
import { scrapeScheduleRows } from '../helpers/schedule-scraper.js';
import { RecapImportError } from '../../server/api/recap-import/errors.js';
import { checkRecap, loadRecaps } from '../../server/api/recap-import/load-recap.js';
import { loadRecapFixtures } from '../fixtures/recaps/load.js';

/**
 * The published pages over the real HTTPS server: a competition's recap, category recap and schedules as public
 * HTML at the addresses its records give, without a token; only released rounds on a recap; every text escaped;
 * cached with ETags; bad addresses refused with a sentence.
 */

let api: TestApi;
let circuit: Awaited<ReturnType<typeof startApiWithSmallCircuit>>['circuit'];
let auth: Record<string, string>;
let competition: { guid: string; recapUrl: string; standardScheduleUrl: string; logisticalScheduleUrl: string };
let v2: { RecapUrl: string; CategoryRecapUrl: string };

/** A public page: no Authorization header. */
const page = (url: string, headers: Record<string, string> = {}) =>
  api.fetch(new URL(url, api.url).pathname, { headers });

beforeAll(async () => {
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  const event: any = await (await api.fetch(`/events/${circuit.event.id}`, { headers: auth })).json();
  competition = event.competitions[0];
  const records: any = await (await api.fetch('/2018-03/competitions', { headers: auth })).json();
  v2 = records.find((record: { CompetitionGuid: string }) => record.CompetitionGuid === competition.guid);
}, 120_000);
afterAll(() => api?.stop());

const release = (released: boolean) =>
  api.fetch(`/competitions/${circuit.competition.id}/release`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ round: 1, released }),
  });

describe('the recap page', () => {
  it('is public HTML at v4 recapUrl and v2 RecapUrl, holding the released round only, which our importer reads back', async () => {
    expect(v2.RecapUrl).toBe(competition.recapUrl);
    const response = await page(competition.recapUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    const recap = checkRecap({ name: `${competition.guid}.htm`, html }).recap;
    expect(recap.title).toBe('Winter Kickoff');
    expect(recap.chiefJudge).toBe('Pat Chief');
    expect(recap.sections.map((section) => [section.divisionName, section.roundName])).toEqual([
      ['Scholastic A', 'Finals'],
    ]);
    const scores: any = await (
      await api.fetch(`/competitions/${circuit.competition.id}/scores`, { headers: auth })
    ).json();
    const served = scores.data[0].performances as {
      group: { name: string };
      total: { score: number; rank: number };
      penalty: number;
    }[];
    expect(
      recap.sections[0].performances.map((performance) => [
        performance.groupName,
        performance.published.total.score,
        performance.published.total.rank,
      ]),
    ).toEqual(served.map((performance) => [performance.group.name, performance.total.score, performance.total.rank]));
    expect(recap.sections[0].performances.find((performance) => performance.groupName === 'Bravo HS')!.penalty).toBe(
      BRAVO_PENALTY,
    );
    expect(recap.sections[0].judges.map((judge) => `${judge.firstName} ${judge.lastName}`)).toEqual([
      'Ann Equip',
      'Max Move',
      'Dee Design',
      'Gil Effect',
      'Gia Effect',
    ]);
  });

  it('says the recap is not available, with no numbers, until a round is released', async () => {
    expect((await release(false)).status).toBe(200);
    try {
      for (const url of [competition.recapUrl, v2.CategoryRecapUrl]) {
        const html = await (await page(url)).text();
        expect(html).toContain('not available');
        expect(html).not.toMatch(/class='content score'/);
        expect(() => checkRecap({ name: `${competition.guid}.htm`, html })).toThrow(RecapImportError);
      }
    } finally {
      expect((await release(true)).status).toBe(200);
    }
    expect(await (await page(competition.recapUrl)).text()).not.toContain('not available');
  });

  it('has a category recap with each category, Sub Total and Total over their ranks', async () => {
    const html = await (await page(v2.CategoryRecapUrl)).text();
    const scores: any = await (
      await api.fetch(`/competitions/${circuit.competition.id}/scores`, { headers: auth })
    ).json();
    for (const name of scores.data[0].sheet.categories.map((category: { name: string }) => category.name))
      expect(html).toContain(`>${name}<`);
    const alpha = scores.data[0].performances.find(
      (performance: { group: { name: string } }) => performance.group.name === 'Alpha HS',
    );
    expect(html).toContain(
      `<td class='content score' data-translate-number='${alpha.total.score.toFixed(3)}'>${alpha.total.score.toFixed(3)}</td></tr><tr><td class='content rank'>${alpha.total.rank}</td>`,
    );
  });

  it('changes with the data: an ETag, 304 while nothing changed, a new page after a write', async () => {
    const first = await page(competition.recapUrl);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect((await page(competition.recapUrl, { 'if-none-match': etag })).status).toBe(304);
    const renamed = await api.fetch(`/groups/${circuit.groups['Alpha HS'].id}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Alpha High School' }),
    });
    expect(renamed.status).toBe(200);
    const after = await page(competition.recapUrl, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('Alpha High School');
  });
});

describe('the schedule page', () => {
  it('lists every performance as a schedule row with its group and division initials, in the API schedule order', async () => {
    const schedule: any = await (
      await api.fetch(`/competitions/${circuit.competition.id}/schedule`, { headers: auth })
    ).json();
    const expected = schedule.data.map((entry: { group: { name: string }; division: { initials: string } }) => ({
      name: entry.group.name,
      initials: entry.division.initials,
    }));
    expect(expected.length).toBeGreaterThan(3);
    for (const url of [competition.standardScheduleUrl, competition.logisticalScheduleUrl]) {
      const response = await page(url);
      expect(response.status).toBe(200);
      expect(scrapeScheduleRows(await response.text())).toEqual(expected);
    }
    const html = await (await page(competition.standardScheduleUrl)).text();
    expect(html).toContain(`<time datetime='${schedule.data[0].time}'>`);
  });
});

describe('text from the data', () => {
  it('is escaped on every page: a group named like markup shows as text and no script runs', async () => {
    const name = `<script>alert("x")</script> & 'Bravo'`;
    const renamed = await api.fetch(`/groups/${circuit.groups['Bravo HS'].id}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(renamed.status).toBe(200);
    for (const url of [
      competition.recapUrl,
      v2.CategoryRecapUrl,
      competition.standardScheduleUrl,
      competition.logisticalScheduleUrl,
    ]) {
      const html = await (await page(url)).text();
      expect(html, url).not.toMatch(/<script/i);
      expect(html, url).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bravo&#39;');
    }
    expect(
      scrapeScheduleRows(await (await page(competition.standardScheduleUrl)).text()).map((row) => row.name),
    ).toContain(name);
    const recap = checkRecap({
      name: `${competition.guid}.htm`,
      html: await (await page(competition.recapUrl)).text(),
    }).recap;
    expect(recap.sections[0].performances.map((performance) => performance.groupName)).toContain(name);
  });
});

describe('page addresses', () => {
  it("tell apart two organizations that imported the same published page (its guid may then be both competitions')", async () => {
    const fixture = loadRecapFixtures().find((candidate) => candidate.name.startsWith('00b8b635'))!;
    const pages: { name: string; url: string }[] = [];
    for (const name of ['North Circuit', 'South Circuit']) {
      const org = await api.createOrg(name);
      await loadRecaps(api.services.database.db, org.id, [fixture]);
      const key = await api.createKey(org.guid);
      const records: any = await (
        await api.fetch('/2018-03/competitions', {
          headers: { authorization: `Bearer ${await api.token(key.clientId, key.clientSecret)}` },
        })
      ).json();
      pages.push({ name, url: records[0].RecapUrl });
    }
    expect(pages[0].url).not.toBe(pages[1].url);
    const [north, south] = await Promise.all(pages.map(async ({ url }) => (await page(url)).text()));
    expect(north).toContain('North Circuit');
    expect(north).not.toContain('South Circuit');
    expect(south).toContain('South Circuit');
    expect(checkRecap({ name: fixture.name, html: north }).recap.sections).toHaveLength(1);
  });

  it("are the organization's: another organization's guid, an unknown one or a malformed one never shows the page", async () => {
    const other = await api.createOrg('Another circuit');
    const recapPath = new URL(competition.recapUrl).pathname;
    const elsewhere = await api.fetch(recapPath.replace(circuit.org.guid, other.guid));
    expect(elsewhere.status).toBe(404);
    expect(((await elsewhere.json()) as { detail: string }).detail).toBe(
      `Competition ${competition.guid} of organization ${other.guid} was not found`,
    );
    const unknown = await api.fetch(recapPath.replace(circuit.org.guid, '00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    const malformed = await api.fetch(recapPath.replace(circuit.org.guid, 'not-a-guid'));
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { errors: { message: string }[] }).errors[0]).toMatchObject({
      name: 'organizationGuid',
      in: 'path',
    });
    const badName = await api.fetch(recapPath.replace('.htm', '.json'));
    expect(badName.status).toBe(400);
    expect(((await badName.json()) as { errors: { message: string }[] }).errors[0].message).toBe(
      'expected <competition guid>.htm or <competition guid>_categories.htm',
    );
    // the hosted service's links have been seen in upper case
    expect(
      (
        await api.fetch(
          recapPath
            .toUpperCase()
            .replace('/PUBLISHED/', '/published/')
            .replace('/RECAPS/', '/recaps/')
            .replace('.HTM', '.htm'),
        )
      ).status,
    ).toBe(200);
    const badSchedule = await api.fetch(
      new URL(competition.standardScheduleUrl).pathname.replace('_standard', '_weekly'),
    );
    expect(badSchedule.status).toBe(400);
  });
});

describe('callers of the pages', () => {
  it('are limited per address, as anonymous v2 callers are, each address on its own', async () => {
    const limited = await startTestApi({ env: { ANONYMOUS_RATE_LIMIT_REQUESTS: '3' } });
    try {
      const org = await limited.createOrg('Limited circuit');
      const address = `/published/${org.guid}/recaps/00000000-0000-4000-8000-000000000000.htm`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await limited.fetch(address, { localAddress: '127.0.0.2' })).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const refused = await limited.fetch(address, { localAddress: '127.0.0.2' });
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await limited.fetch(address, { localAddress: '127.0.0.3' })).status).toBe(404);
    } finally {
      await limited.stop();
    }
  });
});
