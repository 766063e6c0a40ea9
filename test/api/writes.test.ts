import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let auth: Record<string, string>;

type Json = Record<string, any>;

const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await api.inProcess.fetch(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Json };
};
const get = (path: string) => send('GET', path);
const form = (path: string, fields: Record<string, string>) =>
  send('POST', path, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' });

beforeAll(async () => {
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
});
afterAll(() => api?.stop());

describe('groups', () => {
  it('creates a group from JSON (201 with the record) and from a form', async () => {
    const created = await send('POST', '/groups/', {
      name: 'Echo HS',
      location: 'Waco, TX',
      circuitId: '3001',
      divisionId: circuit.scholasticA.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: created.body.id,
      name: 'Echo HS',
      location: 'Waco, TX',
      circuitId: '3001',
      division: { id: circuit.scholasticA.id, name: 'Scholastic A', initials: 'SA' },
      active: true,
      pending: false,
      groupType: { id: 1, name: 'Color Guard' },
    });
    expect((await get(`/groups/${created.body.id}`)).body.name).toBe('Echo HS');
    const viaForm = await form('/groups/', {
      name: 'Foxtrot HS',
      divisionId: String(circuit.scholasticA.id),
      pending: 'true',
    });
    expect(viaForm.status).toBe(201);
    expect(viaForm.body.pending).toBe(true);
  });

  it('updates a group with POST, changing only what was sent; the next read sees it', async () => {
    const id = circuit.groups['Charlie HS'].id;
    const updated = await send('POST', `/groups/${id}`, { active: false, location: 'Temple, TX' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Charlie HS', active: false, location: 'Temple, TX' });
    expect((await get('/groups/?active=false')).body.data.map((g: Json) => g.name)).toContain('Charlie HS');
  });

  it('names every bad field: 400 for malformed, 422 for rule breaks, 415 for other bodies, 404 for unknown ids', async () => {
    const malformed = await send('POST', '/groups/', { name: '', divisionId: 'x', colour: 'red' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.map((e: Json) => e.name).sort()).toEqual(['colour', 'divisionId', 'name']);
    const badJson = await send('POST', '/groups/', '{"name": ');
    expect(badJson.status).toBe(400);
    expect(badJson.body.code).toBe('malformed_body');
    const unknownDivision = await send('POST', '/groups/', { name: 'Ghost', divisionId: 999999 });
    expect(unknownDivision.status).toBe(422);
    expect(unknownDivision.body.errors).toEqual([
      { name: 'divisionId', in: 'body', message: expect.stringContaining('division') },
    ]);
    const xml = await send('POST', '/groups/', '<group/>', { 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);
    expect(xml.body.errors[0].name).toBe('Content-Type');
    expect((await send('POST', '/groups/999999', { name: 'Nobody' })).status).toBe(404);
  });

  it('refuses a write sent without a body where the operation takes one: 400 naming the body, never a 500', async () => {
    // a withdraw or a new link takes none (test/api/registrations.test.ts sends one so); these take fields
    const competition = circuit.competition.id;
    for (const path of [
      '/groups/',
      `/competitions/${competition}/scores`,
      `/competitions/${competition}/schedule/draft`,
      `/competitions/${competition}/registration`,
      '/me/tablet',
      `/performances/${circuit.performances['Alpha HS']}/commentary/marks`,
    ]) {
      const none = await send('POST', path);
      expect(none.status, path).toBe(400);
      expect(JSON.stringify(none.body.errors), path).toMatch(/body|Content-Type/i);
    }
  });

  it('replays a retried create with the same Idempotency-Key instead of creating twice', async () => {
    const body = { name: 'Golf HS', divisionId: circuit.scholasticA.id };
    const first = await send('POST', '/groups/', body, { 'idempotency-key': 'create-golf-1' });
    const retry = await send('POST', '/groups/', body, { 'idempotency-key': 'create-golf-1' });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await get('/groups/?q=Golf')).body.data).toHaveLength(1);
    const reused = await send(
      'POST',
      '/groups/',
      { ...body, name: 'Hotel HS' },
      { 'idempotency-key': 'create-golf-1' },
    );
    expect(reused.status).toBe(422);
  });
});

describe('events, competitions and performances', () => {
  it('creates an event, a competition in it, and schedules performances the schedule shows', async () => {
    const event = await send('POST', '/events/', {
      seasonId: circuit.season.id,
      name: 'Spring Classic',
      location: 'Plano, TX',
      eventTypeId: 1,
      startDate: '2027-03-06',
    });
    expect(event.status).toBe(201);
    expect(event.body).toMatchObject({
      name: 'Spring Classic',
      seasonId: circuit.season.id,
      eventType: 'Regular Season',
      competitions: [],
    });
    const competition = await send('POST', `/events/${event.body.id}/competitions`, {
      name: 'Color Guard',
      date: '2027-03-06T14:00:00-06:00',
      groupTypeId: 1,
      rounds: [
        { number: 1, name: 'Prelims' },
        { number: 2, name: 'Finals' },
      ],
    });
    expect(competition.status).toBe(201);
    expect(competition.body.date).toBe('2027-03-06T20:00:00.000Z');
    const competitionId = competition.body.id;
    const added = await send('POST', `/competitions/${competitionId}/performances`, {
      groupId: circuit.groups['Alpha HS'].id,
      divisionId: circuit.scholasticA.id,
      round: 1,
      time: '2027-03-06T20:10:00Z',
      order: 1,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      competitionId,
      round: { number: 1, name: 'Prelims' },
      time: '2027-03-06T20:10:00.000Z',
      order: 1,
      group: { name: 'Alpha HS' },
    });
    const duplicate = await send('POST', `/competitions/${competitionId}/performances`, {
      groupId: circuit.groups['Alpha HS'].id,
      divisionId: circuit.scholasticA.id,
      round: 1,
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors[0].name).toBe('groupId');
    const wrongType = await send('POST', `/competitions/${competitionId}/performances`, {
      groupId: circuit.groups['Delta Drumline'].id,
      divisionId: circuit.scholasticA.id,
    });
    expect(wrongType.status).toBe(422);
    const schedule = await get(`/competitions/${competitionId}/schedule`);
    expect(schedule.body.data.map((e: Json) => [e.group.name, e.time])).toEqual([
      ['Alpha HS', '2027-03-06T20:10:00.000Z'],
    ]);
    expect((await get(`/events/${event.body.id}`)).body.competitions.map((c: Json) => c.id)).toEqual([competitionId]);

    const removed = await send('DELETE', `/performances/${added.body.id}`);
    expect(removed.status).toBe(204);
    expect((await get(`/competitions/${competitionId}/schedule`)).body.data).toEqual([]);
    expect((await send('DELETE', `/performances/${added.body.id}`)).status).toBe(404);
  });

  it('refuses bad event and competition input with the field named', async () => {
    const badDate = await send('POST', '/events/', {
      seasonId: circuit.season.id,
      name: 'X',
      eventTypeId: 1,
      startDate: '03/06/2027',
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors[0].name).toBe('startDate');
    const noZone = await send('POST', `/events/${circuit.event.id}/competitions`, {
      name: 'Y',
      date: '2027-03-06T14:00:00',
      groupTypeId: 1,
    });
    expect(noZone.status).toBe(400);
    expect(noZone.body.errors[0].name).toBe('date');
    const unknownSeason = await send('POST', '/events/', {
      seasonId: 999999,
      name: 'X',
      eventTypeId: 1,
      startDate: '2027-03-06',
    });
    expect(unknownSeason.status).toBe(422);
    expect(unknownSeason.body.errors[0].name).toBe('seasonId');
    const unknownType = await send('POST', '/events/', {
      seasonId: circuit.season.id,
      name: 'X',
      eventTypeId: 99,
      startDate: '2027-03-06',
    });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.errors[0].name).toBe('eventTypeId');
    expect(
      (await send('POST', '/events/999999/competitions', { name: 'Y', date: '2027-03-06T14:00:00Z', groupTypeId: 1 }))
        .status,
    ).toBe(404);
  });
});

describe('score entry and release', () => {
  it('enters scores judge by judge; nothing shows until the round is released, then every read shows it', async () => {
    const event = await send('POST', '/events/', {
      seasonId: circuit.season.id,
      name: 'Live Show',
      eventTypeId: 1,
      startDate: '2027-02-13',
    });
    const competition = await send('POST', `/events/${event.body.id}/competitions`, {
      name: 'Color Guard',
      date: '2027-02-13T15:00:00Z',
      groupTypeId: 1,
    });
    const competitionId = competition.body.id;
    const ids: number[] = [];
    for (const name of ['Alpha HS', 'Bravo HS']) {
      ids.push(
        (
          await send('POST', `/competitions/${competitionId}/performances`, {
            groupId: circuit.groups[name].id,
            divisionId: circuit.scholasticA.id,
          })
        ).body.id,
      );
    }
    const entered = await send('POST', `/performances/${ids[0]}/scores`, {
      captionKey: 'ea',
      scores: { voc: 70, exc: 80 },
    });
    expect(entered.status).toBe(200);
    expect(entered.body).toMatchObject({ released: false, performed: true, subtotal: { score: 15.3, rank: 1 } });
    // a form works too, with dotted names
    const viaForm = await form(`/performances/${ids[1]}/scores`, {
      captionKey: 'ea',
      'scores.voc': '75',
      'scores.exc': '81',
    });
    expect(viaForm.status).toBe(200);
    expect(viaForm.body.subtotal).toEqual({ score: 15.78, rank: 1 });
    expect((await get(`/competitions/${competitionId}/scores`)).body.data).toEqual([]);
    expect((await get(`/2018-03/performances?c=${competition.body.guid}`)).body).toEqual([]);
    expect(
      (await get(`/groups/${circuit.groups['Alpha HS'].id}/performances`)).body.data.find(
        (p: Json) => p.competition.id === competitionId,
      ).total,
    ).toBeNull();

    const penalty = await send('POST', `/performances/${ids[1]}/penalties`, {
      penalties: [{ amount: 1, reason: 'Timing' }],
    });
    expect(penalty.body.total).toEqual({ score: 14.78, rank: 2 });

    // one caption of five entered: release is refused naming the rest (decision 082), unless forced with a reason
    const refused = await send('POST', `/competitions/${competitionId}/release`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.sections[0].missing.map((caption: Json) => caption.captionKey)).toEqual([
      'ma',
      'da',
      'ge1',
      'ge2',
    ]);
    const released = await send('POST', `/competitions/${competitionId}/release`, {
      force: true,
      reason: 'Equipment only: a one-caption show',
    });
    expect(released.body.rounds).toEqual([{ number: 1, name: '', scoresReleased: true }]);
    const scores = await get(`/competitions/${competitionId}/scores`);
    expect(scores.body.data[0].performances.map((p: Json) => [p.group.name, p.total.score, p.total.rank])).toEqual([
      ['Alpha HS', 15.3, 1],
      ['Bravo HS', 14.78, 2],
    ]);
    const v2 = await get(`/2018-03/performances?c=${competition.body.guid}`);
    expect(v2.body.map((p: Json) => [p.GroupName, p.TotalScore, p.Rank])).toEqual([
      ['Alpha HS', '15.300', 1],
      ['Bravo HS', '14.780', 2],
    ]);
    // a correction after release (with its reason: decision 083) re-tabulates and is visible at once
    await send('POST', `/performances/${ids[0]}/scores`, {
      captionKey: 'ea',
      scores: [
        { subcaptionKey: 'voc', score: 60 },
        { subcaptionKey: 'exc', score: 60 },
      ],
      reason: 'Sheet misread',
    });
    expect((await get(`/competitions/${competitionId}/scores`)).body.data[0].performances[0].group.name).toBe(
      'Bravo HS',
    );
    // withdrawing the release hides the scores again
    await send('POST', `/competitions/${competitionId}/release`, { released: false });
    expect((await get(`/competitions/${competitionId}/scores`)).body.data).toEqual([]);
  });

  it('refuses scores outside the sheet and leaves the stored scores untouched', async () => {
    const performanceId = circuit.performances['Charlie HS'];
    const before = (await get(`/competitions/${circuit.competition.id}/scores`)).body;
    const outOfRange = await send('POST', `/performances/${performanceId}/scores`, {
      captionKey: 'ea',
      scores: { voc: 60, exc: 101 },
    });
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body.errors[0].name).toMatch(/exc|scores/);
    const unknownCaption = await send('POST', `/performances/${performanceId}/scores`, {
      captionKey: 'xx',
      scores: { voc: 60 },
    });
    expect(unknownCaption.status).toBe(422);
    const unknownLine = await send('POST', `/performances/${performanceId}/scores`, {
      captionKey: 'ea',
      scores: { voc: 60, flair: 70 },
    });
    expect(unknownLine.status).toBe(422);
    expect((await get(`/competitions/${circuit.competition.id}/scores`)).body).toEqual(before);
  });

  it('marks a group as not performed: no score, ranked last as recaps print it, the others ranked again', async () => {
    // the finals are released: whether a group performed changes numbers there, so it gives why (decision 084)
    const result = await send('POST', `/performances/${circuit.performances['Alpha HS']}/performed`, {
      performed: false,
      noScoreReason: 'Withdrew',
      reason: 'Alpha HS withdrew',
    });
    expect(result.status).toBe(200);
    const section = (await get(`/competitions/${circuit.competition.id}/scores`)).body.data[0];
    const alpha = section.performances.find((p: Json) => p.group.name === 'Alpha HS');
    const last = section.performances.filter((p: Json) => p.performed).length + 1;
    expect(alpha).toMatchObject({
      performed: false,
      noScoreReason: 'Withdrew',
      total: { score: 0, rank: last },
      categories: [],
    });
    expect(section.performances.find((p: Json) => p.group.name === 'Bravo HS').total.rank).toBe(1);
    const back = await send('POST', `/performances/${circuit.performances['Alpha HS']}/performed`, {
      performed: true,
      reason: 'Withdrawal entered for the wrong group',
    });
    expect(back.status).toBe(200);
  });
});
