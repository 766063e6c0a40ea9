/**
 * The current season (issue 36 item 7): a circuit chooses it (POST /seasons/{id} with `current`), and while none is
 * chosen a season with a contest today wins over one without. v4's and v3's `current`, v2's `IsCurrentSeason` and
 * the standings' default season follow; the choice is audited and refused to the roles that may not set up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { apiClient, type Json } from './client.js';

let api: TestApi;
let tab: ReturnType<typeof apiClient>;
let judge: ReturnType<typeof apiClient>;
const seasons: Record<'long' | 'show', number> = { long: 0, show: 0 };

/** A day as YYYY-MM-DD, `days` from today (UTC): the seasons are set around the day the test runs. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  api = await startTestApi();
  const organization = await api.createOrg('Current Season Circuit');
  const app = await api.createKey(organization.guid, { name: 'Set-up app', redirectUris: [REDIRECT_URI] });
  for (const role of ['tabulator', 'judge'] as const) {
    await api.createUser(organization.guid, `${role}@current.example`, 'a long enough password', { role });
  }
  const bearer = async (role: string) => ({
    authorization: `Bearer ${await userToken(api, app, `${role}@current.example`, 'a long enough password')}`,
  });
  tab = apiClient(api, await bearer('tabulator'));
  judge = apiClient(api, await bearer('judge'));
  // the sample circuit's kind of season, holding today, and one set up for a show inside it
  seasons.long = (await made('/seasons/', { name: 'Long Season', startDate: day(-120), endDate: day(180) })).id;
  seasons.show = (await made('/seasons/', { name: 'Show Season', startDate: day(-2), endDate: day(30) })).id;
}, 120_000);
afterAll(() => api?.stop());

async function made(path: string, body: unknown): Promise<Json> {
  const answer = await tab.send('POST', path, body);
  expect(answer.status, `${path}: ${answer.text}`).toBe(201);
  return answer.body;
}

/** A regular event of the season with one competition, today (now) or on another day. */
async function contest(seasonId: number, when: Date) {
  const event = await made('/events/', {
    seasonId,
    name: `Show ${seasonId} ${when.getTime()}`,
    eventTypeId: 1,
    startDate: when.toISOString().slice(0, 10),
  });
  return made(`/events/${event.id}/competitions`, { name: 'Color Guard', date: when.toISOString(), groupTypeId: 1 });
}

const current = async () => {
  const list = (await tab.get('/seasons/')).body.data as Json[];
  return list.filter((season) => season.current).map(({ id, currentChosen }) => ({ id, currentChosen }));
};

/** v2's IsCurrentSeason of each competition of the listing, by its season's name. */
async function v2Current(): Promise<Record<string, boolean>> {
  const records = (await tab.get('/2018-03/competitions?includePractice=true')).body as unknown as Json[];
  return Object.fromEntries(records.map((record) => [record.SeasonName, record.IsCurrentSeason]));
}

describe('the current season', () => {
  it('while none is chosen, is the season with a contest today, over a longer one holding today without', async () => {
    await contest(seasons.long, new Date());
    await contest(seasons.show, new Date(Date.now() + 3 * 86_400_000));
    expect(await current()).toEqual([{ id: seasons.long, currentChosen: false }]);
    expect(await v2Current()).toEqual({ 'Long Season': true, 'Show Season': false });

    // the show's own season gets today's contest: both hold one, and the one set up inside the other wins
    await contest(seasons.show, new Date());
    expect(await current()).toEqual([{ id: seasons.show, currentChosen: false }]);
    expect(await v2Current()).toEqual({ 'Long Season': false, 'Show Season': true });
  });

  it('is the one the circuit chooses, in v4, v3 and v2 alike, until it unchooses it', async () => {
    const chosen = await tab.send('POST', `/seasons/${seasons.long}`, { current: true });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body).toMatchObject({ id: seasons.long, current: true, currentChosen: true });
    expect(await current()).toEqual([{ id: seasons.long, currentChosen: true }]);
    expect((await tab.get(`/v3/seasons/${seasons.show}`)).body).toMatchObject({ current: false });
    expect((await tab.get(`/v3/seasons/${seasons.long}`)).body).toMatchObject({ current: true, currentChosen: true });
    expect(await v2Current()).toEqual({ 'Long Season': true, 'Show Season': false });

    // false on a season not chosen changes nothing; on the chosen one, the dates and contests decide again
    expect((await tab.send('POST', `/seasons/${seasons.show}`, { current: false })).status).toBe(200);
    expect(await current()).toEqual([{ id: seasons.long, currentChosen: true }]);
    expect((await tab.send('POST', `/seasons/${seasons.long}`, { current: false })).status).toBe(200);
    expect(await current()).toEqual([{ id: seasons.show, currentChosen: false }]);
  });

  it('is chosen in the audit trail, and only by those who may set up; a malformed choice is a 400', async () => {
    const before = (await tab.get('/audit/')).body.data.length;
    const refused = await judge.send('POST', `/seasons/${seasons.long}`, { current: true });
    expect(refused.status).toBe(403);
    expect(await current()).toEqual([{ id: seasons.show, currentChosen: false }]);
    expect((await tab.send('POST', `/seasons/${seasons.long}`, { current: 'yes' })).status).toBe(400);
    expect((await tab.send('POST', `/seasons/${seasons.long}`, { current: true })).status).toBe(200);
    const trail = (await tab.get('/audit/')).body.data as Json[];
    expect(trail.length).toBe(before + 1);
    expect(trail.at(-1)).toMatchObject({
      action: 'season.update',
      before: { name: 'Long Season', chosenCurrent: false },
      after: { name: 'Long Season', chosenCurrent: true },
    });
  });
});
