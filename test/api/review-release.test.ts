/**
 * Review before release, release per division and round, and corrections after release (issue 26 sections 5-7,
 * decisions 082 and 083), answered by the API app in process, with a user of each role signed in through the Authorization
 * Code flow: the preview and the progress view and who may read them, a release refused naming each missing caption
 * and performance, a forced release with its reason, the sign-off and its withdrawal by a later change (in the audit
 * trail), an organization that requires sign-off, corrections listed after a change to a released section, and v2
 * and the published recap carrying released divisions only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { apiClient, namesOf, type Answer, type Json } from './client.js';
import type { Role } from '../../domain/roles.js';
import { setRequireSignoff } from '../../server/api/db/repositories/organizations.js';
import { verifyAuditChain } from '../../server/api/db/repositories/audit-log.js';

const PASSWORD = 'a long enough password';
type Client = ReturnType<typeof apiClient>;

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let key: Client;
let readOnly: Client;
const as = {} as Record<Role, Client>;
let competition: { id: number; guid: string; recapUrl: string };
let openDivisionId: number;
/** performance ids by group name */
const performance: Record<string, number> = {};

/** Every caption of the color guard sheet, as a judge would enter it: two lines out of 100 each. */
const SHEET: Record<string, [string, string]> = {
  ea: ['voc', 'exc'],
  ma: ['voc', 'exc'],
  da: ['comp', 'exc'],
  ge1: ['rep', 'perf'],
  ge2: ['rep', 'perf'],
};

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  key = apiClient(api.inProcess, auth);
  const app = await api.createKey(circuit.org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  for (const role of ['administrator', 'tabulator', 'chief-judge', 'judge'] as const) {
    const email = `${role}@review.example`;
    await api.createUser(circuit.org.guid, email, PASSWORD, { role });
    as[role] = apiClient(api.inProcess, { authorization: `Bearer ${await userToken(api, app, email, PASSWORD)}` });
  }
  const fans = await api.createKey(circuit.org.guid, { name: 'Fans', readOnly: true });
  readOnly = apiClient(api.inProcess, { authorization: `Bearer ${await api.token(fans.clientId, fans.clientSecret)}` });

  // A second division on the same (catalogue) sheet, and the rest, through the API.
  const division = await key.send('POST', '/divisions/', {
    name: 'Scholastic Open',
    initials: 'SO',
    groupTypeId: 1,
    sortOrder: 2,
    sheetKey: 'color-guard',
  });
  expect(division.status).toBe(201);
  openDivisionId = division.body.id;
  for (const name of ['Open One', 'Open Two']) {
    const group = await key.send('POST', '/groups/', { name, divisionId: openDivisionId });
    expect(group.status).toBe(201);
    circuit.groups[name] = group.body as (typeof circuit.groups)[string];
  }
  const event = await key.send('POST', '/events/', {
    seasonId: circuit.season.id,
    name: 'Review Invitational',
    eventTypeId: 1,
    startDate: '2027-03-06',
  });
  const created = await key.send('POST', `/events/${event.body.id}/competitions`, {
    name: 'Color Guard',
    date: '2027-03-06T15:00:00Z',
    groupTypeId: 1,
  });
  expect(created.status).toBe(201);
  competition = created.body as typeof competition;
  for (const [name, divisionId] of [
    ['Alpha HS', circuit.scholasticA.id],
    ['Bravo HS', circuit.scholasticA.id],
    ['Charlie HS', circuit.scholasticA.id],
    ['Open One', openDivisionId],
    ['Open Two', openDivisionId],
  ] as const) {
    const added = await key.send('POST', `/competitions/${competition.id}/performances`, {
      groupId: circuit.groups[name].id,
      divisionId,
    });
    expect(added.status).toBe(201);
    performance[name] = added.body.id;
  }
  for (const [captionKey, firstName, lastName] of [
    ['ge1', 'Gil', 'Effect'],
    ['ge2', 'Gia', 'Effect'],
  ]) {
    const seated = await key.send('POST', `/competitions/${competition.id}/judges`, {
      round: 1,
      divisionId: circuit.scholasticA.id,
      captionKey,
      firstName,
      lastName,
    });
    expect(seated.status).toBe(200);
  }
}, 180_000);
afterAll(() => api?.stop());

const path = (tail: string) => `/competitions/${competition.id}${tail}`;

async function enter(client: Client, name: string, captionKey: string, first: number, second = first, reason?: string) {
  const [a, b] = SHEET[captionKey];
  return client.send('POST', `/performances/${performance[name]}/scores`, {
    captionKey,
    scores: { [a]: first, [b]: second },
    ...(reason ? { reason } : {}),
  });
}

function expectForbidden(answer: Answer, permission: string, what: string) {
  expect(answer.status, what).toBe(403);
  expect(answer.body, what).toMatchObject({ code: 'permission_required', permission });
}

const sectionOf = (body: Json, divisionId: number) =>
  (body.data as Json[]).find((section) => section.division.id === divisionId);

async function auditActions(): Promise<Json[]> {
  return (await key.get(`/audit/?competitionId=${competition.id}&limit=1000`)).body.data;
}

async function v2Groups(): Promise<string[]> {
  const records = await key.get(`/2018-03/performances?c=${competition.guid}`);
  expect(records.status).toBe(200);
  return (records.body as unknown as Json[]).map((record) => record.GroupName).sort();
}

async function publishedRecap(): Promise<string> {
  const page = await api.fetch(new URL(competition.recapUrl).pathname);
  expect(page.status).toBe(200);
  return page.text();
}

describe('review before release', () => {
  it('previews unreleased sections to administrators, tabulators, chief judges and full keys only', async () => {
    await enter(as.tabulator, 'Alpha HS', 'ea', 80, 78);
    expect((await key.get(path('/scores'))).body.data).toEqual([]);
    for (const client of [key, as.administrator, as.tabulator, as['chief-judge']]) {
      const preview = await client.get(path('/scores?preview=true'));
      expect(preview.status).toBe(200);
      expect(preview.body.data.map((section: Json) => [section.division.name, section.released])).toEqual([
        ['Scholastic A', false],
        ['Scholastic Open', false],
      ]);
      expect(sectionOf(preview.body, circuit.scholasticA.id)!.corrections).toEqual([]);
    }
    expectForbidden(await as.judge.get(path('/scores?preview=true')), 'read-unreleased', 'judge preview');
    expectForbidden(await readOnly.get(path('/scores?preview=true')), 'read-unreleased', 'read-only preview');
    // without preview everyone reads, and sees released sections only
    expect((await as.judge.get(path('/scores'))).body.data).toEqual([]);
    expect((await key.get(path('/scores?preview=maybe'))).status).toBe(400);
  });

  it('shows the progress per division, round, caption and judge: entered, submitted, missing ids, penalties', async () => {
    await as['chief-judge'].send('POST', `/performances/${performance['Bravo HS']}/penalties`, {
      penalties: [{ amount: 0.5, reason: 'Timing' }],
    });
    const progress = await as['chief-judge'].get(path('/progress'));
    expect(progress.status).toBe(200);
    expect(progress.body.requireSignOff).toBe(false);
    const a = sectionOf(progress.body, circuit.scholasticA.id)!;
    expect(a).toMatchObject({
      round: { number: 1 },
      division: { id: circuit.scholasticA.id, name: 'Scholastic A' },
      performances: 3,
      performed: 3,
      released: false,
      signOff: null,
      corrections: 0,
      readyToRelease: false,
      penalties: [{ performanceId: performance['Bravo HS'], group: 'Bravo HS', amount: 0.5 }],
    });
    expect(a.captions.map((caption: Json) => caption.captionKey)).toEqual(['ea', 'ma', 'da', 'ge1', 'ge2']);
    expect(a.captions[0]).toEqual({
      captionKey: 'ea',
      captionName: 'Equipment Analysis',
      judge: null,
      entered: 1,
      submitted: 1,
      missing: [performance['Bravo HS'], performance['Charlie HS']],
    });
    expect(a.captions[4]).toMatchObject({
      captionKey: 'ge2',
      judge: { firstName: 'Gia', lastName: 'Effect', userId: null },
    });
    expect(a.captions[4].missing).toHaveLength(3);
    for (const client of [key, as.administrator, as.tabulator])
      expect((await client.get(path('/progress'))).status).toBe(200);
    expectForbidden(await as.judge.get(path('/progress')), 'read-unreleased', 'judge progress');
    expectForbidden(await readOnly.get(path('/progress')), 'read-unreleased', 'read-only progress');
    expect((await key.get('/competitions/999999/progress')).status).toBe(404);
  });
});

describe('release per division and round', () => {
  it('refuses a section with missing captions, naming each caption and performance, and changes nothing', async () => {
    for (const captionKey of Object.keys(SHEET)) {
      await enter(as.tabulator, 'Alpha HS', captionKey, 80, 78);
      if (captionKey !== 'ge2') await enter(as.tabulator, 'Bravo HS', captionKey, 70, 72);
    }
    // a group that did not perform needs no scores
    expect(
      (
        await key.send('POST', `/performances/${performance['Charlie HS']}/performed`, {
          performed: false,
          noScoreReason: 'Withdrew',
        })
      ).status,
    ).toBe(200);
    const auditBefore = (await auditActions()).length;
    const refused = await as.tabulator.send('POST', path('/release'), { round: 1, divisionId: circuit.scholasticA.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('release_refused');
    expect(refused.body.sections).toEqual([
      {
        round: 1,
        divisionId: circuit.scholasticA.id,
        division: 'Scholastic A',
        missing: [
          {
            captionKey: 'ge2',
            captionName: 'General Effect',
            judge: { firstName: 'Gia', lastName: 'Effect' },
            performances: [{ id: performance['Bravo HS'], group: 'Bravo HS' }],
          },
        ],
        noSheet: false,
        notSignedOff: false,
      },
    ]);
    expect(refused.body.detail).toContain('ge2');
    expect(refused.body.detail).toContain(`Bravo HS (performance ${performance['Bravo HS']})`);
    // the whole competition is refused too, naming both divisions
    const whole = await as.tabulator.send('POST', path('/release'), {});
    expect(whole.status).toBe(409);
    expect(whole.body.sections.map((section: Json) => section.division)).toEqual(['Scholastic A', 'Scholastic Open']);
    expect((await auditActions()).length).toBe(auditBefore);
    expect((await key.get(path('/scores'))).body.data).toEqual([]);
    expect(await v2Groups()).toEqual([]);
  });

  it('refuses the roles without the release permission, and a force without a reason', async () => {
    const body = { round: 1, divisionId: circuit.scholasticA.id, force: true, reason: 'Judge left' };
    expectForbidden(await as['chief-judge'].send('POST', path('/release'), body), 'release', 'chief judge');
    expectForbidden(await as.judge.send('POST', path('/release'), body), 'release', 'judge');
    expectForbidden(await readOnly.send('POST', path('/release'), body), 'release', 'read-only key');
    const noReason = await as.tabulator.send('POST', path('/release'), { ...body, reason: undefined });
    expect(noReason.status).toBe(422);
    expect(namesOf(noReason)).toEqual(['reason']);
    const blank = await as.tabulator.send('POST', path('/release'), { ...body, reason: '   ' });
    expect(blank.status).toBe(422);
    const tooLong = await as.tabulator.send('POST', path('/release'), { ...body, reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect((await as.tabulator.send('POST', path('/release'), { divisionId: 'A' })).status).toBe(400);
    expect((await as.tabulator.send('POST', path('/release'), { round: 7 })).status).toBe(422);
    const otherDivision = await as.tabulator.send('POST', path('/release'), { divisionId: circuit.percussion.id });
    expect(otherDivision.status).toBe(422);
    expect(namesOf(otherDivision)).toEqual(['divisionId']);
    expect((await as.tabulator.send('POST', '/competitions/999999/release', {})).status).toBe(404);
    expect((await key.get(path('/scores'))).body.data).toEqual([]);
  });

  it('releases one division once complete; v2, v4 and the published recap carry that division only', async () => {
    await enter(as.tabulator, 'Bravo HS', 'ge2', 71, 73);
    const released = await as.tabulator.send('POST', path('/release'), {
      round: 1,
      divisionId: circuit.scholasticA.id,
    });
    expect(released.status).toBe(200);
    expect(released.body.sections).toEqual([
      { round: 1, divisionId: circuit.scholasticA.id, division: 'Scholastic A', released: true, overridden: null },
    ]);
    expect(released.body.rounds).toEqual([{ number: 1, name: '', scoresReleased: true }]);
    const scores = await as.judge.get(path('/scores'));
    expect(scores.body.data.map((section: Json) => [section.division.name, section.released])).toEqual([
      ['Scholastic A', true],
    ]);
    expect(scores.body.data[0].performances.map((p: Json) => p.group.name)).toEqual([
      'Alpha HS',
      'Bravo HS',
      'Charlie HS',
    ]);
    expect(await v2Groups()).toEqual(['Alpha HS', 'Bravo HS', 'Charlie HS']);
    const recap = await publishedRecap();
    expect(recap).toContain('Alpha HS');
    expect(recap).not.toContain('Open One');
    const openGroup = await key.get(`/groups/${circuit.groups['Open One'].id}/performances`);
    expect(openGroup.body.data.find((p: Json) => p.competition.id === competition.id).total).toBeNull();
    const alphaGroup = await key.get(`/groups/${circuit.groups['Alpha HS'].id}/performances`);
    expect(alphaGroup.body.data.find((p: Json) => p.competition.id === competition.id).total).not.toBeNull();
    const competitions = (await key.get('/2018-03/competitions?year=2027')).body as unknown as Json[];
    expect(competitions.find((record) => record.CompetitionGuid === competition.guid)!.ScoresReleased).toBe(true);
  });

  it('forces an incomplete division out with a reason, recorded in the answer and the audit trail', async () => {
    await enter(as.tabulator, 'Open One', 'ea', 60, 60);
    const forced = await as.administrator.send('POST', path('/release'), {
      round: 1,
      divisionId: openDivisionId,
      force: true,
      reason: 'Scoring tablets failed: paper sheets follow',
    });
    expect(forced.status).toBe(200);
    const overridden = forced.body.sections[0].overridden;
    expect(overridden.missing.map((caption: Json) => caption.captionKey)).toEqual(['ea', 'ma', 'da', 'ge1', 'ge2']);
    expect(overridden.missing[0].performances).toEqual([{ id: performance['Open Two'], group: 'Open Two' }]);
    const entry = (await auditActions()).at(-1)!;
    expect(entry).toMatchObject({
      action: 'competition.release',
      reason: 'Scoring tablets failed: paper sheets follow',
      actor: { kind: 'user' },
    });
    expect(entry.after.sections).toContainEqual(
      expect.objectContaining({ divisionId: openDivisionId, released: true }),
    );
    expect(await v2Groups()).toEqual(['Alpha HS', 'Bravo HS', 'Charlie HS', 'Open One', 'Open Two']);
  });

  it('withdraws one division the same way, leaving the other released', async () => {
    const withdrawn = await as.tabulator.send('POST', path('/release'), {
      divisionId: openDivisionId,
      released: false,
      reason: 'Paper sheets being entered',
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.sections).toEqual([
      { round: 1, divisionId: openDivisionId, division: 'Scholastic Open', released: false, overridden: null },
    ]);
    expect(await v2Groups()).toEqual(['Alpha HS', 'Bravo HS', 'Charlie HS']);
    expect((await publishedRecap()).includes('Open One')).toBe(false);
    const preview = await as['chief-judge'].get(path('/scores?preview=true'));
    expect(preview.body.data.map((section: Json) => section.released)).toEqual([true, false]);
  });
});

describe('sign-off', () => {
  it('is given by a chief judge or an administrator, refused to the others, and shown in the progress', async () => {
    const body = { round: 1, divisionId: openDivisionId };
    expectForbidden(await as.tabulator.send('POST', path('/signoff'), body), 'sign-off', 'tabulator');
    expectForbidden(await as.judge.send('POST', path('/signoff'), body), 'sign-off', 'judge');
    expectForbidden(await readOnly.send('POST', path('/signoff'), body), 'sign-off', 'read-only key');
    expect((await as['chief-judge'].send('POST', path('/signoff'), { round: 1 })).status).toBe(400);
    expect((await as['chief-judge'].send('POST', path('/signoff'), { ...body, round: 9 })).status).toBe(422);
    expect((await as['chief-judge'].send('POST', '/competitions/999999/signoff', body)).status).toBe(404);
    const signed = await as['chief-judge'].send('POST', path('/signoff'), body);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      round: 1,
      divisionId: openDivisionId,
      signedOff: true,
      signOff: { by: { kind: 'user', name: 'chief-judge@review.example' } },
    });
    const progress = sectionOf((await key.get(path('/progress'))).body, openDivisionId)!;
    expect(progress.signOff).toEqual(signed.body.signOff);
    expect((await auditActions()).at(-1)).toMatchObject({
      action: 'section.sign-off',
      resource: { type: 'competition' },
    });
    // an administrator may sign off too, and take it back
    const back = await as.administrator.send('POST', path('/signoff'), { ...body, signedOff: false });
    expect(back.body).toMatchObject({ signedOff: false, signOff: null });
    expect((await as.administrator.send('POST', path('/signoff'), body)).status).toBe(200);
  });

  it('is withdrawn by any later change to its scores, and the audit trail says so', async () => {
    const changed = await enter(as.tabulator, 'Open Two', 'ea', 65, 66);
    expect(changed.status).toBe(200);
    const progress = sectionOf((await key.get(path('/progress'))).body, openDivisionId)!;
    expect(progress.signOff).toBeNull();
    const [scoreEntry, withdrawal] = (await auditActions()).slice(-2);
    expect(scoreEntry).toMatchObject({ action: 'performance.enter-scores' });
    expect(withdrawal).toMatchObject({
      action: 'section.sign-off-withdrawn',
      actor: { kind: 'user', name: 'tabulator@review.example' },
      resource: { type: 'competition', id: String(competition.id) },
      before: { round: 1, divisionId: openDivisionId, signOff: { by: { name: 'administrator@review.example' } } },
      after: {
        round: 1,
        divisionId: openDivisionId,
        signOff: null,
        changed: { performanceId: performance['Open Two'], captionKey: 'ea' },
      },
    });
    // the same numbers again change nothing, and withdraw nothing
    await as['chief-judge'].send('POST', path('/signoff'), { round: 1, divisionId: openDivisionId });
    await enter(as.tabulator, 'Open Two', 'ea', 65, 66);
    expect(sectionOf((await key.get(path('/progress'))).body, openDivisionId)!.signOff).not.toBeNull();
    // a penalty is a change of the section's numbers too
    await as['chief-judge'].send('POST', `/performances/${performance['Open Two']}/penalties`, {
      penalties: [{ amount: 0.2 }],
    });
    expect(sectionOf((await key.get(path('/progress'))).body, openDivisionId)!.signOff).toBeNull();
  });

  it('is required for release where the organization says so', async () => {
    for (const name of ['Open One', 'Open Two'])
      for (const captionKey of Object.keys(SHEET)) await enter(as.tabulator, name, captionKey, 75, 74);
    await setRequireSignoff(api.services.database.db, circuit.org.id, true);
    try {
      expect((await key.get(path('/progress'))).body.requireSignOff).toBe(true);
      const refused = await as.tabulator.send('POST', path('/release'), { round: 1, divisionId: openDivisionId });
      expect(refused.status).toBe(409);
      expect(refused.body.sections).toEqual([expect.objectContaining({ missing: [], notSignedOff: true })]);
      expect(refused.body.detail).toContain('not signed off');
      expect(
        (await as['chief-judge'].send('POST', path('/signoff'), { round: 1, divisionId: openDivisionId })).status,
      ).toBe(200);
      expect(sectionOf((await key.get(path('/progress'))).body, openDivisionId)!.readyToRelease).toBe(true);
      const released = await as.tabulator.send('POST', path('/release'), { round: 1, divisionId: openDivisionId });
      expect(released.status).toBe(200);
    } finally {
      await setRequireSignoff(api.services.database.db, circuit.org.id, false);
    }
  });
});

describe('corrections after release (errata)', () => {
  it('needs a reason, then lists the correction beside the current numbers in v4, v2 and the published recap', async () => {
    const before = sectionOf((await key.get(path('/scores'))).body, circuit.scholasticA.id)!;
    const refused = await enter(as.tabulator, 'Bravo HS', 'ea', 90, 92);
    expect(refused.status).toBe(422);
    expect(namesOf(refused)).toEqual(['reason']);
    expect(sectionOf((await key.get(path('/scores'))).body, circuit.scholasticA.id)).toEqual(before);

    const corrected = await enter(as.tabulator, 'Bravo HS', 'ea', 90, 92, 'Equipment sheet misread: 70/72 was 90/92');
    expect(corrected.status).toBe(200);
    const section = sectionOf((await as.judge.get(path('/scores'))).body, circuit.scholasticA.id)!;
    expect(section.corrections).toEqual([
      {
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reason: 'Equipment sheet misread: 70/72 was 90/92',
        performanceId: performance['Bravo HS'],
        captionKey: 'ea',
        before: {
          scores: [
            { subcaptionKey: 'exc', score: 72 },
            { subcaptionKey: 'voc', score: 70 },
          ],
        },
        after: {
          scores: [
            { subcaptionKey: 'exc', score: 92 },
            { subcaptionKey: 'voc', score: 90 },
          ],
        },
      },
    ]);
    // the current numbers: Bravo's equipment caption now 18.2 (90 + 92 over 200 x 20)
    const bravo = section.performances.find((p: Json) => p.group.name === 'Bravo HS');
    const bravoBefore = before.performances.find((p: Json) => p.group.name === 'Bravo HS');
    expect(bravo.total.score).toBeGreaterThan(bravoBefore.total.score);
    const records = (await key.get(`/2018-03/performances?c=${competition.guid}`)).body as unknown as Json[];
    expect(records.find((record) => record.GroupName === 'Bravo HS')!.TotalScore).toBe(bravo.total.score.toFixed(3));
    const recap = await publishedRecap();
    expect(recap).toContain('Equipment sheet misread: 70/72 was 90/92');
    expect(recap).toMatch(/Bravo HS[^<]*Equipment Analysis[^<]*: 70 \/ 72 → 90 \/ 92/);
    // the audit entry of the change carries the same reason
    expect((await auditActions()).at(-1)).toMatchObject({
      action: 'performance.enter-scores',
      reason: 'Equipment sheet misread: 70/72 was 90/92',
    });
  });

  it('takes X-Audit-Reason for a penalty correction, and leaves unreleased sections without corrections', async () => {
    const penalty = await as['chief-judge'].send(
      'POST',
      `/performances/${performance['Alpha HS']}/penalties`,
      { penalties: [{ amount: 1, reason: 'Boundary' }] },
      { 'x-audit-reason': 'Boundary penalty reported after release' },
    );
    expect(penalty.status).toBe(200);
    const section = sectionOf((await key.get(path('/scores'))).body, circuit.scholasticA.id)!;
    expect(section.corrections.at(-1)).toMatchObject({
      performanceId: performance['Alpha HS'],
      captionKey: null,
      reason: 'Boundary penalty reported after release',
      before: { penalty: 0 },
      after: { penalty: 1 },
    });
    // a change before release is no correction
    expect((await key.send('POST', path('/release'), { divisionId: openDivisionId, released: false })).status).toBe(
      200,
    );
    await enter(as.tabulator, 'Open One', 'ma', 77, 77);
    const open = sectionOf((await key.get(path('/scores?preview=true'))).body, openDivisionId)!;
    expect(open.corrections).toEqual([]);
  });

  it('refuses a penalty change to a released section without a reason, changing nothing', async () => {
    const before = sectionOf((await key.get(path('/scores'))).body, circuit.scholasticA.id)!;
    const refused = await as.tabulator.send('POST', `/performances/${performance['Bravo HS']}/penalties`, {
      penalties: [{ amount: 0.4 }],
    });
    expect(refused.status).toBe(422);
    expect(namesOf(refused)).toEqual(['reason']);
    expect(sectionOf((await key.get(path('/scores'))).body, circuit.scholasticA.id)).toEqual(before);
  });

  it('makes marking a group as not performed (and back) in a released section a correction with its reason', async () => {
    const bravo = performance['Bravo HS'];
    const scores = async () => sectionOf((await key.get(path('/scores'))).body, circuit.scholasticA.id)!;
    const before = await scores();
    const notPerformed = { performed: false, noScoreReason: 'Withdrew' };
    const refused = await as.tabulator.send('POST', `/performances/${bravo}/performed`, notPerformed);
    expect(refused.status).toBe(422);
    expect(namesOf(refused)).toEqual(['reason']);
    expect(await scores()).toEqual(before);

    const reason = 'Bravo HS withdrew before its performance: the scores were entered in error';
    const marked = await as.tabulator.send('POST', `/performances/${bravo}/performed`, { ...notPerformed, reason });
    expect(marked.status).toBe(200);
    const after = await scores();
    expect(after.performances.find((p: Json) => p.group.name === 'Bravo HS').performed).toBe(false);
    expect(after.corrections.at(-1)).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reason,
      performanceId: bravo,
      captionKey: null,
      before: { performed: true },
      after: { performed: false },
    });
    expect(await publishedRecap()).toContain('Bravo HS · Performed: performed → did not perform');
    expect((await auditActions()).at(-1)).toMatchObject({ action: 'performance.set-performed', reason });

    // back, with the header's reason; the same flag again changes no number and needs none
    const back = await as.tabulator.send(
      'POST',
      `/performances/${bravo}/performed`,
      { performed: true },
      { 'x-audit-reason': 'Withdrawal was recorded for the wrong group' },
    );
    expect(back.status).toBe(200);
    const corrections = (await scores()).corrections;
    expect(corrections.at(-1)).toMatchObject({
      performanceId: bravo,
      reason: 'Withdrawal was recorded for the wrong group',
      before: { performed: false },
      after: { performed: true },
    });
    const again = await as.tabulator.send('POST', `/performances/${bravo}/performed`, { performed: true });
    expect(again.status).toBe(200);
    expect((await scores()).corrections).toHaveLength(corrections.length);
  });

  it('leaves the audit chain whole, sign-off withdrawals included', async () => {
    const check = await verifyAuditChain(api.services.database.db, circuit.org.id);
    expect(check.ok).toBe(true);
    const actions = (await auditActions()).map((entry) => entry.action);
    expect(actions).toContain('section.sign-off-withdrawn');
    expect(check.entries).toBeGreaterThanOrEqual(actions.length);
  });
});
