import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let auth: Record<string, string>;

const get = async (path: string) => {
  const response = await api.fetch(path, { headers: auth });
  return { status: response.status, body: (await response.json()) as any };
};

beforeAll(async () => {
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
});
afterAll(() => api?.stop());

describe('v3 reads', () => {
  it('serves the v4 records under /v3/ as real clients call them', async () => {
    expect((await get('/v3/seasons')).body.data).toHaveLength(2);
    const season = await get(`/v3/seasons/${circuit.season.id}`);
    expect(season.body).toMatchObject({ id: circuit.season.id, name: '2026-27 Season', year: 2027 });
    expect(
      (await get(`/v3/events?seasonId=${circuit.season.id}&practice=false`)).body.data.map(
        (e: { name: string }) => e.name,
      ),
    ).toEqual(['Winter Kickoff']);
    expect((await get(`/v3/events/${circuit.event.id}`)).body.competitions).toHaveLength(1);
    expect((await get(`/v3/groups?seasonId=${circuit.season.id}`)).body.data).toHaveLength(3);
    expect((await get('/v3/groups')).body.data).toHaveLength(4);
    expect((await get('/v3/divisions')).body.data).toHaveLength(2);
    expect(
      (await get(`/v3/groups/${circuit.groups['Alpha HS'].id}/events`)).body.data.map((e: { name: string }) => e.name),
    ).toEqual(['Winter Kickoff']);
  });

  it('404s and 400s like v4', async () => {
    expect((await get('/v3/seasons/999999')).status).toBe(404);
    expect((await get('/v3/groups/999999/events')).status).toBe(404);
    const bad = await get('/v3/events?practice=sometimes');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].name).toBe('practice');
  });
});

describe('v2 competitions', () => {
  it('lists competitions as a top-level array of the specified records', async () => {
    const { status, body } = await get('/2018-03/competitions');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    // practice competitions are left out unless asked for
    expect(body.map((c: { CompetitionName: string }) => c.CompetitionName)).toEqual([
      'Color Guard Championship',
      'Color Guard',
    ]);
    const record = body[1];
    expect(Object.keys(record)).toEqual([
      'EventGuid',
      'EventName',
      'Location',
      'Date',
      'CompetitionGuid',
      'CompetitionName',
      'ChiefJudge',
      'RecapUrl',
      'CategoryRecapUrl',
      'PerformancesUrl',
      'ScoresReleased',
      'CategoryRecapReleased',
      'RecapReleased',
      'OrgCompetitionID',
      'GroupTypeID',
      'SeasonGuid',
      'SeasonName',
      'IsCurrentSeason',
      'RegistrationUrl',
    ]);
    expect(record).toMatchObject({
      EventName: 'Winter Kickoff',
      Location: 'Austin, TX',
      Date: '2027-01-16T15:00:00.000Z',
      CompetitionGuid: circuit.competition.guid,
      ChiefJudge: 'Pat Chief',
      ScoresReleased: true,
      // round 1 is released, round 2 is not: what the performances carry (round 1) is released whole
      CategoryRecapReleased: true,
      RecapReleased: true,
      GroupTypeID: 1,
      SeasonName: '2026-27 Season',
      PerformancesUrl: `${api.url}/2018-03/performances?c=${circuit.competition.guid}`,
    });
    expect(typeof record.IsCurrentSeason).toBe('boolean');
  });

  it('filters by year and practice, takes o as the token organization, refuses another one', async () => {
    expect((await get('/2018-03/competitions?year=2027&includePractice=true')).body).toHaveLength(2);
    expect((await get('/2018-03/competitions?year=2026')).body.map((c: { EventName: string }) => c.EventName)).toEqual([
      'Spring Finale',
    ]);
    expect((await get(`/2018-03/competitions?o=${circuit.org.guid}`)).body).toHaveLength(2);
    const other = await get('/2018-03/competitions?o=00000000-0000-4000-8000-000000000000');
    expect(other.status).toBe(403);
    expect(other.body.errors[0].name).toBe('o');
    expect((await get('/2018-03/competitions?year=twenty')).status).toBe(400);
    expect((await get('/2018-03/competitions?o=not-a-guid')).body.errors[0].name).toBe('o');
  });
});

describe('v2 performances', () => {
  it('lists released performances with decimal text exactly as specified', async () => {
    const { body } = await get(`/2018-03/performances?c=${circuit.competition.guid}`);
    expect(body).toHaveLength(3);
    const [alpha, bravo] = body;
    expect(alpha).toMatchObject({
      DivisionName: 'Scholastic A',
      DivisionInitials: 'SA',
      Round: '1',
      RoundName: 'Finals',
      GroupName: 'Alpha HS',
      TotalScore: '77.400',
      Rank: 1,
      SubtotalScore: '77.400',
      SubtotalRank: 1,
      Performed: true,
      NoScoreReason: '',
    });
    expect(bravo).toMatchObject({ TotalScore: '71.180', SubtotalScore: '71.680', Rank: 2 });
    expect(alpha.Categories.map((c: { Name: string; Score: string }) => [c.Name, c.Score])).toEqual([
      ['Equipment Analysis', '15.74'],
      ['Movement Analysis', '15.26'],
      ['Design Analysis', '14.20'],
      ['General Effect', '32.20'],
    ]);
    const ge = alpha.Categories[3];
    expect(
      ge.Captions.map((c: { JudgeFirstName: string; JudgeLastName: string; Score: string; Rank: number }) => [
        c.JudgeFirstName,
        c.JudgeLastName,
        c.Score,
        c.Rank,
      ]),
    ).toEqual([
      ['Gil', 'Effect', '16.20', 1],
      ['Gia', 'Effect', '16.00', 1],
    ]);
    expect(ge.Captions[0].Subcaptions).toEqual([
      { Name: 'Rep', Initials: 'Rep', Score: '82', Rank: 1 },
      { Name: 'Perf', Initials: 'Perf', Score: '80', Rank: 1 },
    ]);
  });

  it('requires a competition guid and 404s an unknown one', async () => {
    const missing = await get('/2018-03/performances');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].name).toBe('c');
    expect((await get('/2018-03/performances?c=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('lists registered groups', async () => {
    const all = await get('/2018-03/groups');
    expect(all.body.map((g: { GroupName: string }) => g.GroupName)).toEqual([
      'Alpha HS',
      'Bravo HS',
      'Charlie HS',
      'Delta Drumline',
    ]);
    expect(all.body[3]).toMatchObject({
      OrgGroupIdentifier: '2001',
      DivisionInitials: 'PSA',
      GroupTypeID: 2,
      GroupTypeName: 'Percussion',
      Active: false,
      Pending: true,
    });
    expect((await get(`/2018-03/groups?c=${circuit.competition.guid}`)).body).toHaveLength(3);
    expect((await get('/2018-03/groups?year=2026')).body).toHaveLength(0);
  });
});
