import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, BRAVO_PENALTY, startApiWithSmallCircuit } from '../helpers/small-circuit.js';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let auth: Record<string, string>;

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await api.fetch(path, { headers: { ...auth, ...headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
};

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
});
afterAll(() => api?.stop());

describe('GET /events/', () => {
  it('lists events in date order with exactly the specified fields and types', async () => {
    const { status, headers, body } = await get('/events/');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.map((e: { name: string }) => e.name)).toEqual(['Spring Finale', 'Critique Day', 'Winter Kickoff']);
    const kickoff = body.data[2];
    expect(kickoff).toEqual({
      id: circuit.event.id,
      name: 'Winter Kickoff',
      location: 'Austin, TX',
      seasonId: circuit.season.id,
      eventTypeId: 1,
      eventType: 'Regular Season',
      practice: false,
      videoEnabled: true,
      commentaryEnabled: false,
    });
    expect(headers.get('x-total-count')).toBe('3');
  });

  it('filters by season, practice, event type, dates and text, and pages with a Link to the next page', async () => {
    expect((await get(`/events/?seasonId=${circuit.season.id}`)).body.data).toHaveLength(2);
    expect((await get('/events/?practice=false')).body.data.map((e: { name: string }) => e.name)).toEqual([
      'Spring Finale',
      'Winter Kickoff',
    ]);
    expect((await get('/events/?practice=true')).body.data.map((e: { name: string }) => e.name)).toEqual([
      'Critique Day',
    ]);
    expect((await get('/events/?eventTypeId=2')).body.data.map((e: { name: string }) => e.name)).toEqual([
      'Spring Finale',
    ]);
    expect(
      (await get('/events/?from=2026-12-01&to=2026-12-31')).body.data.map((e: { name: string }) => e.name),
    ).toEqual(['Critique Day']);
    expect((await get('/events/?q=kick')).body.data.map((e: { name: string }) => e.name)).toEqual(['Winter Kickoff']);
    const page = await get('/events/?limit=2');
    expect(page.body.data).toHaveLength(2);
    expect(page.headers.get('link')).toBe('</events/?limit=2&offset=2>; rel="next"');
    expect((await get('/events/?limit=2&offset=2')).body.data).toHaveLength(1);
  });

  it('refuses unknown and malformed parameters with a 400 that names them', async () => {
    const unknown = await get('/events/?color=blue');
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    expect(unknown.body.errors).toEqual([{ name: 'color', in: 'query', message: 'unknown parameter' }]);
    for (const [query, name] of [
      ['seasonId=abc', 'seasonId'],
      ['practice=maybe', 'practice'],
      ['from=2026-13-45', 'from'],
      ['limit=100000', 'limit'],
      ['offset=-1', 'offset'],
    ]) {
      const bad = await get(`/events/?${query}`);
      expect(bad.status, query).toBe(400);
      expect(
        bad.body.errors.map((e: { name: string }) => e.name),
        query,
      ).toContain(name);
      expect(bad.body.detail).toContain(name);
    }
  });

  it('answers 304 to a weak or listed validator of the current answer and to *, and 200 to another tag', async () => {
    const etag = (await get('/seasons/')).headers.get('etag')!;
    for (const held of [`W/${etag}`, `"older", ${etag}`, '*'])
      expect((await get('/seasons/', { 'if-none-match': held })).status, held).toBe(304);
    expect((await get('/seasons/', { 'if-none-match': '"older"' })).status).toBe(200);
  });

  it('answers 304 to a matching If-None-Match and a new ETag after a write', async () => {
    const first = await get('/events/');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await get('/events/', { 'if-none-match': etag })).status).toBe(304);
    const { createEvent } = await import('../../server/api/db/repositories/events.write.js');
    await createEvent(api.services.database.db, circuit.org.id, {
      seasonId: circuit.season.id,
      name: 'Late Addition',
      eventTypeId: 1,
      startDate: '2027-02-20',
    });
    // the write above went straight to the repository: the NOTIFY it sent is what invalidates this instance's cache
    await expect.poll(async () => (await get('/events/', { 'if-none-match': etag })).status).toBe(200);
    expect((await get('/events/')).body.data.map((e: { name: string }) => e.name)).toContain('Late Addition');
  });
});

describe('every answer', () => {
  it('carries a request id and the rate limit headers, errors included', async () => {
    for (const path of ['/seasons/', '/events/999999', '/events/?x=1', '/no-such-operation']) {
      const { headers } = await get(path);
      expect(headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers.get('ratelimit-limit'), path).toMatch(/^\d+$/);
      expect(headers.get('ratelimit-remaining'), path).toMatch(/^\d+$/);
    }
    const unauthenticated = await api.fetch('/seasons/');
    expect(unauthenticated.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('GET /events/{eventId}', () => {
  it('returns the event with its competitions and without the three flags', async () => {
    const { status, body } = await get(`/events/${circuit.event.id}`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'competitions',
      'eventType',
      'eventTypeId',
      'id',
      'location',
      'name',
      'seasonId',
    ]);
    expect(body.competitions).toHaveLength(1);
    const competition = body.competitions[0];
    expect(Object.keys(competition).sort()).toEqual([
      'date',
      'guid',
      'id',
      'logisticalScheduleUrl',
      'name',
      'recapUrl',
      'standardScheduleUrl',
    ]);
    expect(competition.date).toBe('2027-01-16T15:00:00.000Z');
    expect(competition.date).toMatch(ISO_MS);
    expect(competition.guid).toMatch(UUID);
    // the published pages: public HTML addressed by the organization's guid and the competition's
    const pages = `${api.url}/published/${circuit.org.guid}`;
    expect(competition.recapUrl).toBe(`${pages}/recaps/${competition.guid}.htm`);
    expect(competition.standardScheduleUrl).toBe(`${pages}/schedules/${competition.guid}_standard.htm`);
    expect(competition.logisticalScheduleUrl).toBe(`${pages}/schedules/${competition.guid}_logistical.htm`);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await get('/events/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    const malformed = await get('/events/abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ name: 'eventId', in: 'path' });
  });
});

describe('groups', () => {
  it('lists groups with the specified fields and filters', async () => {
    const { body } = await get('/groups/');
    expect(body.data.map((g: { name: string }) => g.name)).toEqual([
      'Alpha HS',
      'Bravo HS',
      'Charlie HS',
      'Delta Drumline',
    ]);
    expect(body.data[3]).toEqual({
      id: circuit.groups['Delta Drumline'].id,
      name: 'Delta Drumline',
      location: 'Round Rock, TX',
      circuitId: '2001',
      division: { id: circuit.percussion.id, name: 'Percussion Scholastic A', initials: 'PSA' },
      active: false,
      pending: true,
      groupType: { id: 2, name: 'Percussion' },
    });
    expect((await get('/groups/?active=false')).body.data).toHaveLength(1);
    expect((await get('/groups/?pending=false')).body.data).toHaveLength(3);
    expect((await get('/groups/?groupTypeId=1')).body.data).toHaveLength(3);
    expect((await get(`/groups/?divisionId=${circuit.percussion.id}`)).body.data).toHaveLength(1);
    expect(
      (await get(`/groups/?seasonId=${circuit.season.id}`)).body.data.map((g: { name: string }) => g.name),
    ).toEqual(['Alpha HS', 'Bravo HS', 'Charlie HS']);
    expect((await get('/groups/?q=drum')).body.data).toHaveLength(1);
    expect((await get('/groups/?active=yes')).status).toBe(400);
  });

  it('retrieves one group, and 404s an unknown one', async () => {
    const { body } = await get(`/groups/${circuit.groups['Alpha HS'].id}`);
    expect(body.name).toBe('Alpha HS');
    expect(body.circuitId).toMatch(/^\d+$/);
    expect((await get('/groups/424242')).status).toBe(404);
  });

  it("lists a group's performances, with scores only where released", async () => {
    const { body } = await get(`/groups/${circuit.groups['Alpha HS'].id}/performances`);
    expect(body.data).toHaveLength(2);
    const [finals, encore] = body.data;
    expect(finals.round).toEqual({ number: 1, name: 'Finals' });
    expect(finals.total).toEqual({ score: 77.4, rank: 1 });
    expect(finals.groupsInRound).toBe(3);
    expect(encore.round.name).toBe('Encore');
    expect(encore.total).toBeNull();
    expect(encore.categories).toEqual([]);
    // each category with its captions, as the competition's scores have them, named as its sheet names them
    type Ranked = { score: number; rank: number | null };
    type Scored = Ranked & { captions: Ranked[] };
    const section = (await get(`/competitions/${circuit.competition.id}/scores`)).body.data[0];
    const alpha = section.performances.find((p: { group: { name: string } }) => p.group.name === 'Alpha HS') as {
      categories: Scored[];
    };
    const sheet = section.sheet.categories as {
      key: string;
      name: string;
      captions: { key: string; name: string }[];
    }[];
    expect(finals.categories).toEqual(
      sheet.map((category, c) => ({
        key: category.key,
        name: category.name,
        score: alpha.categories[c].score,
        rank: alpha.categories[c].rank,
        captions: category.captions.map((caption, k) => ({
          key: caption.key,
          name: caption.name,
          score: alpha.categories[c].captions[k].score,
          rank: alpha.categories[c].captions[k].rank,
        })),
      })),
    );
    expect(finals.categories[3].captions).toHaveLength(2);
  });
});

describe('divisions and seasons', () => {
  it('lists divisions with their group type', async () => {
    const { body } = await get('/divisions/');
    expect(body.data).toEqual([
      {
        id: circuit.scholasticA.id,
        name: 'Scholastic A',
        initials: 'SA',
        sortOrder: 1,
        groupType: { id: 1, name: 'Color Guard' },
      },
      {
        id: circuit.percussion.id,
        name: 'Percussion Scholastic A',
        initials: 'PSA',
        sortOrder: 1,
        groupType: { id: 2, name: 'Percussion' },
      },
    ]);
    expect((await get('/divisions/?groupTypeId=2')).body.data).toHaveLength(1);
  });

  it('lists seasons and marks the one holding today as current', async () => {
    const { body } = await get('/seasons/');
    expect(body.data.map((s: { name: string }) => s.name)).toEqual(['2025-26 Season', '2026-27 Season']);
    const today = new Date().toISOString().slice(0, 10);
    for (const season of body.data) {
      expect(season.current).toBe(season.startDate <= today && today <= season.endDate);
      expect(season.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('a competition', () => {
  it('has a schedule in performance order with times', async () => {
    const { body } = await get(`/competitions/${circuit.competition.id}/schedule`);
    expect(body.competition).toMatchObject({
      id: circuit.competition.id,
      name: 'Color Guard',
      date: '2027-01-16T15:00:00.000Z',
    });
    expect(body.data.map((e: { group: { name: string } }) => e.group.name)).toEqual([
      'Alpha HS',
      'Bravo HS',
      'Charlie HS',
      'Alpha HS',
    ]);
    expect(body.data[1]).toMatchObject({
      time: '2027-01-16T15:10:00.000Z',
      order: 2,
      round: { number: 1, name: 'Finals' },
      division: { initials: 'SA' },
    });
  });

  it('has scores: released rounds only, every number tabulated and ranked', async () => {
    const { body } = await get(`/competitions/${circuit.competition.id}/scores`);
    expect(body.rounds).toEqual([
      { number: 1, name: 'Finals', scoresReleased: true },
      { number: 2, name: 'Encore', scoresReleased: false },
    ]);
    expect(body.competition.chiefJudge).toBe('Pat Chief');
    expect(body.data).toHaveLength(1);
    const section = body.data[0];
    expect(section.round).toEqual({ number: 1, name: 'Finals' });
    expect(section.sheet.categories.map((c: { name: string }) => c.name)).toEqual([
      'Equipment Analysis',
      'Movement Analysis',
      'Design Analysis',
      'General Effect',
    ]);
    expect(section.sheet.categories[3].captions.map((c: { judge: unknown }) => c.judge)).toEqual([
      { firstName: 'Gil', lastName: 'Effect' },
      { firstName: 'Gia', lastName: 'Effect' },
    ]);
    const [alpha, bravo, charlie] = section.performances;
    expect([alpha.group.name, bravo.group.name, charlie.group.name]).toEqual(['Alpha HS', 'Bravo HS', 'Charlie HS']);
    // Equipment 80*.07+78*.13, Movement 75*.07+77*.13, Design 70*.1+72*.1, GE (82+80)*.1 + (81+79)*.1
    expect(alpha.subtotal).toEqual({ score: 77.4, rank: 1 });
    expect(bravo.subtotal).toEqual({ score: 71.68, rank: 2 });
    expect(bravo.penalty).toBe(BRAVO_PENALTY);
    expect(bravo.total).toEqual({ score: 71.18, rank: 2 });
    expect(charlie.total).toEqual({ score: 61.5, rank: 3 });
    // Design Analysis is tied between Alpha and Bravo: both rank 1, Charlie 3
    expect([alpha, bravo, charlie].map((p) => p.categories[2].rank)).toEqual([1, 1, 3]);
    expect(alpha.categories[0].captions[0].subcaptions).toEqual([
      { key: 'voc', score: 80, rank: 1 },
      { key: 'exc', score: 78, rank: 1 },
    ]);
  });

  it('404s unknown competitions', async () => {
    expect((await get('/competitions/999999/scores')).status).toBe(404);
    expect((await get('/competitions/999999/schedule')).status).toBe(404);
  });
});

describe('standings', () => {
  it('ranks each division by the latest released total', async () => {
    const { body } = await get(`/standings/?seasonId=${circuit.season.id}`);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].division.name).toBe('Scholastic A');
    expect(
      body.data[0].entries.map((e: { group: { name: string }; rank: number; latestScore: number }) => [
        e.group.name,
        e.rank,
        e.latestScore,
      ]),
    ).toEqual([
      ['Alpha HS', 1, 77.4],
      ['Bravo HS', 2, 71.18],
      ['Charlie HS', 3, 61.5],
    ]);
    expect((await get('/standings/?seasonId=999999')).status).toBe(404);
  });
});
