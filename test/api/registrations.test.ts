/**
 * Registration for contests (issue 39, item 3; decision 136), answered by the API app in process: the circuit opens
 * a competition's registration; groups' administrators register; a full division waitlists by itself; accepting
 * makes the performance at the end of the running order; withdrawing an accepted place removes it and promotes the
 * first waitlisted; registration refused outside its dates; roles and another group's registrations refused; bad
 * input a 422 naming the field; every change in the audit trail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performances } from '../../server/api/db/schema.js';
import { createCompetition } from '../../server/api/db/repositories/competitions.write.js';
import { ensureRound } from '../../server/api/db/repositories/rounds.write.js';
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
let competitionId: number;
let roundId: number;
let alpha: number;
let bravo: number;
let charlie: number;

const day = 24 * 3600 * 1000;
const registrationOf = () => `/competitions/${competitionId}/registration`;
const openNow = (change: Json = {}) => ({
  opensAt: new Date(Date.now() - day).toISOString(),
  closesAt: new Date(Date.now() + day).toISOString(),
  note: 'Fees due at the door',
  divisions: [{ divisionId: circuit.scholasticA.id, capacity: 1, feeCents: 15000 }],
  ...change,
});

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
    const email = `${name}@registration.example`;
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
  const db = api.services.database.db;
  const competition = await createCompetition(db, circuit.org.id, {
    eventId: circuit.event.id,
    name: 'Spring Registration Classic',
    startsAt: new Date(Date.now() + 30 * day),
    groupTypeId: 1,
  });
  competitionId = competition.id;
  roundId = (await ensureRound(db, circuit.org.id, { competitionId, number: 1, name: 'Prelims' })).id;
  // one group already entered by the set-up pages: an accepted registration performs after it
  await addPerformance(db, circuit.org.id, {
    roundId,
    divisionId: circuit.scholasticA.id,
    groupId: charlie,
    order: 1,
  });
}, 180_000);
afterAll(() => api?.stop());

const performance = async (id: number) =>
  (await api.services.database.db.select().from(performances).where(eq(performances.id, id)))[0];

describe('registration for a contest', () => {
  let first: number;
  let second: number;

  it('is opened by the circuit (set-up), refused to a judge and to a group, with 422s naming the field', async () => {
    expectProblem(await judge.send('POST', registrationOf(), openNow()), 403, 'permission_required');
    expectProblem(await alphaDirector.send('POST', registrationOf(), openNow()), 403, 'permission_required');
    expectField(
      await key.send('POST', registrationOf(), openNow({ closesAt: new Date(Date.now() - 2 * day).toISOString() })),
      'closesAt',
    );
    expectField(await key.send('POST', registrationOf(), openNow({ divisions: [] })), 'divisions');
    expectField(
      await key.send(
        'POST',
        registrationOf(),
        openNow({ divisions: [{ divisionId: 999_999, capacity: 1, feeCents: 0 }] }),
      ),
      'divisions.0.divisionId',
    );
    expectField(
      await key.send(
        'POST',
        registrationOf(),
        openNow({ divisions: [{ divisionId: circuit.scholasticA.id, capacity: 0, feeCents: 0 }] }),
      ),
      'divisions.0.capacity',
      400,
    );
    expectField(await key.send('POST', registrationOf(), openNow({ extra: 1 })), 'extra', 400);
    const opened = await tabulator.send('POST', registrationOf(), openNow());
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.registration).toMatchObject({
      open: true,
      note: 'Fees due at the door',
      divisions: [{ divisionName: 'Scholastic A', capacity: 1, feeCents: 15000, accepted: 0, waitlisted: 0 }],
    });
    const audit = (await key.get('/audit/')).body.data as Json[];
    expect(audit.some((entry) => entry.action === 'registration.open')).toBe(true);
  });

  it('shows a group what it may enter; its staff reads but may not register', async () => {
    const mine = await alphaStaff.get(`/groups/${alpha}/registrations`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((mine.body.open as Json[]).map((w) => w.competition.id)).toContain(competitionId);
    expectProblem(
      await alphaStaff.send('POST', `/groups/${alpha}/registrations`, {
        competitionId,
        divisionId: circuit.scholasticA.id,
      }),
      403,
      'permission_required',
    );
    // the circuit's tabulator, who decides them, reads any group's (decision 139); a judge reads none
    const asTabulator = await tabulator.get(`/groups/${alpha}/registrations`);
    expect(asTabulator.status, asTabulator.text).toBe(200);
    expect((asTabulator.body.open as Json[]).map((w) => w.competition.id)).toContain(competitionId);
    expectProblem(await judge.get(`/groups/${alpha}/registrations`), 403, 'permission_required');
    expect((await judge.get(`/groups/${alpha}/registrations`)).body.permission).toBe('set-up');
    // nor the competition's list: who asked, who was refused and why are not every reader's
    expect((await judge.get(registrationOf())).body.permission).toBe('set-up');
    const asCircuit = await tabulator.get(registrationOf());
    expect(asCircuit.status, asCircuit.text).toBe(200);
    expect(asCircuit.headers.get('cache-control')).toBe('private, no-store');
    // a group that may enter nothing offered sees nothing open
    const drums = circuit.groups['Delta Drumline'].id;
    const drumline = await key.get(`/groups/${drums}/registrations`);
    expect((drumline.body.open as Json[]).map((w) => w.competition.id)).not.toContain(competitionId);
  });

  it('registers within capacity as requested, into a full division as waitlisted', async () => {
    expectField(
      await alphaDirector.send('POST', `/groups/${alpha}/registrations`, {
        competitionId,
        divisionId: circuit.percussion.id,
      }),
      'divisionId',
    );
    expectField(
      await alphaDirector.send('POST', `/groups/${alpha}/registrations`, {
        competitionId: 999_999,
        divisionId: circuit.scholasticA.id,
      }),
      'competitionId',
    );
    expectField(
      await alphaDirector.send('POST', `/groups/${alpha}/registrations`, { competitionId }),
      'divisionId',
      400,
    );
    // an operation that takes a body refuses its absence: 400 naming it, never a 500
    expectField(await alphaDirector.send('POST', `/groups/${alpha}/registrations`), 'body', 400);
    const made = await alphaDirector.send('POST', `/groups/${alpha}/registrations`, {
      competitionId,
      divisionId: circuit.scholasticA.id,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ state: 'requested', paid: false, group: { id: alpha }, performanceId: null });
    first = made.body.id;
    expectProblem(
      await alphaDirector.send('POST', `/groups/${alpha}/registrations`, {
        competitionId,
        divisionId: circuit.scholasticA.id,
      }),
      409,
      'already_registered',
    );
    const accepted = await key.send('POST', `/registrations/${first}/decision`, { state: 'accepted' });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.state).toBe('accepted');
    expect(accepted.body.performanceId).toEqual(expect.any(Number));
    // at the end of the running order, after the group the set-up pages entered
    expect(await performance(accepted.body.performanceId)).toMatchObject({ groupId: alpha, performanceOrder: 2 });
    const waiting = await bravoDirector.send('POST', `/groups/${bravo}/registrations`, {
      competitionId,
      divisionId: circuit.scholasticA.id,
    });
    expect(waiting.status, waiting.text).toBe(201);
    expect(waiting.body.state).toBe('waitlisted');
    second = waiting.body.id;
    expectProblem(
      await key.send('POST', `/registrations/${second}/decision`, { state: 'accepted' }),
      409,
      'division_full',
    );
  });

  it("keeps another group's registrations from a group account: 403 for its group, 404 for its registration", async () => {
    expectProblem(await bravoDirector.get(`/groups/${alpha}/registrations`), 403, 'permission_required');
    expectProblem(await charlieDirector.send('POST', `/groups/${alpha}/registrations/${first}/withdraw`, {}), 403);
    expectProblem(await bravoDirector.send('POST', `/groups/${bravo}/registrations/${first}/withdraw`, {}), 404);
    expectProblem(await alphaDirector.get(registrationOf()), 403, 'permission_required');
    const theirs = (await bravoDirector.get(`/groups/${bravo}/registrations`)).body.data as Json[];
    expect(theirs.map((r) => r.id)).toEqual([second]);
  });

  it('withdrawing an accepted place removes its performance and accepts the first waitlisted', async () => {
    const before = (await key.send('POST', `/registrations/${first}/decision`, { state: 'accepted' })).body;
    // a withdraw takes no body: sent without one, as a page's button sends it
    const gone = await alphaDirector.send('POST', `/groups/${alpha}/registrations/${first}/withdraw`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toMatchObject({ state: 'withdrawn', performanceId: null });
    expect(await performance(before.performanceId)).toBeUndefined();
    const promoted = (await key.get(registrationOf())).body.registrations as Json[];
    const bravoNow = promoted.find((r) => r.id === second)!;
    expect(bravoNow.state).toBe('accepted');
    expect(bravoNow.performanceId).toEqual(expect.any(Number));
    expectProblem(
      await alphaDirector.send('POST', `/groups/${alpha}/registrations/${first}/withdraw`, {}),
      409,
      'not_live',
    );
    const paid = await key.send('POST', `/registrations/${second}/paid`, { paid: true });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.paid).toBe(true);
    expectField(await key.send('POST', `/registrations/${second}/decision`, { state: 'refused' }), 'reason');
    expectField(await key.send('POST', `/registrations/${second}/decision`, { state: 'maybe' }), 'state', 400);
    const actions = ((await key.get('/audit/')).body.data as Json[]).map((entry) => entry.action);
    for (const action of ['registration.register', 'registration.decide', 'registration.withdraw', 'registration.paid'])
      expect(actions).toContain(action);
  });

  it('refuses a registration before it opens and after it closes, in words (409)', async () => {
    expect(
      (
        await key.send(
          'POST',
          registrationOf(),
          openNow({
            opensAt: new Date(Date.now() + day).toISOString(),
            closesAt: new Date(Date.now() + 2 * day).toISOString(),
          }),
        )
      ).status,
    ).toBe(200);
    const early = await charlieDirector.send('POST', `/groups/${charlie}/registrations`, {
      competitionId,
      divisionId: circuit.scholasticA.id,
    });
    expectProblem(early, 409, 'registration_not_open');
    expect(early.body.detail).toContain('Registration opens');
    expect(
      (
        await key.send(
          'POST',
          registrationOf(),
          openNow({
            opensAt: new Date(Date.now() - 2 * day).toISOString(),
            closesAt: new Date(Date.now() - day).toISOString(),
          }),
        )
      ).status,
    ).toBe(200);
    expectProblem(
      await charlieDirector.send('POST', `/groups/${charlie}/registrations`, {
        competitionId,
        divisionId: circuit.scholasticA.id,
      }),
      409,
      'registration_closed',
    );
  });

  it('refuses a circuit role without set-up the decisions', async () => {
    expectProblem(
      await judge.send('POST', `/registrations/${second}/paid`, { paid: false }),
      403,
      'permission_required',
    );
    expectProblem(await alphaDirector.send('POST', `/registrations/${second}/decision`, { state: 'waitlisted' }), 403);
  });

  it("leads the v2 record's RegistrationUrl, once registration exists, to a public page of the window alone", async () => {
    const guid = circuit.competition.guid;
    const record = async () =>
      ((await key.get('/2018-03/competitions')).body as unknown as Json[]).find((r) => r.CompetitionGuid === guid)!;
    // no registration: the field is there (the hosted clients' shape) and empty
    expect(Object.keys(await record())).toContain('RegistrationUrl');
    expect((await record()).RegistrationUrl).toBe('');
    const page = (path: string) => api.inProcess.fetch(path);
    const url = `/published/${circuit.org.guid}/registration/${guid}.htm`;
    expect((await page(url)).status).toBe(404);
    const opened = await key.send('POST', `/competitions/${circuit.competition.id}/registration`, openNow());
    expect(opened.status, opened.text).toBe(200);
    const link = (await record()).RegistrationUrl as string;
    expect(new URL(link).pathname).toBe(url);
    const answer = await page(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    const html = await answer.text();
    expect(html).toContain('Registration is open until');
    expect(html).toContain('<td>Scholastic A</td><td>$150.00</td><td>1 of 1</td>');
    expect(html).toContain('Fees due at the door');
    // an organization without a web app says whom to ask; with one, the link is its group accounts' sign-in
    expect(html).toContain('Sign in to register: ask');
    await api.createKey(circuit.org.guid, {
      name: 'Results app',
      redirectUris: ['https://results.example/auth/callback'],
    });
    expect(await (await page(url)).text()).toContain(
      '<a href="https://results.example/auth/sign-in?returnTo=%2Fmy-groups">Sign in to register</a>',
    );
    expect(html).not.toMatch(/<script/i);
    // the competition whose registrations this file made: places counted, no group named
    const other = await page(
      `/published/${circuit.org.guid}/registration/${(await key.get(registrationOf())).body.registration.competition.guid}.htm`,
    );
    const otherHtml = await other.text();
    expect(otherHtml).toContain('Registration closed');
    for (const name of ['Alpha HS', 'Bravo HS', 'Charlie HS']) expect(otherHtml).not.toContain(name);
  });
});
