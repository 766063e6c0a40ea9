/**
 * The BFF's own views on the fake hosted upstream (server/fake-hosted: our API inside, answering only the operations
 * the hosted service is known to serve, in its shapes). The data is the sample circuit (groups with circuit ids,
 * practice events, rounds held back) and two real recap pages; every view is compared with what our API inside the
 * fake says through its own designed operations, which the views never read.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { FRESH_MS } from '../../server/bff/views/reads/season-results.js';
import { loadSample } from '../../server/api/sample/load-sample.js';
import { startRelay } from '../../e2e/support/processes.js';
import { z } from 'zod';
import {
  HostedCompetitionRecord,
  HostedEventCompetition,
  HostedEventDetail,
  HostedEventListItem,
  HostedGroup,
  HostedPerformanceRecord,
  HostedSeason,
} from '../../domain/hosted-records.js';
import { importRecapPages, startFakeHosted, type FakeHosted } from '../../server/fake-hosted/fake-hosted.js';
import {
  eventDetail,
  eventListItem,
  groupItem,
  seasonItem,
  v2Competition,
  v2Performance,
} from '../../server/fake-hosted/reshape.js';
import { httpsFetch, startTestApi, type TestApi } from '../helpers/api-server.js';
import { scrapeScheduleRows } from '../helpers/schedule-scraper.js';
import { checkRecap } from '../../server/api/recap-import/load-recap.js';
import { testClock } from './fake-upstream.js';

const PAGES = ['2f02254a-9156-4c56-a0ad-fe4f997a6190.htm', '84b9096d-e6be-4ad7-905b-cbf4104b7491.htm'];

let fake: FakeHosted;
let relay: Awaited<ReturnType<typeof startRelay>>;
let bff: RunningBff;
const clock = testClock(Date.now());

async function inner<T>(pathAndQuery: string): Promise<T> {
  const response = await fake.inner(pathAndQuery);
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as T;
}

/** The bytes as they cross the socket (fetch would decode them), asking for gzip as a phone's browser does. */
function wireBytes(url: string): Promise<{ bytes: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ bytes: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function view(target: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${bff.url}/api/bff${target}`, { headers });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), text, json: () => JSON.parse(text) };
}

interface Season {
  id: number;
  name: string;
  year: number;
  current: boolean;
}

beforeAll(async () => {
  fake = await startFakeHosted({
    prepare: async (services, organization) => {
      await loadSample(services.database, organization.id);
      await importRecapPages(PAGES)(services, organization);
    },
  });
  // The BFF reaches the fake through a relay the outage test cuts.
  relay = await startRelay('127.0.0.1', Number(new URL(fake.url).port));
  bff = await startBff(
    defineBffConfig({
      port: 0,
      apiBaseUrl: `https://127.0.0.1:${relay.port}`,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiCa: readFileSync(fake.certPath, 'utf8'),
      organization: fake.organization,
      upstreamTimeoutMs: 3000,
      staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
    }),
    { now: clock.now, log: () => {} },
  );
}, 180_000);
afterAll(async () => {
  await bff?.close();
  await relay?.close();
  await fake?.stop();
});

describe('seasons', () => {
  it('derive year and current from names and v2 as the hosted rule says, which agrees with our API', async () => {
    const answer = await view('/seasons');
    expect(answer.status).toBe(200);
    const seasons = answer.json().data as Season[];
    const ours = (await inner<{ data: Season[] }>('/seasons/')).data;
    expect(seasons.map((season) => season.name)).toEqual(
      ours
        .map((season) => season.name)
        .sort()
        .reverse(),
    );
    for (const season of seasons) {
      const own = ours.find((candidate) => candidate.id === season.id)!;
      expect({ name: season.name, year: season.year, current: season.current }).toEqual({
        name: own.name,
        year: own.year,
        current: own.current,
      });
    }
    // The fake serves /v3/seasons as {id, name}: nothing else was there to copy.
    expect(fake.reads).toContain('/v3/seasons');
  });
});

describe("a season's calendar", () => {
  it('lists every competition with its date, event, event type and practice flag, from two reads and no event details', async () => {
    const seasons = (await view('/seasons')).json().data as Season[];
    const current = seasons.find((season) => season.current)!;
    const readsBefore = fake.reads.length;
    const calendar = (await view(`/seasons/${current.id}/calendar`)).json();

    const events = (
      await inner<{ data: { id: number; name: string; eventTypeId: number; eventType: string; practice: boolean }[] }>(
        `/events/?seasonId=${current.id}`,
      )
    ).data;
    const expected = [];
    for (const event of events) {
      const detail = await inner<{ competitions: { guid: string; name: string; date: string }[] }>(
        `/events/${event.id}`,
      );
      for (const competition of detail.competitions)
        expected.push({
          guid: competition.guid,
          date: competition.date,
          event: event.id,
          type: event.eventType,
          practice: event.practice,
        });
    }
    const shown = (
      calendar.data as {
        competition: { guid: string; date: string };
        event: { id: number; eventType: string; practice: boolean };
      }[]
    ).map((entry) => ({
      guid: entry.competition.guid,
      date: entry.competition.date,
      event: entry.event.id,
      type: entry.event.eventType,
      practice: entry.event.practice,
    }));
    expect(shown).toEqual(expected.sort((a, b) => a.date.localeCompare(b.date)));
    expect(shown.some((entry) => entry.practice)).toBe(true);
    expect(fake.reads.slice(readsBefore).filter((read) => /^\/(v3\/)?events\/\d+/.test(read))).toEqual([]);
  });

  it('answers 404 for a season that does not exist and 400 for a malformed id', async () => {
    expect((await view('/seasons/999999/calendar')).status).toBe(404);
    const bad = await view('/seasons/abc/calendar');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_parameter', detail: expect.stringContaining('seasonId') });
  });
});

describe("the hosted upstream's published pages", () => {
  it("serve a competition's schedule rows and recap without a token, at the addresses its records give", async () => {
    const records = await inner<{ CompetitionGuid: string; EventName: string }[]>(
      '/2018-03/competitions?year=2026&includePractice=true',
    );
    const record = records.find((candidate) => candidate.EventName.includes('West Fork'))!;
    const summary = (await view(`/competitions/${record.CompetitionGuid}`)).json();
    const ca = readFileSync(fake.certPath, 'utf8');
    const schedulePage = await httpsFetch(new URL(summary.competition.scheduleUrl), {}, ca);
    expect(schedulePage.status).toBe(200);
    const schedule = await inner<{ data: { group: { name: string }; division: { initials: string } }[] }>(
      `/competitions/${summary.competition.id}/schedule`,
    );
    expect(scrapeScheduleRows(await schedulePage.text())).toEqual(
      schedule.data.map((entry) => ({ name: entry.group.name, initials: entry.division.initials })),
    );
    const recapUrl = `${fake.url}/recaps/${record.CompetitionGuid}.htm`;
    const recap = checkRecap({
      name: `${record.CompetitionGuid}.htm`,
      html: await (await httpsFetch(new URL(recapUrl), {}, ca)).text(),
    }).recap;
    expect(recap.title).toBe(record.EventName);
    expect(
      (await httpsFetch(new URL(`${fake.url}/recaps/00000000-0000-4000-8000-000000000000.htm`), {}, ca)).status,
    ).toBe(404);
  });
});

describe('one competition by its guid', () => {
  it('is found in the listings with its event, its id and the published schedule page', async () => {
    const records = await inner<{ CompetitionGuid: string; CompetitionName: string; EventName: string }[]>(
      '/2018-03/competitions?year=2026&includePractice=true',
    );
    const record = records.find((candidate) => candidate.EventName.includes('West Fork'))!;
    const answer = await view(`/competitions/${record.CompetitionGuid}`);
    expect(answer.status).toBe(200);
    const summary = answer.json();
    const event = (await inner<{ data: { id: number; name: string }[] }>('/events/?limit=500')).data.find(
      (candidate) => candidate.name === record.EventName,
    )!;
    const detail = await inner<{ competitions: { id: number; guid: string }[] }>(`/events/${event.id}`);
    expect(summary).toMatchObject({
      competition: {
        guid: record.CompetitionGuid,
        name: record.CompetitionName,
        id: detail.competitions.find((candidate) => candidate.guid === record.CompetitionGuid)!.id,
        // the hosted service's published page (schedules.competitionsuite.com there; the fake serves its own)
        scheduleUrl: `${fake.url}/schedules/${record.CompetitionGuid}_standard.htm`,
        recapReleased: true,
      },
      event: { name: record.EventName, id: event.id },
      season: { name: '2025-26 Season' },
    });
  });

  it('answers 404 for an unknown or malformed guid', async () => {
    expect((await view('/competitions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await view('/competitions/not-a-guid')).status).toBe(404);
  });

  it('has no corrections after release: the hosted service publishes none that a read gives', async () => {
    const records = await inner<{ CompetitionGuid: string; EventName: string; RecapReleased: boolean }[]>(
      '/2018-03/competitions?year=2026&includePractice=true',
    );
    const record = records.find((candidate) => candidate.EventName.includes('West Fork') && candidate.RecapReleased)!;
    const answer = await view(`/competitions/${record.CompetitionGuid}/corrections`);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ data: [] });
  });
});

interface OurStandings {
  division: { name: string };
  entries: {
    rank: number;
    group: { name: string; location: string };
    bestScore: number;
    latestScore: number;
    latestCompetition: { id: number };
    performances: number;
  }[];
}

describe("a season's results", () => {
  it('give the standings our API gives, division by division', async () => {
    const seasons = (await view('/seasons')).json().data as Season[];
    for (const season of seasons) {
      const derived = (await view(`/seasons/${season.id}/standings`)).json().data as {
        division: { name: string };
        entries: {
          rank: number;
          group: { name: string; location: string };
          bestScore: number;
          latestScore: number;
          latestCompetition: { guid: string };
          performances: number;
        }[];
      }[];
      const ours = (await inner<{ data: OurStandings[] }>(`/standings/?seasonId=${season.id}`)).data.filter(
        (division) => division.entries.length > 0,
      );
      const guidOf = new Map<number, string>();
      const events = (await inner<{ data: { id: number }[] }>(`/events/?seasonId=${season.id}&limit=500`)).data;
      for (const event of events)
        for (const competition of (await inner<{ competitions: { id: number; guid: string }[] }>(`/events/${event.id}`))
          .competitions)
          guidOf.set(competition.id, competition.guid);
      expect(derived.map((division) => division.division.name).sort(), season.name).toEqual(
        ours.map((division) => division.division.name).sort(),
      );
      for (const division of ours) {
        const mine = derived.find((candidate) => candidate.division.name === division.division.name)!;
        expect(
          mine.entries.map(({ latestCompetition, ...entry }) => ({
            ...entry,
            group: { name: entry.group.name, location: entry.group.location },
            latestCompetition: latestCompetition.guid,
          })),
          `${season.name} ${division.division.name}`,
        ).toEqual(
          division.entries.map((entry) => ({
            rank: entry.rank,
            group: { name: entry.group.name, location: entry.group.location },
            bestScore: entry.bestScore,
            latestScore: entry.latestScore,
            latestCompetition: guidOf.get(entry.latestCompetition.id),
            performances: entry.performances,
          })),
        );
      }
    }
  });

  it("give one group's released performances as our API's group results do", async () => {
    const seasons = (await view('/seasons')).json().data as Season[];
    const season = seasons.find((candidate) => candidate.name === '2025-26 Season')!;
    const groups = (
      await inner<{ data: { id: number; name: string; circuitId: string }[] }>(
        `/groups/?seasonId=${season.id}&limit=500`,
      )
    ).data;
    // A sample group: its circuit number is the circuit's own (groups without one serve their id, docs/api.md).
    const group = groups.find((candidate) => candidate.circuitId !== String(candidate.id))!;
    const answer = await view(
      `/seasons/${season.id}/group?name=${encodeURIComponent(group.name)}&id=${group.circuitId}`,
    );
    expect(answer.status).toBe(200);
    const ours = (
      await inner<{
        data: {
          competition: { guid: string };
          division: { name: string };
          round: { number: number };
          performed: boolean;
          total: { score: number; rank: number } | null;
          groupsInRound: number;
        }[];
      }>(`/groups/${group.id}/performances?seasonId=${season.id}`)
    ).data;
    const released = ours.filter((p) => p.total !== null || !p.performed);
    expect(released.length).toBeGreaterThan(1);
    expect(answer.json()).toMatchObject({
      season: { id: season.id },
      group: { name: group.name, orgGroupIdentifier: group.circuitId },
    });
    expect(
      (
        answer.json().data as {
          competition: { guid: string };
          division: { name: string };
          round: { number: number };
          performed: boolean;
          total: unknown;
          groupsInRound: number;
        }[]
      ).map(({ competition, division, round, performed, total, groupsInRound }) => ({
        guid: competition.guid,
        division: division.name,
        round: round.number,
        performed,
        total,
        groupsInRound,
      })),
    ).toEqual(
      released.map(({ competition, division, round, performed, total, groupsInRound }) => ({
        guid: competition.guid,
        division: division.name,
        round: round.number,
        performed,
        total,
        groupsInRound,
      })),
    );
  });

  it('find a group by its name alone (a link without an identifier), and say nothing is there for a name it does not know', async () => {
    const seasons = (await view('/seasons')).json().data as Season[];
    const season = seasons.find((candidate) => candidate.name === '2025 Season')!;
    const standings = (await view(`/seasons/${season.id}/standings`)).json().data as {
      entries: { group: { name: string; orgGroupIdentifier: string } }[];
    }[];
    const group = standings[0].entries[0].group;
    const found = (await view(`/seasons/${season.id}/group?name=${encodeURIComponent(group.name)}`)).json();
    expect(found.data.length).toBeGreaterThan(0);
    const unknown = await view(`/seasons/${season.id}/group?name=Nobody%20At%20All`);
    expect(unknown.status).toBe(200);
    expect(unknown.json()).toMatchObject({ group: { name: 'Nobody At All', location: null }, data: [] });
    expect((await view(`/seasons/${season.id}/group`)).status).toBe(400);
    expect((await view(`/seasons/${season.id}/group?name=x&extra=1`)).status).toBe(400);
  });

  it("offer a group's seasons with performances only, newest first, and answer 404 for a group no season has", async () => {
    const seasons = (await view('/seasons')).json().data as Season[];
    const season = seasons.find((candidate) => candidate.name === '2025 Season')!;
    const standings = (await view(`/seasons/${season.id}/standings`)).json().data as {
      division: { name: string };
      entries: {
        group: { name: string; orgGroupIdentifier: string };
        bestScore: number;
        latestScore: number;
        latestCompetition: { guid: string };
        performances: number;
      }[];
    }[];
    const group = standings[0].entries[0].group;
    const query = `name=${encodeURIComponent(group.name)}&id=${encodeURIComponent(group.orgGroupIdentifier)}`;
    // what each season's own group view says, season by season (the hosted service lists every season of the circuit)
    const expected: { season: number; performances: number }[] = [];
    for (const candidate of seasons) {
      const performances = (await view(`/seasons/${candidate.id}/group?${query}`)).json().data.length as number;
      if (performances > 0) expected.push({ season: candidate.id, performances });
    }
    expect(expected.length).toBeLessThan(seasons.length);
    const answer = await view(`/groups/seasons?${query}`);
    expect(answer.status).toBe(200);
    expect(answer.json().group).toMatchObject({ name: group.name, orgGroupIdentifier: group.orgGroupIdentifier });
    expect(
      (answer.json().seasons as { season: Season; performances: number }[]).map(({ season: held, performances }) => ({
        season: held.id,
        performances,
      })),
    ).toEqual(expected);
    // a season's row of best and latest says what that season's standings say of the group
    const entry = standings[0].entries[0];
    const held = (answer.json().seasons as { season: Season; results: { division: { name: string } }[] }[]).find(
      (candidate) => candidate.season.id === season.id,
    )!;
    expect(held.results.find((row) => row.division.name === standings[0].division.name)).toMatchObject({
      best: entry.bestScore,
      latest: { score: entry.latestScore, competition: { guid: entry.latestCompetition.guid } },
      performances: entry.performances,
    });

    const unknown = await view('/groups/seasons?name=Nobody%20At%20All');
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({
      status: 404,
      code: 'not_found',
      detail: 'No season has a performance or a registration of the group Nobody At All.',
    });
    expect((await view(`/groups/seasons?name=${encodeURIComponent(group.name)}&id=no-such-id`)).status).toBe(404);
    expect((await view('/groups/seasons')).status).toBe(400);
    expect((await view('/groups/seasons?name=x&extra=1')).status).toBe(400);
  });

  it("sum up a head-to-head season by season as each season's own views have it, reading no recap again", async () => {
    const seasons = (await view('/seasons')).json().data as Season[];
    const season = seasons.find((candidate) => candidate.name === '2025 Season')!;
    const standings = (await view(`/seasons/${season.id}/standings`)).json().data as {
      entries: { group: { name: string; orgGroupIdentifier: string } }[];
    }[];
    const [a, b] = standings.find((division) => division.entries.length >= 2)!.entries.map((entry) => entry.group);
    const pair = (group: { name: string; orgGroupIdentifier: string }) =>
      `group=${encodeURIComponent(group.name)}&id=${encodeURIComponent(group.orgGroupIdentifier)}`;
    const query = `${pair(a)}&${pair(b)}`;
    // season by season: both groups' own group views, and the season's head-to-head
    const expected: {
      season: number;
      performances: number[];
      meetings: number;
      wins: number;
      losses: number;
      ties: number;
      mean: number | null;
    }[] = [];
    for (const candidate of seasons) {
      const performances = await Promise.all(
        [a, b].map(
          async (group) =>
            (
              await view(
                `/seasons/${candidate.id}/group?name=${encodeURIComponent(group.name)}&id=${encodeURIComponent(group.orgGroupIdentifier)}`,
              )
            ).json().data.length as number,
        ),
      );
      if (performances.includes(0)) continue;
      const meetings = (await view(`/seasons/${candidate.id}/compare?${query}`)).json().data as {
        totals: { score: number }[];
      }[];
      const margins = meetings.map(
        ({ totals }) => Math.round(totals[0].score * 1000) - Math.round(totals[1].score * 1000),
      );
      expected.push({
        season: candidate.id,
        performances,
        meetings: meetings.length,
        wins: margins.filter((margin) => margin > 0).length,
        losses: margins.filter((margin) => margin < 0).length,
        ties: margins.filter((margin) => margin === 0).length,
        mean: margins.length ? margins.reduce((sum, margin) => sum + margin, 0) / margins.length / 1000 : null,
      });
    }
    expect(expected.some((entry) => entry.meetings > 0)).toBe(true);

    const answer = await view(`/compare/seasons?${query}`);
    expect(answer.status).toBe(200);
    const body = answer.json() as {
      groups: unknown;
      data: {
        season: Season;
        performances: number[];
        meetings: number;
        pairs: { meetings: number; wins: number; losses: number; ties: number; meanMargin: number | null }[];
      }[];
    };
    expect(body.groups).toEqual([a, b].map(({ name, orgGroupIdentifier }) => ({ name, orgGroupIdentifier })));
    expect(body.data.map((entry) => entry.season.id)).toEqual(expected.map((entry) => entry.season));
    body.data.forEach((entry, i) => {
      const { performances, meetings, wins, losses, ties, mean } = expected[i];
      expect(entry).toMatchObject({ performances, meetings, pairs: [{ meetings, wins, losses, ties }] });
      if (mean === null) expect(entry.pairs[0].meanMargin).toBeNull();
      else expect(entry.pairs[0].meanMargin).toBeCloseTo(mean, 3);
    });

    const before = fake.reads.length;
    expect((await view(`/compare/seasons?${query}`)).status).toBe(200);
    expect(fake.reads.slice(before).filter((read) => read.startsWith('/2018-03/performances'))).toEqual([]);
    expect((await view(`/compare/seasons?${pair(a)}`)).status).toBe(400);
    expect((await view(`/compare/seasons?${query}&season=1`)).status).toBe(400);
  });

  it('are built once for concurrent visitors, kept while fresh, and give a phone a few kilobytes', async () => {
    const seasons = (await view('/seasons')).json().data as Season[];
    const season = seasons.find((candidate) => candidate.current)!;
    clock.advance(FRESH_MS);
    const before = fake.reads.length;
    const standings = await Promise.all(Array.from({ length: 5 }, () => view(`/seasons/${season.id}/standings`)));
    expect(new Set(standings.map((answer) => answer.text)).size).toBe(1);
    const recapReads = fake.reads.slice(before).filter((read) => read.startsWith('/2018-03/performances'));
    expect(recapReads.length).toBeGreaterThan(0);
    expect(new Set(recapReads).size).toBe(recapReads.length);
    const group = standings[0].json().data[0].entries[0].group as { name: string; orgGroupIdentifier: string };
    const afterBuild = fake.reads.length;
    const target = `/seasons/${season.id}/group?name=${encodeURIComponent(group.name)}&id=${group.orgGroupIdentifier}`;
    const { bytes, encoding } = await wireBytes(`${bff.url}/api/bff${target}`);
    expect(fake.reads.slice(afterBuild).filter((read) => read.startsWith('/2018-03/performances'))).toEqual([]);
    expect(encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(bytes).toString('utf8')).data.length).toBeGreaterThan(0);
    expect(bytes.length).toBeLessThan(4 * 1024);
  });

  it("keep working when the fake's opaque tokens expire: a 401, one new token, one retry", async () => {
    expect((await view('/seasons')).status).toBe(200);
    const before = fake.reads.length;
    fake.expireTokens();
    clock.advance(6_000);
    const answer = await view('/seasons');
    expect(answer.status).toBe(200);
    // The one read the expired token could not make was made again with the new one.
    expect(fake.reads.slice(before).filter((read) => read === '/v3/seasons')).toHaveLength(2);
  });

  it('answer 304 to a browser that holds the same view', async () => {
    const first = await view('/seasons');
    const again = await view('/seasons', { 'if-none-match': first.headers.etag });
    expect(again.status).toBe(304);
  });

  it('are served from the last build, marked stale, when the upstream goes down', async () => {
    const seasons = (await view('/seasons')).json().data as Season[];
    const season = seasons.find((candidate) => candidate.current)!;
    const fresh = await view(`/seasons/${season.id}/standings`);
    await relay.close();
    clock.advance(FRESH_MS + 1);
    const saved = await view(`/seasons/${season.id}/standings`);
    expect(saved.status).toBe(200);
    expect(saved.headers['x-bff-stale']).toBe('1');
    expect(saved.json().data).toEqual(fresh.json().data);
  });
});

describe("the fake's answers", () => {
  it("are the hosted service's records (domain/hosted-records.ts) field for field, nothing more or less", async () => {
    const strict = (shape: z.ZodObject) => z.strictObject(shape.shape);
    const seasons = await inner<{ data: Record<string, unknown>[] }>('/v3/seasons');
    for (const season of seasons.data) strict(HostedSeason).parse(seasonItem(season));
    const season = seasons.data[0].id as number;
    const events = await inner<{ data: (Record<string, unknown> & { id: number })[] }>(`/events/?seasonId=${season}`);
    for (const event of events.data) strict(HostedEventListItem).parse(eventListItem(event));
    const detail = eventDetail(await inner(`/events/${events.data[0].id}`), fake.url);
    strict(HostedEventDetail).parse({ ...detail, competitions: [] });
    for (const competition of detail.competitions as unknown[]) strict(HostedEventCompetition).parse(competition);
    for (const group of (await inner<{ data: Record<string, unknown>[] }>(`/groups/?seasonId=${season}`)).data)
      strict(HostedGroup).parse(groupItem(group));
    const competitions = await inner<(Record<string, unknown> & { CompetitionGuid: string })[]>(
      `/2018-03/competitions?o=${fake.organization}`,
    );
    expect(competitions.length).toBeGreaterThan(0);
    for (const record of competitions) strict(HostedCompetitionRecord).parse(v2Competition(record, fake.url));
    const performances = await inner<Record<string, unknown>[]>(
      `/2018-03/performances?c=${competitions[0].CompetitionGuid}`,
    );
    for (const record of performances) strict(HostedPerformanceRecord).parse(v2Performance(record));
  });
});

describe('on our own API', () => {
  let api: TestApi;
  let ours: RunningBff;
  let ourKey: { clientId: string; clientSecret: string };
  beforeAll(async () => {
    api = await startTestApi();
    const organization = await api.createOrg('Sample circuit');
    await loadSample(api.services.database, organization.id);
    const key = await api.createKey(organization.guid);
    ourKey = key;
    // No API_ORGANIZATION: our API's tokens name it.
    ours = await startBff(
      defineBffConfig({
        port: 0,
        apiBaseUrl: api.url,
        clientId: key.clientId,
        clientSecret: key.clientSecret,
        apiCa: api.ca,
        staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
      }),
      { log: () => {} },
    );
  }, 120_000);
  afterAll(async () => {
    await ours?.close();
    await api?.stop();
  });

  it('reads the lists our API pages (100 at a time) whole: every group of a 150-group season has its location', async () => {
    const seasons = ((await (await fetch(`${ours.url}/api/bff/seasons`)).json()) as { data: Season[] }).data;
    const previous = seasons.find((season) => !season.current)!;
    const standings = (await (await fetch(`${ours.url}/api/bff/seasons/${previous.id}/standings`)).json()) as {
      data: { entries: { group: { location: string | null } }[] }[];
    };
    const entries = standings.data.flatMap((division) => division.entries);
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.filter((entry) => entry.group.location === null)).toEqual([]);
  });

  /** A resource made through our API with the key's own token, as a tabulation program makes it. */
  const write = async (target: string, body: unknown) => {
    const token = await api.token(ourKey.clientId, ourKey.clientSecret);
    const response = await api.fetch(target, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, target).toBe(201);
    return (await response.json()) as { id: number; guid: string };
  };

  it('finds a competition created a moment ago, though the listing it is in was read (and cached) just before', async () => {
    const seasons = ((await (await fetch(`${ours.url}/api/bff/seasons`)).json()) as { data: Season[] }).data;
    const current = seasons.find((season) => season.current)!;
    // Warms the BFF's copy of the newest season's listing: without a revalidation on a miss, the new one is not in it.
    const known = await fetch(`${ours.url}/api/bff/seasons/${current.id}/calendar`);
    expect(known.status).toBe(200);
    const own = (
      (await (await fetch(`${ours.url}/api/bff/seasons/${current.id}/calendar`)).json()) as {
        data: { competition: { guid: string } }[];
      }
    ).data[0];
    expect((await fetch(`${ours.url}/api/bff/competitions/${own.competition.guid}`)).status).toBe(200);
    const event = await write('/events/', {
      seasonId: current.id,
      name: 'Made a moment ago',
      eventTypeId: 1,
      startDate: new Date().toISOString().slice(0, 10),
    });
    const competition = await write(`/events/${event.id}/competitions`, {
      name: 'Color Guard',
      date: new Date().toISOString(),
      groupTypeId: 1,
    });
    const found = await fetch(`${ours.url}/api/bff/competitions/${competition.guid}`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { competition: { guid: string } }).competition.guid).toBe(competition.guid);
  });

  it('finds a competition of a season created a moment ago, though the list of seasons was read just before', async () => {
    // Warms the BFF's copy of the list of seasons: the season made next is not in it.
    expect((await fetch(`${ours.url}/api/bff/seasons`)).status).toBe(200);
    const season = await write('/seasons/', {
      name: '1998 Set Up Now',
      startDate: '1998-01-03',
      endDate: '1998-04-25',
    });
    const event = await write('/events/', {
      seasonId: season.id,
      name: 'Made with its season',
      eventTypeId: 1,
      startDate: '1998-03-07',
    });
    const competition = await write(`/events/${event.id}/competitions`, {
      name: 'Color Guard',
      date: '1998-03-07T18:00:00.000Z',
      groupTypeId: 1,
    });
    const found = await fetch(`${ours.url}/api/bff/competitions/${competition.guid}`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { season: { name: string } }).season.name).toBe('1998 Set Up Now');
  });

  it('finds a competition created a moment ago in an older season, though both the list of seasons and that season listing were read just before', async () => {
    // Several contests set up at once (a circuit's set-up day, the browser journeys): the season is already in the
    // BFF's list, and its listing was read a moment before this competition existed. It is neither the newest
    // season nor the current one, whose listings are asked again on every miss anyway.
    const season = await write('/seasons/', {
      name: '1996 Set Up Before',
      startDate: '1996-01-06',
      endDate: '1996-04-27',
    });
    const event = await write('/events/', {
      seasonId: season.id,
      name: 'First of two',
      eventTypeId: 1,
      startDate: '1996-03-02',
    });
    const first = await write(`/events/${event.id}/competitions`, {
      name: 'Color Guard',
      date: '1996-03-02T18:00:00.000Z',
      groupTypeId: 1,
    });
    expect((await fetch(`${ours.url}/api/bff/competitions/${first.guid}`)).status).toBe(200);
    const second = await write(`/events/${event.id}/competitions`, {
      name: 'Percussion',
      date: '1996-03-02T20:00:00.000Z',
      groupTypeId: 1,
    });
    const found = await fetch(`${ours.url}/api/bff/competitions/${second.guid}`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { season: { name: string } }).season.name).toBe('1996 Set Up Before');
  });

  it('offers a group before its first scores the season that registers it (a fan follows it then), and still 404s a group no season has', async () => {
    const seasons = ((await (await fetch(`${ours.url}/api/bff/seasons`)).json()) as { data: Season[] }).data;
    const current = seasons.find((season) => season.current)!;
    const token = await api.token(ourKey.clientId, ourKey.clientSecret);
    const call = async (target: string, method = 'GET', body?: unknown) => {
      const response = await api.fetch(target, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as Record<string, unknown> & { id: number; data: { id: number; name: string }[] };
    };
    const division = (await call('/divisions/?groupTypeId=1')).data[0];
    const event = await call('/events/', 'POST', {
      seasonId: current.id,
      name: 'First Show',
      eventTypeId: 1,
      startDate: new Date().toISOString().slice(0, 10),
    });
    const competition = await call(`/events/${event.id}/competitions`, 'POST', {
      name: 'Color Guard',
      date: new Date().toISOString(),
      groupTypeId: 1,
      rounds: [{ number: 1, name: 'Finals' }],
    });
    const group = (await call('/groups/', 'POST', {
      name: 'Brand New HS',
      divisionId: division.id,
      location: 'Austin, TX',
    })) as unknown as { id: number; name: string; circuitId: string };
    await call(`/competitions/${competition.id}/performances`, 'POST', {
      groupId: group.id,
      divisionId: division.id,
      round: 1,
      order: 1,
    });

    const answer = await fetch(
      `${ours.url}/api/bff/groups/seasons?name=${encodeURIComponent(group.name)}&id=${group.circuitId}`,
    );
    expect(answer.status).toBe(200);
    const view = (await answer.json()) as {
      group: { name: string };
      seasons: { season: Season; performances: number }[];
    };
    expect(view.group.name).toBe(group.name);
    expect(view.seasons.map(({ season, performances }) => ({ season: season.id, performances }))).toEqual([
      { season: current.id, performances: 0 },
    ]);
    expect((await fetch(`${ours.url}/api/bff/groups/seasons?name=Nobody%20At%20All`)).status).toBe(404);
  });
});
