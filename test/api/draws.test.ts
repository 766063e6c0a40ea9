/**
 * The draw (issue 40, items 1 and 6), answered by the API app in process: a preview that writes nothing, a commit
 * that records the rule, the inputs and the seed (in the draw and in the audit trail) and puts the division in its
 * order with the times kept to the places, the score rules reading the season's released totals, a new draw
 * superseding the old, the order then changing only by a draw, and the refusals naming their field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDraw } from '../../domain/draw/rules.js';
import { verifyDraw, type DrawRecord } from '../../domain/draw/record.js';
import { createCompetition } from '../../server/api/db/repositories/competitions.write.js';
import { createGroup } from '../../server/api/db/repositories/groups.write.js';
import { ensureRound } from '../../server/api/db/repositories/rounds.write.js';
import { addPerformance } from '../../server/api/db/repositories/performances.write.js';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { apiClient, namesOf, type Json } from './client.js';

const PASSWORD = 'a long enough password';
type Client = ReturnType<typeof apiClient>;

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let key: Client;
let tabulator: Client;
let judge: Client;
let readOnly: Client;
let other: Client;
/** a later show of the season, its finals entered in the order of entry: Alpha, Bravo, Charlie */
let show: { id: number; guid: string; performances: Map<string, number> };

const drawsOf = (competitionId: number) => `/competitions/${competitionId}/draws`;

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  key = apiClient(api.inProcess, auth);
  const app = await api.createKey(circuit.org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  for (const role of ['tabulator', 'judge'] as const) {
    await api.createUser(circuit.org.guid, `${role}@draws.example`, PASSWORD, { role });
  }
  tabulator = apiClient(api.inProcess, {
    authorization: `Bearer ${await userToken(api, app, 'tabulator@draws.example', PASSWORD)}`,
  });
  judge = apiClient(api.inProcess, {
    authorization: `Bearer ${await userToken(api, app, 'judge@draws.example', PASSWORD)}`,
  });
  const fans = await api.createKey(circuit.org.guid, { name: 'Fans', readOnly: true });
  readOnly = apiClient(api.inProcess, { authorization: `Bearer ${await api.token(fans.clientId, fans.clientSecret)}` });
  const db = api.services.database.db;
  const competition = await createCompetition(db, circuit.org.id, {
    eventId: circuit.event.id,
    name: 'Color Guard Finals',
    startsAt: new Date('2027-02-20T15:00:00.000Z'),
    groupTypeId: 1,
  });
  const finals = await ensureRound(db, circuit.org.id, { competitionId: competition.id, number: 1, name: 'Finals' });
  const performances = new Map<string, number>();
  for (const [index, name] of ['Alpha HS', 'Bravo HS', 'Charlie HS'].entries()) {
    const row = await addPerformance(db, circuit.org.id, {
      roundId: finals.id,
      divisionId: circuit.scholasticA.id,
      groupId: circuit.groups[name].id,
      performsAt: new Date(Date.UTC(2027, 1, 20, 15, index * 12)),
      order: index + 1,
    });
    performances.set(name, row.id);
  }
  show = { id: competition.id, guid: competition.guid, performances };
  const stranger = await buildSmallCircuit(db, 'Another Circuit');
  const strangerKey = await api.createKey(stranger.org.guid);
  other = apiClient(api.inProcess, {
    authorization: `Bearer ${await api.token(strangerKey.clientId, strangerKey.clientSecret)}`,
  });
}, 180_000);
afterAll(() => api?.stop());

const names = (record: DrawRecord) =>
  record.order.map((place) => record.input.entries.find((entry) => entry.groupId === place.groupId)?.name);

async function scheduleOrder() {
  const schedule = await key.get(`/competitions/${show.id}/schedule`);
  expect(schedule.status).toBe(200);
  return (schedule.body.data as Json[]).map((row) => [row.group.name, row.order, row.time]);
}

describe('a preview', () => {
  it('answers the order by reverse score of the season, writing nothing', async () => {
    const before = await scheduleOrder();
    const preview = await tabulator.send('POST', `${drawsOf(show.id)}/preview`, {
      round: 1,
      divisionId: circuit.scholasticA.id,
      rule: 'reverse-score',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.round).toEqual({ number: 1, name: 'Finals' });
    expect(preview.body.division).toEqual({ id: circuit.scholasticA.id, name: 'Scholastic A' });
    const record = preview.body.record as DrawRecord;
    // the Winter Kickoff's released finals: Alpha ahead of Bravo ahead of Charlie, so Charlie performs first
    expect(names(record)).toEqual(['Charlie HS', 'Bravo HS', 'Alpha HS']);
    expect(record.scoreSource).toEqual({ kind: 'season', seasonName: '2026-27 Season' });
    expect(record.input.entries.every((entry) => entry.scoreFrom === 'Color Guard')).toBe(true);
    expect(verifyDraw(record).same).toBe(true);
    expect(await scheduleOrder()).toEqual(before);
    expect((await key.get(drawsOf(show.id))).body.data).toEqual([]);
  });

  it("reads a named competition's scores, and a group without one performs first", async () => {
    const preview = await key.send('POST', `${drawsOf(show.id)}/preview`, {
      round: 1,
      divisionId: circuit.scholasticA.id,
      rule: 'reverse-score',
      scoreFrom: 'competition',
      scoreCompetitionId: show.id,
    });
    expect(preview.status).toBe(200);
    const record = preview.body.record as DrawRecord;
    expect(record.scoreSource).toMatchObject({ kind: 'competition', competitionName: 'Color Guard Finals' });
    expect(record.input.entries.map((entry) => entry.score)).toEqual([null, null, null]);
  });

  it('gives the same order again from the same seed', async () => {
    const body = { round: 1, divisionId: circuit.scholasticA.id, rule: 'random', seed: 12345 };
    const first = await key.send('POST', `${drawsOf(show.id)}/preview`, body);
    const again = await key.send('POST', `${drawsOf(show.id)}/preview`, { ...body, seed: '12345' });
    expect(first.body.record).toEqual(again.body.record);
    expect(first.body.record.order).toEqual(runDraw(first.body.record.input));
  });
});

describe('a committed draw', () => {
  it('records the rule, the inputs and the seed, and puts the division in its order with the times kept to the places', async () => {
    const tiers = [
      { groupId: circuit.groups['Charlie HS'].id, tier: 1 },
      { groupId: circuit.groups['Alpha HS'].id, tier: 2 },
      { groupId: circuit.groups['Bravo HS'].id, tier: 2 },
    ];
    const drawn = await tabulator.send('POST', drawsOf(show.id), {
      round: 1,
      divisionId: circuit.scholasticA.id,
      rule: 'random',
      tiers,
      seed: 2026,
    });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(201);
    const record = drawn.body.record as DrawRecord;
    expect(record.input).toMatchObject({ rule: 'random', tiers: true, seed: 2026 });
    expect(record.order[0]).toMatchObject({ groupId: circuit.groups['Charlie HS'].id, tier: 1, position: 1 });
    expect(drawn.body).toMatchObject({ current: true, verified: true, drawnBy: 'tabulator@draws.example' });
    expect(record.order).toEqual(runDraw(record.input));

    const schedule = await scheduleOrder();
    expect(schedule.map(([name, order]) => [name, order])).toEqual(names(record).map((name, i) => [name, i + 1]));
    expect(schedule.map(([, , time]) => time)).toEqual([
      '2027-02-20T15:00:00.000Z',
      '2027-02-20T15:12:00.000Z',
      '2027-02-20T15:24:00.000Z',
    ]);

    const trail = (await key.get(`/audit/?competitionId=${show.id}`)).body.data as Json[];
    const entry = trail.find((one) => one.action === 'draw.commit');
    expect(entry?.resource).toEqual({ type: 'draw', id: String(drawn.body.id) });
    expect(entry?.after.record.input).toEqual(record.input);
  });

  it('changes its order only by a new draw, which supersedes it; a time still changes', async () => {
    const first = (await key.get(drawsOf(show.id))).body.data[0];
    const alpha = show.performances.get('Alpha HS')!;
    const moved = await tabulator.send('POST', `/performances/${alpha}`, { order: 9 });
    expect(moved.status).toBe(422);
    expect(namesOf(moved)).toEqual(['order']);
    const retimed = await tabulator.send('POST', `/performances/${alpha}`, { time: '2027-02-20T16:00:00.000Z' });
    expect(retimed.status, JSON.stringify(retimed.body)).toBe(200);

    const byHand = [circuit.groups['Bravo HS'].id, circuit.groups['Alpha HS'].id, circuit.groups['Charlie HS'].id];
    const redrawn = await tabulator.send('POST', drawsOf(show.id), {
      round: 1,
      divisionId: circuit.scholasticA.id,
      rule: 'hand',
      order: byHand,
    });
    expect(redrawn.status).toBe(201);
    const all = (await key.get(drawsOf(show.id))).body.data as Json[];
    expect(all.map((draw) => [draw.id, draw.current, draw.verified])).toEqual([
      [first.id, false, true],
      [redrawn.body.id, true, true],
    ]);
    expect(all[0].record).toEqual(first.record);
    expect((await scheduleOrder()).map(([name]) => name)).toEqual(['Bravo HS', 'Alpha HS', 'Charlie HS']);
  });

  it('is published to every reader, a read-only key too', async () => {
    const read = await readOnly.get(drawsOf(show.id));
    expect(read.status).toBe(200);
    expect(read.body.data).toHaveLength(2);
  });
});

describe('the published page', () => {
  it("is linked from each draw of the listing, at the draw's own section", async () => {
    const draws = (await key.get(drawsOf(show.id))).body.data as Json[];
    const page = await apiClient(api.inProcess, {}).get(`/published/${circuit.org.guid}/draws/${show.guid}.htm`);
    for (const draw of draws) {
      const url = new URL(draw.pageUrl as string);
      expect(url.pathname).toBe(`/published/${circuit.org.guid}/draws/${show.guid}.htm`);
      expect(url.hash).toBe(`#draw-${draw.guid}`);
      expect(page.text).toContain(`id='draw-${draw.guid}'`);
    }
  });

  it('shows how each order was drawn, newest first, re-run from its record, without a token', async () => {
    const guid = show.guid;
    const anonymous = apiClient(api.inProcess, {});
    const page = await anonymous.get(`/published/${circuit.org.guid}/draws/${guid}.htm`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const [hand, random] = page.text.split("<section class='draw'").slice(1);
    expect(hand).toContain('Set by hand');
    expect(hand).not.toContain('superseded');
    expect(random).toContain(
      "A random draw in tiers (tier 1 performs first). Seed <code class='draw-seed'>2026</code>",
    );
    expect(random).toContain('(superseded by a later draw)');
    for (const section of [hand, random]) expect(section).toContain('Re-run from this record: the same order.');
    const record = /<pre class='draw-record'>([^<]*)<\/pre>/.exec(random)![1].replaceAll('&quot;', '"');
    expect(JSON.parse(record).input.seed).toBe(2026);
    expect((await anonymous.get(`/published/${circuit.org.guid}/draws/${guid}.html`)).status).toBe(400);
  });
});

describe('refusals', () => {
  const body = () => ({ round: 1, divisionId: circuit.scholasticA.id, rule: 'random' });

  it.each([
    [{ seed: 'abc' }, 'seed'],
    [{ seed: -1 }, 'seed'],
    [{ seed: 1.5 }, 'seed'],
    [{ seed: 2 ** 60 }, 'seed'],
    [{ round: 9 }, 'round'],
    [{ divisionId: 999_999 }, 'divisionId'],
    [{ rule: 'hand', order: [1] }, 'order'],
    [{ tiers: [{ groupId: 999_999, tier: 1 }] }, 'tiers'],
    [{ rule: 'reverse-score', scoreFrom: 'competition' }, 'scoreCompetitionId'],
    [{ rule: 'flights', flights: 4 }, 'flights'],
  ])('%j is a 422 naming %s', async (change, field) => {
    const answer = await key.send('POST', `${drawsOf(show.id)}/preview`, { ...body(), ...change });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(namesOf(answer)).toEqual([field]);
  });

  it('answers 400 for a malformed body and 404 for an unknown competition', async () => {
    const unknownRule = await key.send('POST', `${drawsOf(show.id)}/preview`, { ...body(), rule: 'coin' });
    expect(unknownRule.status).toBe(400);
    expect((await key.send('POST', `${drawsOf(show.id)}/preview`, { ...body(), blocks: 4 })).status).toBe(400);
    expect((await key.send('POST', `${drawsOf(show.id)}/preview`, { ...body(), __proto__x: 1 })).status).toBe(400);
    expect((await key.send('POST', `${drawsOf(999_999)}/preview`, body())).status).toBe(404);
  });

  it("keeps another organization's competition and draws out of reach", async () => {
    expect((await other.send('POST', drawsOf(show.id), body())).status).toBe(404);
    expect((await other.get(drawsOf(show.id))).status).toBe(404);
  });

  it('refuses a judge and a read-only key, naming the permission', async () => {
    for (const client of [judge, readOnly]) {
      const answer = await client.send('POST', drawsOf(show.id), body());
      expect(answer.status).toBe(403);
      expect(answer.body.permission).toBe('set-up');
    }
  });
});

// last: it enters a fourth group and commits a draw
describe('a commit after its preview', () => {
  it('is a 409 naming what changed when the entries changed since the preview, and records nothing', async () => {
    const body = { round: 1, divisionId: circuit.scholasticA.id, rule: 'random', seed: 4242 };
    const preview = await key.send('POST', `${drawsOf(show.id)}/preview`, body);
    expect(preview.status).toBe(200);
    const previewedOrder = (preview.body.record as DrawRecord).order.map((place) => place.groupId);
    const before = (await key.get(drawsOf(show.id))).body.data.length;
    // a fourth group entered meanwhile: the same seed now draws four
    const db = api.services.database.db;
    await addPerformance(db, circuit.org.id, {
      roundId: (await ensureRound(db, circuit.org.id, { competitionId: show.id, number: 1, name: 'Finals' })).id,
      divisionId: circuit.scholasticA.id,
      groupId: (
        await createGroup(db, circuit.org.id, { name: 'Delta HS', location: '', divisionId: circuit.scholasticA.id })
      ).id,
      order: 4,
    });
    const refused = await key.send('POST', drawsOf(show.id), { ...body, previewedOrder });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.code).toBe('draw_changed');
    expect(refused.body.detail).toContain('entered since: Delta HS');
    expect((await key.get(drawsOf(show.id))).body.data).toHaveLength(before);
    // previewed again, the commit records what was seen
    const again = await key.send('POST', `${drawsOf(show.id)}/preview`, body);
    const seen = (again.body.record as DrawRecord).order.map((place) => place.groupId);
    const committed = await key.send('POST', drawsOf(show.id), { ...body, previewedOrder: seen });
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    expect((committed.body.record as DrawRecord).order.map((place) => place.groupId)).toEqual(seen);
  });
});
