/**
 * The schedule builder (issue 40, items 2 and 4; decision 138), answered by the API app in process: the default
 * draft, a saved draft's computed times and conflicts, publishing (refused with conflicts unless told, a reason
 * needed after the first), the performances' times written (GET /competitions/{id}/schedule), what moved since the
 * last version, every write in the audit trail, the refusals naming their field, and who may write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompetition } from '../../server/api/db/repositories/competitions.write.js';
import { createDivision } from '../helpers/setup-writes.js';
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
let competitionId: number;
/** a second guard division, where Alpha HS also performs */
let open: { id: number };
/** performance ids: Alpha, Bravo, Alpha JV in Scholastic A (that order), Charlie then Alpha in Scholastic Open */
const p = {} as Record<'alpha' | 'bravo' | 'jv' | 'delta' | 'alphaDrums', number>;

const draftOf = () => `/competitions/${competitionId}/schedule/draft`;
const versionsOf = () => `/competitions/${competitionId}/schedule/versions`;
const at = (hhmm: string) => `2027-03-06T${hhmm}:00.000Z`;

const goodDraft = (change: Json = {}) => ({
  startsAt: at('15:00'),
  endsAt: at('16:00'),
  gapMinutes: 20,
  intervals: [
    { divisionId: circuit.scholasticA.id, minutes: 10 },
    { divisionId: open.id, minutes: 12 },
  ],
  items: [
    { performanceId: p.alpha },
    { performanceId: p.bravo },
    { block: { kind: 'break', title: 'Break', minutes: 15 } },
    { performanceId: p.jv },
    { performanceId: p.delta },
    { performanceId: p.alphaDrums },
    { block: { kind: 'awards', title: 'Awards', minutes: 20 } },
  ],
  ...change,
});

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  key = apiClient(api.inProcess, auth);
  const app = await api.createKey(circuit.org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  for (const role of ['tabulator', 'judge'] as const)
    await api.createUser(circuit.org.guid, `${role}@schedules.example`, PASSWORD, { role });
  const bearer = async (role: string) => ({
    authorization: `Bearer ${await userToken(api, app, `${role}@schedules.example`, PASSWORD)}`,
  });
  tabulator = apiClient(api.inProcess, await bearer('tabulator'));
  judge = apiClient(api.inProcess, await bearer('judge'));
  const fans = await api.createKey(circuit.org.guid, { name: 'Fans', readOnly: true });
  readOnly = apiClient(api.inProcess, { authorization: `Bearer ${await api.token(fans.clientId, fans.clientSecret)}` });
  const db = api.services.database.db;
  open = await createDivision(db, circuit.org.id, {
    name: 'Scholastic Open',
    initials: 'SO',
    groupTypeId: 1,
    sortOrder: 2,
  });
  const jv = await createGroup(db, circuit.org.id, {
    name: 'Alpha HS JV',
    location: 'Austin, TX',
    circuitId: '3001',
    divisionId: circuit.scholasticA.id,
  });
  const competition = await createCompetition(db, circuit.org.id, {
    eventId: circuit.event.id,
    name: 'Spring Classic',
    startsAt: new Date(at('14:00')),
    groupTypeId: 1,
  });
  competitionId = competition.id;
  const round = await ensureRound(db, circuit.org.id, { competitionId, number: 1, name: 'Prelims' });
  const add = async (groupId: number, divisionId: number, order: number) =>
    (await addPerformance(db, circuit.org.id, { roundId: round.id, divisionId, groupId, order })).id;
  p.alpha = await add(circuit.groups['Alpha HS'].id, circuit.scholasticA.id, 1);
  p.bravo = await add(circuit.groups['Bravo HS'].id, circuit.scholasticA.id, 2);
  p.jv = await add(jv.id, circuit.scholasticA.id, 3);
  p.delta = await add(circuit.groups['Charlie HS'].id, open.id, 1);
  p.alphaDrums = await add(circuit.groups['Alpha HS'].id, open.id, 2);
  const stranger = await buildSmallCircuit(db, 'Another Circuit');
  const strangerKey = await api.createKey(stranger.org.guid);
  other = apiClient(api.inProcess, {
    authorization: `Bearer ${await api.token(strangerKey.clientId, strangerKey.clientSecret)}`,
  });
}, 180_000);
afterAll(() => api?.stop());

const times = (draft: Json) =>
  (draft.items as Json[]).map((item) => [
    item.kind === 'block' ? item.title : item.group.name,
    item.startsAt.slice(11, 16),
    item.endsAt.slice(11, 16),
  ]);

async function scheduleTimes() {
  const schedule = await readOnly.get(`/competitions/${competitionId}/schedule`);
  expect(schedule.status).toBe(200);
  return (schedule.body.data as Json[]).map((row) => [row.group.name, row.division.name, row.time]);
}

describe('the draft', () => {
  it('starts as the default: the competition time, 12-minute intervals, the running order, nothing published', async () => {
    const draft = await tabulator.get(draftOf());
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.saved).toBeNull();
    expect(draft.body.published).toBeNull();
    expect(draft.body.startsAt).toBe(at('14:00'));
    expect(draft.body.endsAt).toBeNull();
    expect(draft.body.gapMinutes).toBe(30);
    expect(draft.body.intervals.map((interval: Json) => interval.minutes)).toEqual([12, 12]);
    expect((draft.body.items as Json[]).map((item) => item.performanceId)).toEqual([
      p.alpha,
      p.bravo,
      p.jv,
      p.delta,
      p.alphaDrums,
    ]);
  });

  it('saves whole and answers the computed times and the conflicts in words', async () => {
    const saved = await tabulator.send('POST', draftOf(), goodDraft());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.saved.by).toBe('tabulator@schedules.example');
    expect(times(saved.body)).toEqual([
      ['Alpha HS', '15:00', '15:10'],
      ['Bravo HS', '15:10', '15:20'],
      ['Break', '15:20', '15:35'],
      ['Alpha HS JV', '15:35', '15:45'],
      ['Charlie HS', '15:45', '15:57'],
      ['Alpha HS', '15:57', '16:09'],
      ['Awards', '16:09', '16:29'],
    ]);
    expect(saved.body.conflicts).toEqual([
      { kind: 'past-end', items: [5], message: "Alpha HS ends 9 minutes after the venue's end time." },
      { kind: 'past-end', items: [6], message: "Awards starts 9 minutes after the venue's end time." },
      {
        kind: 'shared-members',
        items: [3, 5],
        message: 'Alpha HS JV and Alpha HS may share members and perform with 12 minutes between (the gap is 20).',
      },
    ]);
    expect((await tabulator.get(draftOf())).body).toEqual(saved.body);
    // nothing is published by saving
    expect((await scheduleTimes()).every(([, , time]) => time === null)).toBe(true);
  });

  it('flags one group in two places closer than the gap', async () => {
    const items = goodDraft().items.filter((item) => item.block?.title !== 'Break');
    const saved = await key.send('POST', draftOf(), goodDraft({ endsAt: null, gapMinutes: 60, items }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.conflicts.find((one: Json) => one.kind === 'group-twice')).toEqual({
      kind: 'group-twice',
      items: [0, 4],
      message: 'Alpha HS performs twice with 32 minutes between (the gap is 60).',
    });
  });
});

describe('publishing', () => {
  it('is refused with conflicts unless told, naming despiteConflicts', async () => {
    expect((await tabulator.send('POST', draftOf(), goodDraft())).status).toBe(200);
    const refused = await tabulator.send('POST', versionsOf(), {});
    expect(refused.status).toBe(422);
    expect(namesOf(refused)).toEqual(['despiteConflicts']);
    expect((await key.get(versionsOf())).body.data).toEqual([]);
  });

  it('writes the times to the performances and records version 1 with who and when', async () => {
    const fixed = await tabulator.send('POST', draftOf(), goodDraft({ endsAt: at('17:00'), gapMinutes: 10 }));
    expect(fixed.body.conflicts).toEqual([]);
    const published = await tabulator.send('POST', versionsOf(), {});
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body).toMatchObject({ number: 1, reason: '', publishedBy: 'tabulator@schedules.example' });
    expect(published.body.moved).toHaveLength(5);
    expect(published.body.moved.every((move: Json) => move.from === null)).toBe(true);
    expect(await scheduleTimes()).toEqual([
      ['Alpha HS', 'Scholastic A', at('15:00')],
      ['Bravo HS', 'Scholastic A', at('15:10')],
      ['Alpha HS JV', 'Scholastic A', at('15:35')],
      ['Charlie HS', 'Scholastic Open', at('15:45')],
      ['Alpha HS', 'Scholastic Open', at('15:57')],
    ]);
    const draft = (await tabulator.get(draftOf())).body;
    expect(draft.published).toMatchObject({ number: 1 });
    expect(draft.moved).toEqual([]);
    expect((draft.items as Json[]).filter((item) => item.kind === 'performance').every((item) => !item.moved)).toBe(
      true,
    );
  });

  it('needs a reason after the first version, and answers what moved per performance', async () => {
    const [alpha, bravo, pause, ...rest] = goodDraft().items;
    const moved = await tabulator.send(
      'POST',
      draftOf(),
      goodDraft({ endsAt: at('17:00'), gapMinutes: 10, items: [alpha, pause, bravo, ...rest] }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.moved).toEqual([
      { performanceId: p.bravo, groupName: 'Bravo HS', from: at('15:10'), to: at('15:25') },
    ]);
    const bravoItem = (moved.body.items as Json[]).find((item) => item.performanceId === p.bravo);
    expect(bravoItem).toMatchObject({ published: at('15:10'), startsAt: at('15:25'), moved: true });

    const noReason = await tabulator.send('POST', versionsOf(), { reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(namesOf(noReason)).toEqual(['reason']);
    const second = await key.send('POST', versionsOf(), { reason: 'Bravo HS arrives late' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ number: 2, reason: 'Bravo HS arrives late' });
    expect(second.body.moved).toEqual([
      { performanceId: p.bravo, groupName: 'Bravo HS', from: at('15:10'), to: at('15:25') },
    ]);
    expect((await scheduleTimes()).find(([name]) => name === 'Bravo HS')?.[2]).toBe(at('15:25'));

    const versions = (await readOnly.get(versionsOf())).body.data as Json[];
    expect(versions.map((version) => [version.number, version.reason, version.moved.length])).toEqual([
      [1, '', 5],
      [2, 'Bravo HS arrives late', 1],
    ]);
    expect(versions[1].items.map((item: Json) => item.kind)).toEqual([
      'performance',
      'block',
      'performance',
      'performance',
      'performance',
      'performance',
      'block',
    ]);
  });

  it('puts every save and publish in the audit trail', async () => {
    const trail = (await key.get(`/audit/?competitionId=${competitionId}`)).body.data as Json[];
    const published = trail.filter((entry) => entry.action === 'schedule.publish');
    expect(published).toHaveLength(2);
    expect(
      published.every((entry) => entry.resource.type === 'schedule' && entry.resource.id === String(competitionId)),
    ).toBe(true);
    expect(published.map((entry) => entry.after.published.number).sort()).toEqual([1, 2]);
    const saves = trail.filter((entry) => entry.action === 'schedule.save-draft');
    expect(saves.length).toBeGreaterThanOrEqual(4);
    expect(saves.some((entry) => entry.after.draft.gapMinutes === 10)).toBe(true);
  });
});

describe('refusals', () => {
  const items = () => goodDraft().items;
  it.each([
    [
      'an interval of 0',
      () =>
        goodDraft({
          intervals: [
            { divisionId: circuit.scholasticA.id, minutes: 0 },
            { divisionId: open.id, minutes: 12 },
          ],
        }),
      'intervals.0.minutes',
    ],
    [
      'an interval too long',
      () =>
        goodDraft({
          intervals: [
            { divisionId: circuit.scholasticA.id, minutes: 10 },
            { divisionId: open.id, minutes: 121 },
          ],
        }),
      'intervals.1.minutes',
    ],
    [
      'a division without an interval',
      () => goodDraft({ intervals: [{ divisionId: circuit.scholasticA.id, minutes: 10 }] }),
      'intervals',
    ],
    [
      'an interval of a division not here',
      () => goodDraft({ intervals: [...goodDraft().intervals, { divisionId: 999_999, minutes: 10 }] }),
      'intervals.2.divisionId',
    ],
    ['an end before the start', () => goodDraft({ endsAt: at('14:00') }), 'endsAt'],
    [
      'a block with no title',
      () =>
        goodDraft({
          items: [...items().slice(0, 2), { block: { kind: 'meal', title: ' ', minutes: 30 } }, ...items().slice(2)],
        }),
      'items.2.block.title',
    ],
    [
      'a block of 0 minutes',
      () => goodDraft({ items: [{ block: { kind: 'other', title: 'Anthem', minutes: 0 } }, ...items()] }),
      'items.0.block.minutes',
    ],
    ['a gap below 0', () => goodDraft({ gapMinutes: -5 }), 'gapMinutes'],
    ['a performance missing', () => goodDraft({ items: items().slice(1) }), 'items'],
    [
      'a performance twice',
      () => goodDraft({ items: [...items(), { performanceId: p.alpha }] }),
      'items.7.performanceId',
    ],
    [
      'a performance of another competition',
      () => goodDraft({ items: [...items(), { performanceId: circuit.encorePerformanceId }] }),
      'items.7.performanceId',
    ],
    [
      'a division out of its running order',
      () => goodDraft({ items: [items()[1], items()[0], ...items().slice(2)] }),
      'items.1.performanceId',
    ],
  ])('%s is a 422 naming the field', async (_name, body, field) => {
    const before = (await key.get(draftOf())).body;
    const answer = await tabulator.send('POST', draftOf(), body());
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(namesOf(answer)).toEqual([field]);
    expect((await key.get(draftOf())).body).toEqual(before);
  });

  it('answers 400 for a malformed body and 404 for an unknown or foreign competition', async () => {
    expect((await key.send('POST', draftOf(), goodDraft({ startsAt: 'at three' }))).status).toBe(400);
    expect(
      (await key.send('POST', draftOf(), goodDraft({ items: [{ block: { kind: 'nap', title: 'x', minutes: 5 } }] })))
        .status,
    ).toBe(400);
    expect((await key.send('POST', versionsOf(), { reason: 'x'.repeat(501) })).status).toBe(422);
    expect((await key.get('/competitions/999999/schedule/draft')).status).toBe(404);
    expect((await key.send('POST', '/competitions/999999/schedule/versions', { reason: 'x' })).status).toBe(404);
    expect((await other.get(draftOf())).status).toBe(404);
    expect((await other.send('POST', draftOf(), goodDraft())).status).toBe(404);
    expect((await other.get(versionsOf())).status).toBe(404);
  });

  it("lets only the circuit's administrator, tabulator and full keys read the draft and write", async () => {
    for (const client of [judge, readOnly]) {
      expect((await client.get(draftOf())).status).toBe(403);
      expect((await client.send('POST', draftOf(), goodDraft())).status).toBe(403);
      expect((await client.send('POST', versionsOf(), { reason: 'x' })).status).toBe(403);
    }
    // the published versions are a read like the schedule
    expect((await judge.get(versionsOf())).status).toBe(200);
  });
});
