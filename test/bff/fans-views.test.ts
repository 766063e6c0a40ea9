/**
 * The views of the fans' features on both upstreams: the search index (groups, events, competitions and judges of
 * every season) and a followed group's summary (latest scored performance, next scheduled one). One
 * database, the sample circuit, serves the fake hosted upstream (known operations only) and our API over HTTPS.
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
import { startFakeHosted, type FakeHosted } from '../../server/fake-hosted/fake-hosted.js';
import type { SearchIndexView as SearchIndex } from '../../server/bff/views/view-schemas.js';

let fake: FakeHosted;
let ours: RunningServer;
let tlsDir: string;
let onHosted: RunningBff;
let onOurs: RunningBff;

async function get(bff: RunningBff, target: string) {
  const response = await fetch(`${bff.url}/api/bff${target}`);
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  fake = await startFakeHosted({
    prepare: async (services, organization) => {
      await loadSample(services.database, organization.id);
    },
  });
  const { db } = fake.services.database;
  const organization = (await findOrganizationByGuid(db, fake.organization))!;
  const { application, clientSecret } = await createApplication(db, { orgId: organization.id, name: 'BFF on our API' });
  tlsDir = mkdtempSync(path.join(tmpdir(), 'fans-views-tls-'));
  const tls = await loadTls({ dataDir: tlsDir });
  const app = createApp(fake.services);
  ours = await listenHttps((request) => app.fetch(request), tls, { port: 0, host: '127.0.0.1' });
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
}, 120_000);

afterAll(async () => {
  await onOurs?.close();
  await onHosted?.close();
  await ours?.close();
  await fake?.stop();
  if (tlsDir) await rm(tlsDir, { recursive: true, force: true });
});

describe('the search index', () => {
  it('holds every season’s groups, events, competitions and chief judges, the same on both upstreams', async () => {
    const hosted = await get(onHosted, '/search-index');
    const mine = await get(onOurs, '/search-index');
    expect(hosted.status).toBe(200);
    expect({ ...mine.body, judges: [] }).toEqual({ ...hosted.body, judges: [] });
    // Our API adds every caption judge (its judges extension); the hosted service's chief judges are there too.
    const names = (body: unknown) => (body as SearchIndex).judges.map((judge) => judge.name);
    expect(names(mine.body)).toEqual(expect.arrayContaining(names(hosted.body)));
    expect(names(mine.body).length).toBeGreaterThan(names(hosted.body).length);
    const index = hosted.body as SearchIndex;
    const seasons = (await get(onHosted, '/seasons')).body.data as { id: number; name: string }[];
    // Every season's group list is in it, one entry per group identity.
    const identities = new Set(index.groups.map((group) => `${group.orgGroupIdentifier}|${group.name}`));
    expect(identities.size).toBe(index.groups.length);
    // Each names its division, so the same name in the same town (a school's guard and its percussion) reads apart.
    expect(index.groups.every((group) => group.division !== '')).toBe(true);
    // And its kind, which the search finds it by ("winterguard", "drumline") and shows beside its name.
    expect(index.groups.every((group) => group.kind !== '')).toBe(true);
    expect([...new Set(index.groups.map((group) => group.kind))]).toEqual(
      expect.arrayContaining(['Color Guard', 'Percussion']),
    );
    const seen = new Set(
      index.groups.map((group) => [group.name, group.location, group.season, group.division].join('|')),
    );
    expect(seen.size).toBe(index.groups.length);
    for (const season of seasons) {
      const calendar = (await get(onHosted, `/seasons/${season.id}/calendar`)).body.data as {
        competition: { guid: string };
      }[];
      for (const { competition } of calendar) expect(index.competitions.map((c) => c.guid)).toContain(competition.guid);
    }
    expect(index.groups.length).toBeGreaterThan(100);
    expect(index.events.length).toBeGreaterThan(10);
    expect(index.judges.length).toBeGreaterThan(0);
    expect(index.judges.every((judge) => judge.name.trim() === judge.name && judge.name !== '')).toBe(true);
  });

  it('on our API, finds every caption judge of every season, not only the chief judges', async () => {
    const index = (await get(onOurs, '/search-index')).body as SearchIndex;
    const seasons = (await get(onOurs, '/seasons')).body.data as { id: number }[];
    const indexed = new Set(index.judges.map((judge) => judge.name));
    let judged = 0;
    for (const season of seasons) {
      const judges = (await get(onOurs, `/seasons/${season.id}/judges`)).body.data as { name: string }[];
      for (const judge of judges) expect(indexed, judge.name).toContain(judge.name);
      judged += judges.length;
    }
    expect(judged).toBeGreaterThan(0);
  });
});

describe("a followed group's summary", () => {
  it('gives the latest scored performance on both upstreams, and the next scheduled one where the upstream tells it', async () => {
    const seasons = (await get(onOurs, '/seasons')).body.data as { id: number; current: boolean }[];
    const current = seasons.find((season) => season.current)!;
    // A group of the sample's future competition: scheduled there, scored before.
    const listed = (await (await fake.inner(`/groups/?seasonId=${current.id}&limit=500`)).json()) as {
      data: { id: number; name: string; circuitId: string }[];
    };
    let checked = 0;
    for (const group of listed.data.slice(0, 40)) {
      const query = `?name=${encodeURIComponent(group.name)}&id=${encodeURIComponent(group.circuitId)}`;
      const mine = await get(onOurs, `/group-summary${query}`);
      const hosted = await get(onHosted, `/group-summary${query}`);
      expect(mine.status).toBe(200);
      expect(hosted.body.latest, group.name).toEqual(mine.body.latest);
      expect(hosted.body).toMatchObject({ scheduleKnown: false, next: null });
      expect(mine.body.scheduleKnown).toBe(true);
      if (mine.body.latest) {
        expect(mine.body.latest.total.score).toBeGreaterThan(0);
        checked++;
      }
      if (mine.body.next)
        expect(mine.body.next.competition.date.slice(0, 10) >= new Date().toISOString().slice(0, 10)).toBe(true);
    }
    expect(checked).toBeGreaterThan(10);
    const withNext = await Promise.all(
      listed.data.map(
        async (group) =>
          (
            await get(
              onOurs,
              `/group-summary?name=${encodeURIComponent(group.name)}&id=${encodeURIComponent(group.circuitId)}`,
            )
          ).body.next,
      ),
    );
    expect(withNext.filter(Boolean).length, 'groups of the future competition have a next performance').toBeGreaterThan(
      0,
    );
  });

  it('answers an unknown group with nothing known, and a request without a name with a 400 that says why', async () => {
    const unknown = await get(onOurs, '/group-summary?name=Nobody%20At%20All&id=99999999');
    expect(unknown).toEqual({
      status: 200,
      body: {
        group: { name: 'Nobody At All', orgGroupIdentifier: '99999999', location: null },
        latest: null,
        scheduleKnown: true,
        next: null,
      },
    });
    const missing = await get(onHosted, '/group-summary');
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/name/);
    const tooLong = await get(onHosted, `/group-summary?name=${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
  });
});
