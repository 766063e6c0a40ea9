/**
 * A group's own accounts (issue 39, decision 133), answered by the API over its real HTTPS server: the circuit
 * invites a director with a one-time link; the director adds staff and other administrators and cannot leave as
 * the last one; "find my group" asks without telling who has an account, and the circuit approves or refuses; every
 * change in the audit trail; the staff reads its own group's released sheet and commentary, another group's never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, setUpCommentary, startCommentaryShow, type CommentaryShow } from '../helpers/commentary.js';
import { hiddenFields, REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { apiClient, type Answer } from './client.js';

const PASSWORD = 'a long enough password';
let show: CommentaryShow;
let app: { clientId: string; clientSecret: string };
let alpha: number;
let bravo: number;
let recording: { id: number; audio: string };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Sets the password through the link's page, as the person does, and signs in: the person's client. */
async function takeLink(link: string, email: string) {
  const url = new URL(link);
  const page = await show.api.fetch(`${url.pathname}${url.search}`);
  expect(page.status).toBe(200);
  const set = await show.api.fetch(url.pathname, {
    method: 'POST',
    body: new URLSearchParams({ ...hiddenFields(await page.text()), password: PASSWORD, confirmation: PASSWORD }),
  });
  expect(await set.text()).toContain('Your password is set');
  return apiClient(show.api, bearer(await userToken(show.api, app, email, PASSWORD)));
}

const ask = (fields: Record<string, string>, localAddress = '127.0.0.2') =>
  show.api.fetch('/v3/users/request-access', {
    method: 'POST',
    body: new URLSearchParams({ client_id: app.clientId, ...fields }),
    localAddress,
  });

beforeAll(async () => {
  show = await startCommentaryShow();
  await setUpCommentary(show);
  app = await show.api.createKey(show.circuit.org.guid, { name: 'Web app', redirectUris: [REDIRECT_URI] });
  alpha = show.circuit.groups['Alpha HS'].id;
  bravo = show.circuit.groups['Bravo HS'].id;
  // the finals (round 1) are released in the small circuit: its commentary is heard with the scores
  recording = (
    await record(show.as.judge, {
      performanceId: show.performances['Alpha HS'],
      captionKey: 'ea',
      segments: ['chromium-6s.webm'],
    })
  ).body as { id: number; audio: string };
}, 180_000);
afterAll(() => show?.api.stop());

function expectProblem(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body.code).toBe(code);
}

describe("a group's accounts", () => {
  let director: ReturnType<typeof apiClient>;
  let directorId: number;
  let staff: ReturnType<typeof apiClient>;
  let staffId: number;

  it('the circuit invites a director with a one-time link; the director sets a password and reads its group', async () => {
    const refused = await show.as.administrator.send('POST', '/users/', {
      email: 'dir@alpha.example',
      role: 'group-administrator',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].name).toBe('groupIds');
    const foreign = await show.as.administrator.send('POST', '/users/', {
      email: 'dir@alpha.example',
      role: 'group-administrator',
      groupIds: [999_999],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].name).toBe('groupIds');
    const invited = await show.as.administrator.send('POST', '/users/', {
      email: 'dir@alpha.example',
      role: 'group-administrator',
      firstName: 'Dana',
      lastName: 'Director',
      groupIds: [alpha],
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      role: 'group-administrator',
      passwordSet: false,
      groups: [{ id: alpha, name: 'Alpha HS', role: 'group-administrator' }],
    });
    directorId = invited.body.id;
    director = await takeLink(invited.body.passwordLink.url, 'dir@alpha.example');
    const me = await director.get('/me');
    expect(me.body).toMatchObject({
      role: 'group-administrator',
      permissions: ['read-group', 'manage-group-accounts', 'register-group'],
    });
    expect((await director.get(`/groups/${alpha}/contests`)).status).toBe(200);
    expect((await director.get('/groups/')).status).toBe(403);
  });

  it('the director adds a staff member (a one-time link), and cannot step down or leave as the last administrator', async () => {
    const added = await director.send('POST', `/groups/${alpha}/accounts`, {
      email: 'Coach@Alpha.example',
      role: 'group-staff',
      firstName: 'Cam',
      lastName: 'Coach',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: 'coach@alpha.example', role: 'group-staff', passwordSet: false });
    staffId = added.body.id;
    staff = await takeLink(added.body.passwordLink.url, 'coach@alpha.example');
    expectProblem(
      await director.send('POST', `/groups/${alpha}/accounts`, { email: 'coach@alpha.example', role: 'group-staff' }),
      409,
      'account_exists',
    );
    // the circuit's own people are the circuit's to manage
    const circuitEmail = (await show.as.administrator.get('/users/')).body.data[0].email as string;
    expectProblem(
      await director.send('POST', `/groups/${alpha}/accounts`, { email: circuitEmail, role: 'group-staff' }),
      409,
      'circuit_account',
    );
    const bad = await director.send('POST', `/groups/${alpha}/accounts`, { email: 'nope', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { name: string }) => e.name).sort()).toEqual(['email', 'role']);

    expectProblem(
      await director.send('DELETE', `/groups/${alpha}/accounts/${directorId}`),
      409,
      'last_group_administrator',
    );
    expectProblem(
      await director.send('POST', `/groups/${alpha}/accounts/${directorId}`, { role: 'group-staff' }),
      409,
      'last_group_administrator',
    );
    const accounts = (await director.get(`/groups/${alpha}/accounts`)).body.data;
    expect(accounts.map((a: { email: string; role: string }) => [a.email, a.role])).toEqual([
      ['dir@alpha.example', 'group-administrator'],
      ['coach@alpha.example', 'group-staff'],
    ]);
    // staff reads, never manages
    expect((await staff.get(`/groups/${alpha}/accounts`)).status).toBe(403);
    expect((await staff.send('DELETE', `/groups/${alpha}/accounts/${directorId}`)).status).toBe(403);
  });

  it('a second administrator lets the first step down; a removed account reads nothing of the group at once', async () => {
    const second = await director.send('POST', `/groups/${alpha}/accounts/${staffId}`, { role: 'group-administrator' });
    expect(second.status).toBe(200);
    expect((await staff.get('/me')).body.role).toBe('group-administrator');
    expect(
      (await director.send('POST', `/groups/${alpha}/accounts/${directorId}`, { role: 'group-staff' })).status,
    ).toBe(200);
    expect((await director.get(`/groups/${alpha}/accounts`)).status).toBe(403);
    expect(
      (await staff.send('POST', `/groups/${alpha}/accounts/${directorId}`, { role: 'group-administrator' })).status,
    ).toBe(200);
    expect((await staff.send('DELETE', `/groups/${alpha}/accounts/${staffId}`)).status).toBe(204);
    expect((await staff.get(`/groups/${alpha}/contests`)).status).toBe(403);
    const back = await director.send('POST', `/groups/${alpha}/accounts`, {
      email: 'coach@alpha.example',
      role: 'group-staff',
    });
    expect(back.status).toBe(201);
    expect(back.body.passwordLink).toBeNull();
    expect((await staff.get(`/groups/${alpha}/contests`)).status).toBe(200);
    // each change is in the audit trail, with who made it
    const audit = (await show.key.get('/audit/')).body.data as { action: string; actor: { userId?: number } }[];
    const actions = audit.map((entry) => entry.action);
    for (const action of ['user.create', 'group-account.add', 'group-account.update', 'group-account.remove'])
      expect(actions, action).toContain(action);
  });

  it("the staff reads its group's released sheet whole and hears its commentary; another group's never", async () => {
    const contests = (await staff.get(`/groups/${alpha}/contests`)).body.data as { id: number }[];
    expect(contests.length).toBeGreaterThan(1);
    const sheet = await staff.get(`/groups/${alpha}/contests/${show.performances['Alpha HS']}`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('cache-control')).toBe('private, no-store');
    expect(sheet.body.sheet.categories.length).toBeGreaterThan(0);
    expect(sheet.body.performance.categories.length).toBe(sheet.body.sheet.categories.length);
    expect(sheet.body.performance.performanceId).toBe(show.performances['Alpha HS']);
    // the sheet names the recording heard of each caption, where its audio is
    expect(sheet.body.commentary).toEqual({
      released: true,
      recordings: [expect.objectContaining({ id: recording.id, captionKey: 'ea', audio: recording.audio })],
    });
    const unreleased = await staff.get(`/groups/${alpha}/contests/${show.encore['Alpha HS']}`);
    expectProblem(unreleased, 404, 'not_released');
    // Bravo's performance asked through Alpha, and Bravo asked outright
    expect((await staff.get(`/groups/${alpha}/contests/${show.performances['Bravo HS']}`)).status).toBe(404);
    expect((await staff.get(`/groups/${bravo}/contests/${show.performances['Bravo HS']}`)).status).toBe(403);
    expect((await staff.get(`/groups/${bravo}/contests`)).status).toBe(403);
    expect((await staff.get(`/performances/${show.performances['Alpha HS']}/commentary`)).status).toBe(403);

    const heard = await show.api.fetch(recording.audio, { headers: staff.auth });
    expect(heard.status).toBe(200);
    expect((await staff.get(`/commentary/recordings/${recording.id}`)).status).toBe(200);
    const bravoDirector = await inviteDirector(bravo, 'dir@bravo.example');
    expect((await show.api.fetch(recording.audio, { headers: bravoDirector.auth })).status).toBe(403);
    expect((await bravoDirector.get(`/commentary/recordings/${recording.id}`)).status).toBe(403);
    expect((await bravoDirector.get(`/groups/${alpha}/contests`)).status).toBe(403);
    expect((await bravoDirector.get(`/groups/${alpha}/accounts`)).status).toBe(403);
    // fans see nothing more for it: no read of a group's account answers a read-only key
    expect((await show.fans.get(`/groups/${alpha}/contests`)).status).toBe(403);

    // commentary withheld though the scores are released: the sheet names no recording, and none is heard
    const release = (choice: string) =>
      show.as.administrator.send('POST', `/competitions/${show.circuit.competition.id}/commentary/release`, {
        round: 1,
        release: choice,
        reason: 'checking the group sheet',
      });
    expect((await release('withheld')).status).toBe(200);
    const withheld = await staff.get(`/groups/${alpha}/contests/${show.performances['Alpha HS']}`);
    expect(withheld.body.commentary).toEqual({ released: false, recordings: [] });
    expect((await show.api.fetch(recording.audio, { headers: staff.auth })).status).toBe(403);
    expect((await release('with-scores')).status).toBe(200);
  });
});

describe("a group account's lost link", () => {
  it('the director makes a new link for an account nobody has used, never for one with a password or of another group', async () => {
    const director = await inviteDirector(alpha, 'links@alpha.example');
    const added = await director.send('POST', `/groups/${alpha}/accounts`, {
      email: 'lost@alpha.example',
      role: 'group-staff',
    });
    expect(added.status).toBe(201);
    const lost = added.body as { id: number; passwordLink: { url: string } };
    const again = await director.send('POST', `/groups/${alpha}/accounts/${lost.id}/password-link`, {});
    expect(again.status, again.text).toBe(201);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.body).toMatchObject({ id: lost.id, email: 'lost@alpha.example', passwordSet: false });
    expect(again.body.passwordLink.url).not.toBe(lost.passwordLink.url);
    // the link made before stops working; the new one sets the password
    const old = new URL(lost.passwordLink.url);
    expect(await (await show.api.fetch(`${old.pathname}${old.search}`)).text()).not.toContain('name="password"');
    await takeLink(again.body.passwordLink.url, 'lost@alpha.example');
    // once the person has a password, only the circuit's administrator makes them a new link
    expectProblem(
      await director.send('POST', `/groups/${alpha}/accounts/${lost.id}/password-link`, {}),
      409,
      'password_set',
    );
    expect(
      (await show.as.administrator.send('POST', `/groups/${alpha}/accounts/${lost.id}/password-link`, {})).status,
    ).toBe(201);

    // an unused account of Bravo too: Alpha's director cannot hand out Bravo's way in
    const shared = await director.send('POST', `/groups/${alpha}/accounts`, {
      email: 'both@x.example',
      role: 'group-staff',
    });
    const bravoDirector = await inviteDirector(bravo, 'links@bravo.example');
    expect(
      (await bravoDirector.send('POST', `/groups/${bravo}/accounts`, { email: 'both@x.example', role: 'group-staff' }))
        .status,
    ).toBe(201);
    expectProblem(
      await director.send('POST', `/groups/${alpha}/accounts/${shared.body.id}/password-link`, {}),
      409,
      'other_groups',
    );
    // another group's account, an unknown one, and a body that is not empty (400, as every strict body)
    expect((await bravoDirector.send('POST', `/groups/${alpha}/accounts/${lost.id}/password-link`, {})).status).toBe(
      403,
    );
    expect((await director.send('POST', `/groups/${alpha}/accounts/999999/password-link`, {})).status).toBe(404);
    expect(
      (await director.send('POST', `/groups/${alpha}/accounts/${lost.id}/password-link`, { role: 'x' })).status,
    ).toBe(400);
    const audit = await show.as.administrator.get('/audit/');
    expect(audit.status, audit.text).toBe(200);
    expect(JSON.stringify(audit.body)).toContain('group-account.password-link');
  });
});

async function inviteDirector(groupId: number, email: string) {
  const invited = await show.as.administrator.send('POST', '/users/', {
    email,
    role: 'group-administrator',
    groupIds: [groupId],
  });
  expect(invited.status).toBe(201);
  return takeLink(invited.body.passwordLink.url, email);
}

describe('"find my group"', () => {
  const fields = {
    firstName: 'Pat',
    lastName: 'Percussion',
    email: 'pat@charlie.example',
    role: 'group-staff',
    message: 'Caption head, battery',
  };

  it('answers every accepted request the same, names each bad field, and the circuit approves or refuses', async () => {
    const charlie = String(show.circuit.groups['Charlie HS'].id);
    const form = await show.api.fetch(`/v3/users/request-access?client_id=${app.clientId}`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('Charlie HS');
    const sent = await ask({ ...fields, groupId: charlie });
    expect(sent.status).toBe(200);
    const answer = await sent.text();
    // an email that has an account, and the same request again, read the same
    const known = await ask({ ...fields, email: 'dir@alpha.example', groupId: charlie });
    expect(await known.text()).toBe(answer);
    expect(await (await ask({ ...fields, groupId: charlie })).text()).toBe(answer);
    const bad = await ask({ ...fields, email: 'not an email', groupId: String(bravo + 1000), role: '__proto__' });
    expect([400, 422]).toContain(bad.status);
    const unknownApp = await show.api.fetch('/v3/users/request-access', {
      method: 'POST',
      body: new URLSearchParams({ ...fields, client_id: 'nobody', groupId: charlie }),
    });
    expect(unknownApp.status).toBe(400);

    const waiting = (await show.as.administrator.get('/access-requests/')).body.data as {
      id: number;
      email: string;
      group: { name: string };
    }[];
    expect(waiting.map((r) => [r.email, r.group.name])).toEqual([
      ['pat@charlie.example', 'Charlie HS'],
      ['dir@alpha.example', 'Charlie HS'],
    ]);
    expect((await show.as.tabulator.get('/access-requests/')).status).toBe(403);
    const approved = await show.as.administrator.send('POST', `/access-requests/${waiting[0].id}`, {
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.user).toMatchObject({ email: 'pat@charlie.example', role: 'group-staff' });
    const pat = await takeLink(approved.body.passwordLink.url, 'pat@charlie.example');
    expect((await pat.get(`/groups/${charlie}/contests`)).status).toBe(200);
    expectProblem(
      await show.as.administrator.send('POST', `/access-requests/${waiting[0].id}`, { decision: 'refuse' }),
      409,
      'already_decided',
    );
    const refused = await show.as.administrator.send('POST', `/access-requests/${waiting[1].id}`, {
      decision: 'refuse',
      reason: 'Not on our list of Charlie staff',
    });
    expect(refused.body.request).toMatchObject({ state: 'refused', reason: 'Not on our list of Charlie staff' });
    const decided = (await show.as.administrator.get('/access-requests/?state=refused')).body.data;
    expect(decided[0].decidedBy.id).toBe(show.userIds.administrator);
    const audit = (await show.key.get('/audit/')).body.data as { action: string; reason: string | null }[];
    expect(audit.find((entry) => entry.action === 'access-request.decide' && entry.reason)?.reason).toBe(
      'Not on our list of Charlie staff',
    );
  });

  it('limits the requests one address sends an hour (429), whatever their outcome', async () => {
    const charlie = String(show.circuit.groups['Charlie HS'].id);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await ask({ ...fields, email: `many${i}@charlie.example`, groupId: charlie }, '127.0.0.9')).status,
      );
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
