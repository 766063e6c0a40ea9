/**
 * Critique sign-up (issue 39, item 4; decision 137), answered by the API app in process: the circuit opens critique
 * for a division and round; groups' administrators pick a slot, first come (two at once for one slot: one gets it,
 * the other a 409 in words); a group reads only its own slot; the judges and the tabulator read the whole schedule;
 * a change that would drop a held slot is refused; sign-up closed once the window opened; performance order places
 * the groups and says who has no slot; bad input a 422 naming the field; every change in the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerformance } from '../../server/api/db/repositories/performances.write.js';
import type { Role } from '../../domain/roles.js';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { apiClient, type Answer, type Json } from './client.js';

const PASSWORD = 'a long enough password';
type Client = ReturnType<typeof apiClient>;

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let key: Client;
let tabulator: Client;
let judge: Client;
let alphaDirector: Client;
let alphaStaff: Client;
let bravoDirector: Client;
let charlieDirector: Client;
let alpha: number;
let bravo: number;
let charlie: number;

const minute = 60_000;
const hour = 60 * minute;
/** WGI regionals: four stations of three minutes, a 30-minute window starting in two hours: 7 slots */
const wgi = (change: Json = {}) => ({
  round: 1,
  divisionId: circuit.scholasticA.id,
  stations: ['Ensemble', 'Effect', 'Movement', 'Equipment'],
  slotMinutes: 3,
  from: new Date(Date.now() + 2 * hour).toISOString(),
  to: new Date(Date.now() + 2 * hour + 30 * minute).toISOString(),
  mode: 'pick',
  ...change,
});
const critiquesOf = () => `/competitions/${circuit.competition.id}/critiques`;

function expectProblem(answer: Answer, status: number, code?: string) {
  expect(answer.status, answer.text).toBe(status);
  if (code) expect(answer.body.code, answer.text).toBe(code);
}

/** A rule broken: 422 naming the field; a malformed field (of the schema): 400 naming it. */
function expectField(answer: Answer, field: string, status = 422) {
  expect(answer.status, answer.text).toBe(status);
  expect((answer.body.errors as { name: string }[]).map((error) => error.name)).toContain(field);
}

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  key = apiClient(api.inProcess, auth);
  alpha = circuit.groups['Alpha HS'].id;
  bravo = circuit.groups['Bravo HS'].id;
  charlie = circuit.groups['Charlie HS'].id;
  const app = await api.createKey(circuit.org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  const person = async (name: string, role: Role, groupIds?: number[]) => {
    const email = `${name}@critique.example`;
    const user = await api.createUser(circuit.org.guid, email, PASSWORD, { role });
    if (groupIds) expect((await key.send('POST', `/users/${user.id}`, { groupIds })).status).toBe(200);
    return apiClient(api.inProcess, { authorization: `Bearer ${await userToken(api, app, email, PASSWORD)}` });
  };
  tabulator = await person('tabulator', 'tabulator');
  judge = await person('judge', 'judge');
  alphaDirector = await person('alpha', 'group-administrator', [alpha]);
  alphaStaff = await person('alpha-staff', 'group-staff', [alpha]);
  bravoDirector = await person('bravo', 'group-administrator', [bravo]);
  charlieDirector = await person('charlie', 'group-administrator', [charlie]);
}, 180_000);
afterAll(() => api?.stop());

describe('critique sign-up', () => {
  let finals: number;
  const slotOf = (groupId: number) => `/groups/${groupId}/critiques/${finals}/slot`;

  it('is opened by the circuit (set-up), refused to a judge and a group, with 422s naming the field', async () => {
    expectProblem(await judge.send('POST', critiquesOf(), wgi()), 403, 'permission_required');
    expectProblem(await alphaDirector.send('POST', critiquesOf(), wgi()), 403, 'permission_required');
    expectField(await key.send('POST', critiquesOf(), wgi({ slotMinutes: 0 })), 'slotMinutes');
    expectField(await key.send('POST', critiquesOf(), wgi({ stations: [] })), 'stations');
    expectField(await key.send('POST', critiquesOf(), wgi({ stations: ['Music', 'music'] })), 'stations.1');
    expectField(await key.send('POST', critiquesOf(), wgi({ to: new Date(Date.now() + hour).toISOString() })), 'to');
    // 11 minutes cannot hold one group's round of four 3-minute stations
    expectField(
      await key.send('POST', critiquesOf(), wgi({ to: new Date(Date.parse(wgi().from) + 11 * minute).toISOString() })),
      'to',
    );
    expectField(await key.send('POST', critiquesOf(), wgi({ round: 9 })), 'round');
    expectField(await key.send('POST', critiquesOf(), wgi({ divisionId: 999_999 })), 'divisionId');
    expectField(await key.send('POST', critiquesOf(), wgi({ mode: 'lottery' })), 'mode', 400);
    expectField(await key.send('POST', critiquesOf(), wgi({ extra: 1 })), 'extra', 400);
    const opened = await tabulator.send('POST', critiquesOf(), wgi());
    expect(opened.status, opened.text).toBe(201);
    finals = opened.body.id;
    expect(opened.body).toMatchObject({ mode: 'pick', signUpOpen: true, round: { number: 1, name: 'Finals' } });
    expect(opened.body.slots).toHaveLength(7);
    expect(opened.body.slots[1].visits.map((v: Json) => v.station)).toEqual(wgi().stations);
    expect(Date.parse(opened.body.slots[1].startsAt) - Date.parse(opened.body.from)).toBe(3 * minute);
    expect(opened.body.unplaced.map((g: Json) => g.name).sort()).toEqual(['Alpha HS', 'Bravo HS', 'Charlie HS']);
    expectProblem(await key.send('POST', critiquesOf(), wgi()), 409, 'already_open');
    const audit = (await key.get('/audit/')).body.data as Json[];
    expect(audit.some((entry) => entry.action === 'critique.open')).toBe(true);
  });

  it("lets a group's administrator pick for its own group only, first come, and change it", async () => {
    const before = await alphaStaff.get(`/groups/${alpha}/critiques`);
    expect(before.status, before.text).toBe(200);
    expect(before.body.data).toHaveLength(1);
    expect(before.body.data[0]).toMatchObject({ id: finals, state: 'not-picked', slot: null, signUpOpen: true });
    expect(before.body.data[0].free).toHaveLength(7);
    expectProblem(await alphaStaff.send('POST', slotOf(alpha), { slot: 3 }), 403, 'permission_required');
    expectProblem(await bravoDirector.send('POST', slotOf(alpha), { slot: 3 }), 403, 'permission_required');
    expectProblem(await judge.send('POST', slotOf(alpha), { slot: 3 }), 403, 'permission_required');
    expectField(await alphaDirector.send('POST', slotOf(alpha), { slot: 8 }), 'slot');
    expectField(await alphaDirector.send('POST', slotOf(alpha), {}), 'slot', 400);
    const picked = await alphaDirector.send('POST', slotOf(alpha), { slot: 3 });
    expect(picked.status, picked.text).toBe(200);
    expect(picked.body).toMatchObject({ state: 'picked', slot: { number: 3 } });
    expect(picked.body.free.map((s: Json) => s.number)).toEqual([1, 2, 4, 5, 6, 7]);
    const taken = await bravoDirector.send('POST', slotOf(bravo), { slot: 3 });
    expectProblem(taken, 409, 'taken');
    expect(taken.body.detail).toMatch(/slot 3 is taken by another group: pick another/);
    // changing moves the group's one slot: 3 is free again
    expect((await alphaDirector.send('POST', slotOf(alpha), { slot: 4 })).body.slot.number).toBe(4);
    expect((await bravoDirector.send('POST', slotOf(bravo), { slot: 3 })).status).toBe(200);
    // a group that does not perform in the round has no critique there (Delta Drumline is not in the finals)
    expectProblem(
      await key.send('POST', `/groups/${circuit.groups['Delta Drumline'].id}/critiques/${finals}/slot`, { slot: 1 }),
      409,
      'not_performing',
    );
  });

  it('gives one slot to one of two groups taking it at once, and the other a 409 in words', async () => {
    const answers = await Promise.all([
      charlieDirector.send('POST', slotOf(charlie), { slot: 6 }),
      bravoDirector.send('POST', slotOf(bravo), { slot: 6 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('taken');
    const winner = answers[0].status === 200 ? charlie : bravo;
    const schedule = (await key.get(critiquesOf())).body.data[0];
    const holders = new Map((schedule.slots as Json[]).map((slot) => [slot.number, (slot.group as Json | null)?.id]));
    expect(holders.get(6)).toBe(winner);
    // the loser keeps what it held: Bravo its 3, Charlie nothing
    if (winner === charlie) expect(holders.get(3)).toBe(bravo);
    else {
      expect([...holders.values()].filter((id) => id === bravo)).toHaveLength(1);
      expect([...holders.values()]).not.toContain(charlie);
      // back to the state the next tests expect: Bravo on 3, Charlie on 6
      expect((await bravoDirector.send('POST', slotOf(bravo), { slot: 3 })).status).toBe(200);
      expect((await charlieDirector.send('POST', slotOf(charlie), { slot: 6 })).status).toBe(200);
    }
  });

  it('shows a group its own slot and the free ones, never who holds the others; the schedule to the judges', async () => {
    const mine = await alphaStaff.get(`/groups/${alpha}/critiques`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.headers.get('cache-control')).toContain('private');
    expect(mine.body.data[0].slot.number).toBe(4);
    expect(mine.text).not.toMatch(/Bravo|Charlie/);
    expect(mine.body.data[0].free.map((s: Json) => s.number)).not.toContain(3);
    expectProblem(await alphaStaff.get(`/groups/${bravo}/critiques`), 403, 'permission_required');
    expectProblem(await bravoDirector.get(`/groups/${alpha}/critiques`), 403, 'permission_required');
    expectProblem(await alphaStaff.get(critiquesOf()), 403, 'permission_required');
    const schedule = await judge.get(critiquesOf());
    expect(schedule.status, schedule.text).toBe(200);
    const slots = schedule.body.data[0].slots as Json[];
    expect(slots.find((slot) => slot.number === 4)!.group).toMatchObject({ id: alpha, name: 'Alpha HS' });
    expect(slots.find((slot) => slot.number === 3)!.group).toMatchObject({ id: bravo });
    expect(schedule.body.data[0].unplaced).toEqual([]);
    expectProblem(await key.get('/competitions/999999/critiques'), 404);
  });

  it('keeps held slots through a change that fits them; refuses one that drops them; audits', async () => {
    const plan = wgi();
    const change = (fields: Json) => {
      const { round: _round, divisionId: _division, ...body } = { ...plan, ...fields };
      return tabulator.send('POST', `/critiques/${finals}`, body);
    };
    // 15 minutes hold 2 slots of a four-station round: slots 3 to 6 are held
    const shorter = new Date(Date.parse(plan.from) + 15 * minute).toISOString();
    const dropped = await change({ to: shorter });
    expectProblem(dropped, 409, 'slots_held');
    expect(dropped.body.detail).toMatch(/slot 6 is held by a group and this plan has only 2 slots/);
    expectProblem(await change({ mode: 'performance-order' }), 409, 'slots_held');
    expectField(await change({ slotMinutes: 61 }), 'slotMinutes');
    // four minutes a station, an hour: every held slot keeps its number, its times follow
    const longer = await change({ slotMinutes: 4, to: new Date(Date.parse(plan.from) + hour).toISOString() });
    expect(longer.status, longer.text).toBe(200);
    const four = (longer.body.slots as Json[]).find((slot) => slot.number === 4)!;
    expect(four.group).toMatchObject({ id: alpha });
    expect(Date.parse(four.startsAt as string) - Date.parse(plan.from)).toBe(12 * minute);
    const entry = ((await key.get('/audit/')).body.data as Json[]).find((e) => e.action === 'critique.change')!;
    expect(entry).toBeDefined();
    expect((entry.before as Json).slotMinutes).toBe(3);
    expect((entry.after as Json).slotMinutes).toBe(4);
    expect(((entry.after as Json).held as Json[]).map((h) => h.slot)).toEqual([3, 4, 6]);
    expect(((await key.get('/audit/')).body.data as Json[]).some((e) => e.action === 'critique.pick')).toBe(true);
  });

  it('places the groups in performance order, says who has no slot, and closes sign-up once the window opened', async () => {
    const db = api.services.database.db;
    // the Encore (round 2) holds Alpha already; Bravo and Charlie follow it there
    for (const [order, groupId] of [
      [2, bravo],
      [3, charlie],
    ])
      await addPerformance(db, circuit.org.id, {
        roundId: await roundIdOf(2),
        divisionId: circuit.scholasticA.id,
        groupId,
        order,
      });
    const from = Date.now() + hour;
    // two stations of five minutes in fifteen: two slots for three groups
    const opened = await key.send(
      'POST',
      critiquesOf(),
      wgi({
        round: 2,
        stations: ['Music', 'Visual'],
        slotMinutes: 5,
        from: new Date(from).toISOString(),
        to: new Date(from + 15 * minute).toISOString(),
        mode: 'performance-order',
      }),
    );
    expect(opened.status, opened.text).toBe(201);
    const encore = opened.body.id as number;
    expect((opened.body.slots as Json[]).map((slot) => (slot.group as Json).name)).toEqual(['Alpha HS', 'Bravo HS']);
    expect(opened.body.unplaced).toEqual([{ id: charlie, name: 'Charlie HS' }]);
    const charlieView = (await charlieDirector.get(`/groups/${charlie}/critiques`)).body.data as Json[];
    expect(charlieView.find((c) => c.id === encore)).toMatchObject({ state: 'no-slot', slot: null, free: [] });
    const alphaView = (await alphaStaff.get(`/groups/${alpha}/critiques`)).body.data as Json[];
    expect(alphaView.find((c) => c.id === encore)).toMatchObject({ state: 'placed', slot: { number: 1 } });
    expectProblem(
      await alphaDirector.send('POST', `/groups/${alpha}/critiques/${encore}/slot`, { slot: 2 }),
      409,
      'placed',
    );
    // closed, and opened again to pick, in a window that has already opened
    expectProblem(await judge.send('DELETE', `/critiques/${encore}`), 403, 'permission_required');
    expect((await key.send('DELETE', `/critiques/${encore}`)).status).toBe(204);
    expectProblem(await key.send('DELETE', `/critiques/${encore}`), 404);
    const late = await key.send(
      'POST',
      critiquesOf(),
      wgi({
        round: 2,
        stations: ['Music'],
        slotMinutes: 5,
        from: new Date(Date.now() - 5 * minute).toISOString(),
        to: new Date(Date.now() + 25 * minute).toISOString(),
      }),
    );
    expect(late.status, late.text).toBe(201);
    expect(late.body.signUpOpen).toBe(false);
    const closed = await alphaDirector.send('POST', `/groups/${alpha}/critiques/${late.body.id}/slot`, { slot: 1 });
    expectProblem(closed, 409, 'closed');
    expect(closed.body.detail).toMatch(/sign-up has closed/);
    const audit = (await key.get('/audit/')).body.data as Json[];
    expect(audit.some((entry) => entry.action === 'critique.close')).toBe(true);
  });
});

async function roundIdOf(number: number): Promise<number> {
  const { rounds } = await import('../../server/api/db/schema.js');
  const { and, eq } = await import('drizzle-orm');
  const [row] = await api.services.database.db
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(eq(rounds.competitionId, circuit.competition.id), eq(rounds.number, number)));
  return row.id;
}
