/**
 * The fans' current season is our API's (issue 36 item 7): the BFF takes the mark our `/v3/seasons` carries, so the
 * season a circuit chooses, or while none is chosen the one with today's contest, is the one the home page opens
 * on, whatever its name; a season set up ahead, with no competitions yet, does not take its place for having the
 * greatest name. (The hosted rule, on `{id, name}` alone, is test/bff/views.test.ts's.)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { apiClient, type Json } from '../api/client.js';

let api: TestApi;
let bff: RunningBff;
let key: ReturnType<typeof apiClient>;

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await startTestApi();
  const organization = await api.createOrg('Fans Current Season Circuit');
  const credentials = await api.createKey(organization.guid);
  key = apiClient(api, {
    authorization: `Bearer ${await api.token(credentials.clientId, credentials.clientSecret)}`,
  });
  bff = await startBff(
    defineBffConfig({
      port: 0,
      apiBaseUrl: api.url,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      apiCa: api.ca,
      // every read revalidated: a change of current season is seen by the next read
      cacheTtlMs: 0,
      staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
    }),
    { log: () => {} },
  );
  // a long season holding today with a contest today (the sample circuit's), and next year's, set up ahead
  // (each with the year its name says: the hosted rule reads a season's listing by the year in its name)
  ids.long = (
    await made('/seasons/', { name: '2026-27 Season', year: 2027, startDate: day(-120), endDate: day(180) })
  ).id;
  await contest(ids.long, new Date());
  ids.ahead = (
    await made('/seasons/', { name: '2027-28 Season', year: 2028, startDate: day(240), endDate: day(540) })
  ).id;
}, 120_000);
afterAll(async () => {
  await bff?.close();
  await api?.stop();
});

async function made(target: string, body: unknown): Promise<Json> {
  const answer = await key.send('POST', target, body);
  expect(answer.status, `${target}: ${answer.text}`).toBe(201);
  return answer.body;
}

async function contest(seasonId: number, when: Date) {
  const event = await made('/events/', {
    seasonId,
    name: `Show ${seasonId}`,
    eventTypeId: 1,
    startDate: when.toISOString().slice(0, 10),
  });
  await made(`/events/${event.id}/competitions`, { name: 'Color Guard', date: when.toISOString(), groupTypeId: 1 });
}

/** The fans' current season, and our API's. */
async function currents() {
  const fans = ((await (await fetch(`${bff.url}/api/bff/seasons`)).json()) as { data: Json[] }).data;
  const ours = (await key.get('/seasons/')).body.data as Json[];
  return {
    fans: fans.filter((season) => season.current).map((season) => season.name),
    ours: ours.filter((season) => season.current).map((season) => season.name),
  };
}

describe("the fans' current season", () => {
  it('is not a season set up ahead for having the greatest name: it is the one our API calls current', async () => {
    expect(await currents()).toEqual({ fans: ['2026-27 Season'], ours: ['2026-27 Season'] });
  });

  it("is a new season with today's contest, inside the long one", async () => {
    ids.show = (
      await made('/seasons/', { name: '2027 Winter Show', year: 2027, startDate: day(-1), endDate: day(20) })
    ).id;
    await contest(ids.show, new Date());
    expect(await currents()).toEqual({ fans: ['2027 Winter Show'], ours: ['2027 Winter Show'] });
  });

  it('is the one the circuit chooses', async () => {
    expect((await key.send('POST', `/seasons/${ids.long}`, { current: true })).status).toBe(200);
    expect(await currents()).toEqual({ fans: ['2026-27 Season'], ours: ['2026-27 Season'] });
    // chosen ahead of its contests: nothing in v2 says otherwise, and the greater names say it is not theirs
    expect((await key.send('POST', `/seasons/${ids.ahead}`, { current: true })).status).toBe(200);
    expect(await currents()).toEqual({ fans: ['2027-28 Season'], ours: ['2027-28 Season'] });
  });

  it('is a season whose name has no year, and one past the three greatest names, once chosen', async () => {
    const winter = await made('/seasons/', { name: 'Winter Show', startDate: day(-1), endDate: day(20) });
    expect((await key.send('POST', `/seasons/${winter.id}`, { current: true })).status).toBe(200);
    expect(await currents()).toEqual({ fans: ['Winter Show'], ours: ['Winter Show'] });
    const old = await made('/seasons/', { name: '1999 Season', startDate: '1999-01-01', endDate: '1999-05-31' });
    expect((await key.send('POST', `/seasons/${old.id}`, { current: true })).status).toBe(200);
    expect(await currents()).toEqual({ fans: ['1999 Season'], ours: ['1999 Season'] });
  });
});
