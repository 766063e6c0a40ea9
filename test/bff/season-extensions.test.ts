/**
 * Standings and group seasons at scale: on our own API the BFF reads its extensions (`/standings/`,
 * `/groups/{id}/performances`) instead of one v2 record per competition of the season, and what it shows equals
 * what the same BFF derives from v2 on the hosted service's operations alone. One database serves both: the fake
 * hosted upstream (server/fake-hosted, which answers the extensions 404) and our API over HTTPS on the fake's own
 * services. The data is the sample circuit (circuit ids, practice events, rounds held back, groups that did not
 * perform) and every importable real recap fixture (four-digit totals, unscored rows, ties).
 */
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/api/app.js';
import { createApplication } from '../../server/api/auth/applications.js';
import { findOrganizationByGuid } from '../../server/api/db/repositories/organizations.js';
import { listenHttps, type RunningServer } from '../../server/api/http/listen.js';
import { loadTls } from '../../server/api/http/tls.js';
import { loadSample } from '../../server/api/sample/load-sample.js';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { publishedTotal } from '../../domain/standings.js';
import { importRecapPages, startFakeHosted, type FakeHosted } from '../../server/fake-hosted/fake-hosted.js';

interface Season {
  id: number;
  name: string;
}
interface Standings {
  data: {
    division: { name: string };
    entries: { group: { name: string; orgGroupIdentifier: string }; performances: number }[];
  }[];
}

let fake: FakeHosted;
let ours: RunningServer;
let tlsDir: string;
/** every read that reached our API, path and query */
const oursReads: string[] = [];
let onHosted: RunningBff;
let onOurs: RunningBff;

async function view(bff: RunningBff, target: string): Promise<any> {
  const response = await fetch(`${bff.url}/api/bff${target}`);
  expect(response.status, target).toBe(200);
  return response.json();
}

beforeAll(async () => {
  fake = await startFakeHosted({
    prepare: async (services, organization) => {
      await loadSample(services.database, organization.id);
      await importRecapPages()(services, organization);
    },
  });
  const { db } = fake.services.database;
  const organization = (await findOrganizationByGuid(db, fake.organization))!;
  const { application, clientSecret } = await createApplication(db, { orgId: organization.id, name: 'BFF on our API' });
  tlsDir = mkdtempSync(path.join(tmpdir(), 'extensions-tls-'));
  const tls = await loadTls({ dataDir: tlsDir });
  const app = createApp(fake.services);
  ours = await listenHttps(
    (request) => {
      const url = new URL(request.url);
      oursReads.push(`${url.pathname}${url.search}`);
      return app.fetch(request);
    },
    tls,
    { port: 0, host: '127.0.0.1' },
  );
  const bff = (apiBaseUrl: string, clientId: string, secret: string, apiCa: string) =>
    startBff(
      defineBffConfig({
        port: 0,
        apiBaseUrl,
        clientId,
        clientSecret: secret,
        apiCa,
        organization: fake.organization,
        staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
      }),
      { log: () => {} },
    );
  onHosted = await bff(fake.url, fake.clientId, fake.clientSecret, await readFile(fake.certPath, 'utf8'));
  onOurs = await bff(ours.url, application.clientId, clientSecret, tls.cert);
}, 300_000);

afterAll(async () => {
  await onOurs?.close();
  await onHosted?.close();
  await ours?.close();
  await fake?.stop();
  if (tlsDir) await rm(tlsDir, { recursive: true, force: true });
});

describe("a season's judges", () => {
  it('come from one read of our judges extension and equal those derived from the v2 records, season by season', async () => {
    const seasons = (await view(onOurs, '/seasons')).data as Season[];
    let judges = 0;
    for (const season of seasons) {
      const before = oursReads.length;
      const fromExtension = await view(onOurs, `/seasons/${season.id}/judges`);
      expect(
        oursReads.slice(before).filter((read) => read.startsWith('/judges/')),
        season.name,
      ).toEqual([`/judges/?seasonId=${season.id}`]);
      const derived = await view(onHosted, `/seasons/${season.id}/judges`);
      expect(fromExtension, season.name).toEqual(derived);
      judges += (derived as { data: unknown[] }).data.length;
    }
    expect(judges).toBeGreaterThan(20);
    const sample = (
      (await view(onOurs, `/seasons/${seasons[0].id}/judges`)) as {
        data: { name: string; firstName: string; lastName: string; competitions: number; captions: number }[];
      }
    ).data;
    for (const judge of sample) {
      expect(judge.name).toBe(`${judge.firstName} ${judge.lastName}`.trim());
      expect(judge.captions).toBeGreaterThanOrEqual(judge.competitions);
      expect(judge.competitions).toBeGreaterThan(0);
    }
  });
});

describe('the seasons a judge judged', () => {
  type Judges = { data: { name: string; competitions: number; captions: number }[] };
  type JudgeSeasons = {
    judge: { name: string };
    data: { season: Season; competitions: number; captions: number }[];
    newestSeasons: number | null;
  };

  it("come from one read of our extension, each the judge's entry in that season's judges, and equal those derived from v2 in the newest seasons", async () => {
    const seasons = (await view(onOurs, '/seasons')).data as Season[];
    const perSeason = new Map<number, Judges['data']>();
    for (const season of seasons)
      perSeason.set(season.id, ((await view(onHosted, `/seasons/${season.id}/judges`)) as Judges).data);
    // The judge who judged the most seasons, and of them the most captions.
    const names = [...new Set([...perSeason.values()].flat().map((judge) => judge.name))];
    const seasonsOf = (name: string) =>
      seasons.filter((season) => perSeason.get(season.id)!.some((judge) => judge.name === name));
    const name = names.sort((a, b) => seasonsOf(b).length - seasonsOf(a).length)[0];
    expect(seasonsOf(name).length).toBeGreaterThan(1);

    const before = oursReads.length;
    const fromExtension = (await view(onOurs, `/judge-seasons?name=${encodeURIComponent(name)}`)) as JudgeSeasons;
    expect(oursReads.slice(before).filter((read) => read.startsWith('/judges/'))).toEqual([
      `/judges/seasons/?${new URLSearchParams({ name }).toString()}`,
    ]);
    expect(fromExtension.newestSeasons).toBeNull();
    expect(fromExtension.data).toEqual(
      seasonsOf(name).map((season) => {
        const { competitions, captions } = perSeason.get(season.id)!.find((judge) => judge.name === name)!;
        return { season, competitions, captions };
      }),
    );

    const derived = (await view(onHosted, `/judge-seasons?name=${encodeURIComponent(name)}`)) as JudgeSeasons;
    expect(derived.newestSeasons).toBe(3);
    const newest = new Set(seasons.slice(0, 3).map((season) => season.id));
    expect(derived.data).toEqual(fromExtension.data.filter((entry) => newest.has(entry.season.id)));
    expect(((await view(onOurs, '/judge-seasons?name=Nobody%20Atall')) as JudgeSeasons).data).toEqual([]);
  });

  it('refuse a missing, empty or overlong name and an unknown parameter with a 400 that says which', async () => {
    for (const query of ['', '?name=', '?name=%20', `?name=${'a'.repeat(201)}`, '?name=A%20B&season=1']) {
      const response = await fetch(`${onOurs.url}/api/bff/judge-seasons${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await response.json()) as { detail: string }).detail, query).toMatch(/^(name|request): /);
    }
  });
});

describe('standings', () => {
  it('come from one read of our standings extension, not one per competition, and equal those derived from v2', async () => {
    const seasons = (await view(onOurs, '/seasons')).data as Season[];
    expect(seasons.length).toBeGreaterThan(5);
    let divisions = 0;
    for (const season of seasons) {
      const before = oursReads.length;
      const fromExtension = await view(onOurs, `/seasons/${season.id}/standings`);
      const reads = oursReads.slice(before).map((read) => read.split('?')[0]);
      expect(
        reads.filter((read) => read === '/standings/'),
        season.name,
      ).toEqual(['/standings/']);
      expect(
        reads.filter((read) => read.startsWith('/2018-03/performances')),
        season.name,
      ).toEqual([]);
      const derived = await view(onHosted, `/seasons/${season.id}/standings`);
      expect(fromExtension, season.name).toEqual(derived);
      divisions += (derived as Standings).data.length;
    }
    expect(divisions).toBeGreaterThan(20);
    // The hosted side did derive: it read the seasons' v2 records, and asked for the extension once, not per view.
    expect(fake.reads.some((read) => read.startsWith('/2018-03/performances'))).toBe(true);
    expect(fake.reads.filter((read) => read.startsWith('/standings/'))).toHaveLength(1);
  });

  it('rank the totals v2 prints: a four-digit total stands at three digits, rounded half up', () => {
    expect(publishedTotal(26.7375)).toBe(26.738);
    expect(publishedTotal(87.3)).toBe(87.3);
    expect(publishedTotal(0.0005)).toBe(0.001);
  });
});

describe("a group's season", () => {
  it('comes from the group performances extension and equals the one derived from v2, season by season', async () => {
    const seasons = (await view(onOurs, '/seasons')).data as Season[];
    let groups = 0;
    let atPractice = 0;
    for (const season of seasons) {
      const standings = (await view(onHosted, `/seasons/${season.id}/standings`)) as Standings;
      const entries = standings.data.flatMap((division) => division.entries);
      const divisionsOf = (name: string) => entries.filter((entry) => entry.group.name === name).length;
      // Every fifth group (some 2,000 in all), and every one ranked in two divisions (a school's varsity and JV).
      const asked = entries.filter((entry, index) => index % 5 === 0 || divisionsOf(entry.group.name) > 1);
      for (const { group } of asked) {
        const query = `?name=${encodeURIComponent(group.name)}&id=${encodeURIComponent(group.orgGroupIdentifier)}`;
        const before = oursReads.length;
        const fromExtension = await view(onOurs, `/seasons/${season.id}/group${query}`);
        expect(oursReads.slice(before).filter((read) => read.startsWith('/2018-03/performances'))).toEqual([]);
        expect(fromExtension, `${season.name}: ${group.name}`).toEqual(
          await view(onHosted, `/seasons/${season.id}/group${query}`),
        );
        atPractice += (fromExtension.data as { practice: boolean }[]).filter(
          (performance) => performance.practice,
        ).length;
        groups++;
      }
    }
    expect(groups).toBeGreaterThan(300);
    // the sample circuit's practice clinic, marked alike on both paths (the group page keeps it out of the trend)
    expect(atPractice).toBeGreaterThan(0);
  });

  it('is the same by name alone, for a renamed link, for a group without released results and for an unknown group', async () => {
    const seasons = (await view(onOurs, '/seasons')).data as Season[];
    const current = seasons[0];
    const standings = (await view(onHosted, `/seasons/${current.id}/standings`)) as Standings;
    const busiest = standings.data
      .flatMap((division) => division.entries)
      .sort((a, b) => b.performances - a.performances)[0].group;
    // Groups of the season's list with nothing released (the sample's future competition).
    const listed = (await (await fake.inner(`/groups/?seasonId=${current.id}&limit=500`)).json()) as {
      data: { name: string; circuitId: string }[];
    };
    const ranked = new Set(
      standings.data.flatMap((division) => division.entries.map((entry) => entry.group.orgGroupIdentifier)),
    );
    const unranked = listed.data.find((group) => !ranked.has(group.circuitId));
    expect(unranked, 'a group of the season without a released result').toBeDefined();
    const asks = [
      `?name=${encodeURIComponent(busiest.name)}`,
      `?name=${encodeURIComponent(`${busiest.name} (old name)`)}&id=${encodeURIComponent(busiest.orgGroupIdentifier)}`,
      `?name=${encodeURIComponent(unranked!.name)}&id=${encodeURIComponent(unranked!.circuitId)}`,
      '?name=Nobody%20At%20All&id=99999999',
      '?name=Nobody%20At%20All',
    ];
    for (const ask of asks) {
      const fromExtension = await view(onOurs, `/seasons/${current.id}/group${ask}`);
      expect(fromExtension, ask).toEqual(await view(onHosted, `/seasons/${current.id}/group${ask}`));
    }
  });
});
