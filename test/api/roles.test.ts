/**
 * People and roles, answered by the API app in process (sign-in through the real HTTPS server): each role, a read-only key and a full key tried on
 * every write; GET /me; /users/ with its one-time password link; a disabled user's tokens stopping at once;
 * a role change taking effect; and every operation's permission in the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CHANGED_CHANNEL } from '../../server/api/db/repositories/auth-changes.js';
import type { TestApi } from '../helpers/api-server.js';
import { buildSmallCircuit, startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import { apiClient, type Answer } from './client.js';
import { hiddenFields, REDIRECT_URI, userToken } from '../helpers/user-tokens.js';
import { isGroupRole, type Role } from '../../domain/roles.js';
import { snapshotOf } from '../../server/api/db/repositories/audit-snapshots.js';
import { insertAccessRequest, listAccessRequests } from '../../server/api/db/repositories/access-requests.js';

const PASSWORD = 'a long enough password';

let api: TestApi;
let circuit: Awaited<ReturnType<typeof buildSmallCircuit>>;
let fullKey: ReturnType<typeof apiClient>;
let app: { clientId: string; clientSecret: string };
const asRole = {} as Record<Role, ReturnType<typeof apiClient>>;
const userIds = {} as Record<Role, number>;
let readOnly: ReturnType<typeof apiClient>;
let recordingId: number;
let uploadId: number;
let requestId: number;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  let auth;
  ({ api, circuit, auth } = await startApiWithSmallCircuit());
  fullKey = apiClient(api.inProcess, auth);
  app = await api.createKey(circuit.org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  for (const role of ['administrator', 'tabulator', 'chief-judge', 'judge'] as const) {
    const email = `${role}@circuit.example`;
    userIds[role] = (await api.createUser(circuit.org.guid, email, PASSWORD, { role })).id;
    asRole[role] = apiClient(api.inProcess, bearer(await userToken(api, app, email, PASSWORD)));
  }
  // a group's accounts act for Alpha HS only: every write below that names a group names another (decision 133)
  for (const role of ['group-administrator', 'group-staff'] as const) {
    const email = `${role}@circuit.example`;
    userIds[role] = (await api.createUser(circuit.org.guid, email, PASSWORD, { role })).id;
    await fullKey.send('POST', `/users/${userIds[role]}`, { groupIds: [circuit.groups['Alpha HS'].id] });
    asRole[role] = apiClient(api.inProcess, bearer(await userToken(api, app, email, PASSWORD)));
  }
  const db = api.services.database.db;
  await insertAccessRequest(db, {
    orgId: circuit.org.id,
    groupId: circuit.groups['Bravo HS'].id,
    email: 'asking@bravo.example',
    firstName: 'Ada',
    lastName: 'Asking',
    role: 'group-staff',
    message: '',
  });
  requestId = (await listAccessRequests(db, circuit.org.id, 'pending'))[0].id;
  const key = await api.createKey(circuit.org.guid, { name: 'Fans', readOnly: true });
  readOnly = apiClient(api.inProcess, bearer(await api.token(key.clientId, key.clientSecret)));
  // a recording and its upload made by the full key: the commentary writes a judge may do only to its own
  await fullKey.send('POST', `/events/${circuit.event.id}`, { commentaryEnabled: true });
  const made = await fullKey.send('POST', `/performances/${circuit.performances['Alpha HS']}/commentary`, {
    captionKey: 'ea',
    contentType: 'audio/webm',
  });
  recordingId = made.body.id;
  uploadId = (await fullKey.send('POST', `/commentary/recordings/${recordingId}/uploads`, { number: 1 })).body.id;
}, 120_000);
afterAll(() => api?.stop());

type Write = {
  name: string;
  /** the operation in the OpenAPI document ("POST /groups/{groupId}"): every write there must be in this list */
  operation: string;
  permission: string;
  /** a narrower permission it also takes (its holders refused off their limit with `permission` named) */
  narrower?: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  headers?: Record<string, string>;
};

/** Every write operation of the API, with a body it would accept (a test checks the document has no other). */
const writes: Write[] = [
  {
    name: 'create a group',
    operation: 'POST /groups/',
    permission: 'set-up',
    method: 'POST',
    path: () => '/groups/',
    body: () => ({ name: 'Refused HS', divisionId: circuit.scholasticA.id }),
  },
  {
    name: 'update a group',
    operation: 'POST /groups/{groupId}',
    permission: 'set-up',
    method: 'POST',
    path: () => `/groups/${circuit.groups['Alpha HS'].id}`,
    body: () => ({ location: 'Nowhere, TX' }),
  },
  {
    name: 'create an event',
    operation: 'POST /events/',
    permission: 'set-up',
    method: 'POST',
    path: () => '/events/',
    body: () => ({ seasonId: circuit.season.id, name: 'Refused Event', eventTypeId: 1, startDate: '2027-02-01' }),
  },
  {
    name: 'create a competition',
    operation: 'POST /events/{eventId}/competitions',
    permission: 'set-up',
    method: 'POST',
    path: () => `/events/${circuit.event.id}/competitions`,
    body: () => ({ name: 'Refused', date: '2027-01-16T18:00:00Z', groupTypeId: 1 }),
  },
  {
    name: 'add a performance',
    operation: 'POST /competitions/{competitionId}/performances',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/performances`,
    body: () => ({ groupId: circuit.groups['Bravo HS'].id, divisionId: circuit.scholasticA.id, round: 2 }),
  },
  {
    name: 'preview a draw',
    operation: 'POST /competitions/{competitionId}/draws/preview',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/draws/preview`,
    body: () => ({ round: 2, divisionId: circuit.scholasticA.id, rule: 'random' }),
  },
  {
    name: 'commit a draw',
    operation: 'POST /competitions/{competitionId}/draws',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/draws`,
    body: () => ({ round: 2, divisionId: circuit.scholasticA.id, rule: 'random' }),
  },
  {
    name: "open a competition's registration",
    operation: 'POST /competitions/{competitionId}/registration',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/registration`,
    body: () => ({
      opensAt: '2026-01-01T00:00:00.000Z',
      closesAt: '2036-01-01T00:00:00.000Z',
      divisions: [{ divisionId: circuit.scholasticA.id, capacity: 1, feeCents: 0 }],
    }),
  },
  {
    name: 'decide a registration',
    operation: 'POST /registrations/{registrationId}/decision',
    permission: 'set-up',
    method: 'POST',
    path: () => '/registrations/1/decision',
    body: () => ({ state: 'waitlisted' }),
  },
  {
    name: 'mark a registration paid',
    operation: 'POST /registrations/{registrationId}/paid',
    permission: 'set-up',
    method: 'POST',
    path: () => '/registrations/1/paid',
    body: () => ({ paid: true }),
  },
  {
    name: 'register a group for a contest',
    operation: 'POST /groups/{groupId}/registrations',
    permission: 'set-up',
    narrower: 'register-group',
    method: 'POST',
    path: () => `/groups/${circuit.groups['Bravo HS'].id}/registrations`,
    body: () => ({ competitionId: circuit.competition.id, divisionId: circuit.scholasticA.id }),
  },
  {
    name: "withdraw a group's registration",
    operation: 'POST /groups/{groupId}/registrations/{registrationId}/withdraw',
    permission: 'set-up',
    narrower: 'register-group',
    method: 'POST',
    path: () => `/groups/${circuit.groups['Bravo HS'].id}/registrations/1/withdraw`,
    body: () => ({}),
  },
  {
    name: 'save a schedule draft',
    operation: 'POST /competitions/{competitionId}/schedule/draft',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/schedule/draft`,
    body: () => ({ startsAt: '2027-01-16T15:00:00.000Z', intervals: [], items: [] }),
  },
  {
    name: 'publish a schedule',
    operation: 'POST /competitions/{competitionId}/schedule/versions',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/schedule/versions`,
    body: () => ({ reason: 'a later start' }),
  },
  {
    name: 'open critique',
    operation: 'POST /competitions/{competitionId}/critiques',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/critiques`,
    body: () => ({
      round: 2,
      divisionId: circuit.scholasticA.id,
      stations: ['Music'],
      slotMinutes: 3,
      from: '2027-01-16T21:00:00.000Z',
      to: '2027-01-16T21:30:00.000Z',
      mode: 'pick',
    }),
  },
  {
    name: 'change critique',
    operation: 'POST /critiques/{critiqueId}',
    permission: 'set-up',
    method: 'POST',
    path: () => '/critiques/1',
    body: () => ({
      stations: ['Music'],
      slotMinutes: 3,
      from: '2027-01-16T21:00:00.000Z',
      to: '2027-01-16T21:30:00.000Z',
      mode: 'pick',
    }),
  },
  {
    name: 'close critique',
    operation: 'DELETE /critiques/{critiqueId}',
    permission: 'set-up',
    method: 'DELETE',
    path: () => '/critiques/1',
  },
  {
    name: "pick a group's critique slot",
    operation: 'POST /groups/{groupId}/critiques/{critiqueId}/slot',
    permission: 'set-up',
    narrower: 'register-group',
    method: 'POST',
    path: () => `/groups/${circuit.groups['Bravo HS'].id}/critiques/1/slot`,
    body: () => ({ slot: 1 }),
  },
  {
    name: 'save the logistical templates',
    operation: 'POST /competitions/{competitionId}/schedule/templates',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/schedule/templates`,
    body: () => ({ templates: [] }),
  },
  {
    name: 'seat a judge',
    operation: 'POST /competitions/{competitionId}/judges',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/judges`,
    body: () => ({ round: 2, divisionId: circuit.scholasticA.id, captionKey: 'ea', firstName: 'No', lastName: 'One' }),
  },
  {
    name: 'release scores',
    operation: 'POST /competitions/{competitionId}/release',
    permission: 'release',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/release`,
    body: () => ({ round: 2 }),
  },
  {
    name: 'sign off',
    operation: 'POST /competitions/{competitionId}/signoff',
    permission: 'sign-off',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/signoff`,
    body: () => ({ round: 2, divisionId: circuit.scholasticA.id }),
  },
  {
    name: 'mark performed',
    operation: 'POST /performances/{performanceId}/performed',
    permission: 'set-up',
    method: 'POST',
    path: () => `/performances/${circuit.encorePerformanceId}/performed`,
    body: () => ({ performed: false, noScoreReason: 'Refused' }),
  },
  {
    name: 'enter scores',
    operation: 'POST /performances/{performanceId}/scores',
    permission: 'enter-scores',
    method: 'POST',
    path: () => `/performances/${circuit.encorePerformanceId}/scores`,
    body: () => ({ captionKey: 'ea', scores: { voc: 1, exc: 1 } }),
  },
  {
    name: 'enter scores in bulk',
    operation: 'POST /competitions/{competitionId}/scores',
    permission: 'enter-scores',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/scores`,
    body: () => ({
      entries: [{ performanceId: circuit.encorePerformanceId, captionKey: 'ea', scores: { voc: 1, exc: 1 } }],
    }),
  },
  {
    name: 'set penalties',
    operation: 'POST /performances/{performanceId}/penalties',
    permission: 'enter-penalties',
    method: 'POST',
    path: () => `/performances/${circuit.encorePerformanceId}/penalties`,
    body: () => ({ penalties: [{ amount: 9, reason: 'Refused' }] }),
  },
  {
    name: 'delete a performance',
    operation: 'DELETE /performances/{performanceId}',
    permission: 'set-up',
    method: 'DELETE',
    path: () => `/performances/${circuit.encorePerformanceId}`,
  },
  {
    name: 'create a user',
    operation: 'POST /users/',
    permission: 'manage-users',
    method: 'POST',
    path: () => '/users/',
    body: () => ({ email: 'refused@circuit.example', role: 'administrator' }),
  },
  {
    name: 'update a user',
    operation: 'POST /users/{userId}',
    permission: 'manage-users',
    method: 'POST',
    path: () => `/users/${userIds.judge}`,
    body: () => ({ role: 'administrator' }),
  },
  {
    name: "make a user's new password link",
    operation: 'POST /users/{userId}/password-link',
    permission: 'manage-users',
    method: 'POST',
    path: () => `/users/${userIds.judge}/password-link`,
    body: () => ({}),
  },
  {
    name: "add a group's account",
    operation: 'POST /groups/{groupId}/accounts',
    permission: 'manage-users',
    narrower: 'manage-group-accounts',
    method: 'POST',
    path: () => `/groups/${circuit.groups['Bravo HS'].id}/accounts`,
    body: () => ({ email: 'refused@bravo.example', role: 'group-staff' }),
  },
  {
    name: "change a group's account",
    operation: 'POST /groups/{groupId}/accounts/{userId}',
    permission: 'manage-users',
    narrower: 'manage-group-accounts',
    method: 'POST',
    path: () => `/groups/${circuit.groups['Bravo HS'].id}/accounts/${userIds['group-staff']}`,
    body: () => ({ role: 'group-administrator' }),
  },
  {
    name: "make a group account's new password link",
    operation: 'POST /groups/{groupId}/accounts/{userId}/password-link',
    permission: 'manage-users',
    narrower: 'manage-group-accounts',
    method: 'POST',
    path: () => `/groups/${circuit.groups['Bravo HS'].id}/accounts/${userIds['group-staff']}/password-link`,
    body: () => ({}),
  },
  {
    name: "remove a group's account",
    operation: 'DELETE /groups/{groupId}/accounts/{userId}',
    permission: 'manage-users',
    narrower: 'manage-group-accounts',
    method: 'DELETE',
    path: () => `/groups/${circuit.groups['Bravo HS'].id}/accounts/${userIds['group-staff']}`,
  },
  {
    name: 'decide a "find my group" request',
    operation: 'POST /access-requests/{requestId}',
    permission: 'manage-users',
    method: 'POST',
    path: () => `/access-requests/${requestId}`,
    body: () => ({ decision: 'refuse', reason: 'Refused' }),
  },
  {
    name: 'create a season',
    operation: 'POST /seasons/',
    permission: 'set-up',
    method: 'POST',
    path: () => '/seasons/',
    body: () => ({ name: 'Refused Season', startDate: '2030-01-01', endDate: '2030-06-01' }),
  },
  {
    name: 'update a season',
    operation: 'POST /seasons/{seasonId}',
    permission: 'set-up',
    method: 'POST',
    path: () => `/seasons/${circuit.oldSeason.id}`,
    body: () => ({ name: 'Refused' }),
  },
  {
    name: 'create a division',
    operation: 'POST /divisions/',
    permission: 'set-up',
    method: 'POST',
    path: () => '/divisions/',
    body: () => ({ name: 'Refused', initials: 'R', groupTypeId: 1, sheetKey: 'color-guard' }),
  },
  {
    name: 'update a division and its sheet',
    operation: 'POST /divisions/{divisionId}',
    permission: 'set-up',
    method: 'POST',
    path: () => `/divisions/${circuit.percussion.id}`,
    body: () => ({ sheetKey: 'percussion' }),
  },
  {
    name: 'update an event',
    operation: 'POST /events/{eventId}',
    permission: 'set-up',
    method: 'POST',
    path: () => `/events/${circuit.practice.id}`,
    body: () => ({ name: 'Refused' }),
  },
  {
    name: 'update a competition',
    operation: 'POST /competitions/{competitionId}',
    permission: 'set-up',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}`,
    body: () => ({ chiefJudge: 'Refused', rounds: [{ number: 3, name: 'Refused' }] }),
  },
  {
    name: 'update a performance',
    operation: 'POST /performances/{performanceId}',
    permission: 'set-up',
    method: 'POST',
    path: () => `/performances/${circuit.encorePerformanceId}`,
    body: () => ({ order: 5, time: '2027-01-16T21:00:00Z' }),
  },
  {
    name: 'remove a seat',
    operation: 'DELETE /competitions/{competitionId}/judges',
    permission: 'set-up',
    method: 'DELETE',
    path: () =>
      `/competitions/${circuit.competition.id}/judges?round=1&divisionId=${circuit.scholasticA.id}&captionKey=ea`,
  },
  {
    name: "enter a judge's sheet as CSV",
    operation: 'POST /competitions/{competitionId}/scores',
    permission: 'enter-scores',
    method: 'POST',
    path: () =>
      `/competitions/${circuit.competition.id}/scores?captionKey=ea&round=2&divisionId=${circuit.scholasticA.id}`,
    body: () => `performanceId,voc,exc\n${circuit.encorePerformanceId},1,1\n`,
    headers: { 'content-type': 'text/csv' },
  },
  {
    name: 'start a commentary recording',
    operation: 'POST /performances/{performanceId}/commentary',
    permission: 'upload-commentary',
    method: 'POST',
    path: () => `/performances/${circuit.performances['Bravo HS']}/commentary`,
    body: () => ({ captionKey: 'ea', contentType: 'audio/webm' }),
  },
  {
    name: 'open a commentary upload',
    operation: 'POST /commentary/recordings/{recordingId}/uploads',
    permission: 'upload-commentary',
    method: 'POST',
    path: () => `/commentary/recordings/${recordingId}/uploads`,
    body: () => ({ number: 2 }),
  },
  {
    name: 'append to a commentary upload',
    operation: 'PATCH /commentary/uploads/{uploadId}',
    permission: 'upload-commentary',
    method: 'PATCH',
    path: () => `/commentary/uploads/${uploadId}`,
    body: () => Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]),
    headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
  },
  {
    name: 'finish a commentary recording',
    operation: 'POST /commentary/recordings/{recordingId}/finish',
    permission: 'upload-commentary',
    method: 'POST',
    path: () => `/commentary/recordings/${recordingId}/finish`,
    body: () => ({ uploads: [{ number: 1, size: 0 }] }),
  },
  {
    name: 'mark a commentary recording',
    operation: 'POST /performances/{performanceId}/commentary/marks',
    permission: 'upload-commentary',
    method: 'POST',
    path: () => `/performances/${circuit.performances['Alpha HS']}/commentary/marks`,
    body: () => ({ captionKey: 'ea', marks: [{ recordingKey: '00000000-0000-4000-8000-000000000000', offsetMs: 1 }] }),
  },
  {
    name: 'verify commentary',
    operation: 'POST /commentary/recordings/{recordingId}/verify',
    permission: 'manage-commentary',
    method: 'POST',
    path: () => `/commentary/recordings/${recordingId}/verify`,
    body: () => ({ verified: true }),
  },
  {
    name: 'move commentary',
    operation: 'POST /commentary/recordings/{recordingId}/move',
    permission: 'manage-commentary',
    method: 'POST',
    path: () => `/commentary/recordings/${recordingId}/move`,
    body: () => ({ performanceId: circuit.performances['Bravo HS'], captionKey: 'ea', reason: 'Refused' }),
  },
  {
    name: 'clear commentary',
    operation: 'POST /commentary/recordings/{recordingId}/clear',
    permission: 'manage-commentary',
    method: 'POST',
    path: () => `/commentary/recordings/${recordingId}/clear`,
    body: () => ({ reason: 'Refused' }),
  },
  {
    name: 'release commentary',
    operation: 'POST /competitions/{competitionId}/commentary/release',
    permission: 'release',
    method: 'POST',
    path: () => `/competitions/${circuit.competition.id}/commentary/release`,
    body: () => ({ round: 1, release: 'now', force: true, reason: 'Refused' }),
  },
  {
    name: "report a judge's tablet",
    operation: 'POST /me/tablet',
    permission: 'enter-seated-scores',
    method: 'POST',
    path: () => '/me/tablet',
    body: () => ({
      deviceId: 'refused-tablet',
      device: 'Refused',
      build: 'x',
      battery: null,
      entriesWaiting: 0,
      audioWaiting: { count: 0, bytes: 0 },
      recording: null,
      microphone: 'off',
    }),
  },
];

/**
 * What each role may do (decision 061). A judge enters only the captions it is seated on (decision 080): it is
 * seated nowhere here, so every write is refused to it, the score writes naming enter-scores
 * (test/api/score-entry.test.ts tries a seated judge).
 */
const allowed: Record<Role, string[]> = {
  administrator: [
    'set-up',
    'enter-scores',
    'enter-seated-scores',
    'enter-penalties',
    'release',
    'read-unreleased',
    'sign-off',
    'manage-users',
    'read-audit',
    'read-backups',
    'read-awards',
    'record-commentary',
    'upload-commentary',
    'listen-commentary',
    'manage-commentary',
    'read-group',
    'manage-group-accounts',
    'register-group',
  ],
  tabulator: [
    'set-up',
    'enter-scores',
    'enter-seated-scores',
    'enter-penalties',
    'release',
    'read-unreleased',
    'read-audit',
    'read-backups',
    'read-awards',
    'record-commentary',
    'upload-commentary',
    'listen-commentary',
    'manage-commentary',
  ],
  'chief-judge': [
    'enter-penalties',
    'read-unreleased',
    'sign-off',
    'read-audit',
    'read-backups',
    'read-awards',
    'listen-commentary',
  ],
  judge: ['enter-seated-scores', 'record-commentary'],
  // not even `read`: a group's account reads its own groups only (decision 133)
  'group-administrator': ['read-group', 'manage-group-accounts', 'register-group'],
  'group-staff': ['read-group'],
};

/** What a role's token may do (GET /me's permissions): `read` too, but for a group's account. */
const held = (role: Role) => (isGroupRole(role) ? allowed[role] : ['read', ...allowed[role]]);

function expectRefused(answer: Answer, permission: string, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBe(403);
  expect(answer.status, what).toBe(403);
  expect(answer.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
  expect(answer.body, what).toMatchObject({ status: 403, code: 'permission_required', permission });
  expect(answer.body.detail, what).toContain(`"${permission}"`);
}

describe('permissions on every write', () => {
  it('refuses each role every write it must not do, with 403 naming the permission, and changes nothing', async () => {
    const auditBefore = (await fullKey.get('/audit/')).body.data.length;
    const encore = () =>
      snapshotOf(api.services.database.db, circuit.org.id, 'performance', circuit.encorePerformanceId);
    const scheduleBefore = (await fullKey.get(`/competitions/${circuit.competition.id}/schedule`)).text;
    // what the set-up writes would change, read whole
    const setUp = async () =>
      Promise.all(
        [
          '/seasons/',
          '/divisions/',
          `/divisions/${circuit.percussion.id}/sheet`,
          `/events/${circuit.practice.id}`,
          `/competitions/${circuit.competition.id}`,
          `/competitions/${circuit.competition.id}/progress`,
          `/competitions/${circuit.competition.id}/draws`,
          `/competitions/${circuit.competition.id}/schedule/draft`,
          `/competitions/${circuit.competition.id}/schedule/versions`,
          `/competitions/${circuit.competition.id}/schedule/templates`,
        ].map(async (path) => (await fullKey.get(path)).text),
      );
    const setUpBefore = await setUp();
    const encoreBefore = await encore();
    expect(encoreBefore).toBeDefined();
    const bravoAccounts = async () => (await fullKey.get(`/groups/${circuit.groups['Bravo HS'].id}/accounts`)).text;
    const accountsBefore = await bravoAccounts();
    let refusals = 0;
    for (const role of Object.keys(asRole) as Role[]) {
      for (const write of writes.filter((w) => !allowed[role].includes(w.permission))) {
        const answer = await asRole[role].send(write.method, write.path(), write.body?.(), write.headers);
        expectRefused(answer, write.permission, `${role}: ${write.name}`);
        refusals++;
      }
    }
    // judge: all 54 but its tablet's report (the commentary writes refused for seats and recordings not its own);
    // chief judge: all but penalties and sign-off (52); tabulator: the 8 user and group account writes and sign-off
    // (9); a group's administrator and staff: all 54 (the group writes name another group than theirs)
    expect(writes).toHaveLength(54);
    expect(refusals).toBe(53 + 52 + 9 + 54 + 54);
    expect((await fullKey.get('/audit/')).body.data.length).toBe(auditBefore);
    expect((await fullKey.get(`/competitions/${circuit.competition.id}/schedule`)).text).toBe(scheduleBefore);
    expect(await encore()).toEqual(encoreBefore);
    expect(await setUp()).toEqual(setUpBefore);
    expect(await bravoAccounts()).toBe(accountsBefore);
    expect((await listAccessRequests(api.services.database.db, circuit.org.id, 'pending')).map((r) => r.id)).toEqual([
      requestId,
    ]);
    expect((await fullKey.get(`/groups/${circuit.groups['Alpha HS'].id}`)).body.location).toBe('Austin, TX');
  });

  it("refuses a read-only key's token every write, and lets it read", async () => {
    for (const write of writes) {
      expectRefused(
        await readOnly.send(write.method, write.path(), write.body?.(), write.headers),
        write.permission,
        write.name,
      );
    }
    expect((await readOnly.get('/groups/')).status).toBe(200);
    expect((await readOnly.get(`/competitions/${circuit.competition.id}/scores`)).status).toBe(200);
    expectRefused(await readOnly.get('/audit/'), 'read-audit', 'audit');
    expectRefused(await readOnly.get('/users/'), 'manage-users', 'users');
  });

  it('lets each role do what it may: a tabulator sets up and enters scores, a chief judge enters penalties', async () => {
    const group = await asRole.tabulator.send('POST', '/groups/', {
      name: 'Tabulated HS',
      divisionId: circuit.scholasticA.id,
    });
    expect(group.status).toBe(201);
    const scores = await asRole.tabulator.send('POST', `/performances/${circuit.encorePerformanceId}/scores`, {
      captionKey: 'ea',
      scores: { voc: 88, exc: 87 },
      // the encore's equipment is entered already: a person correcting a submitted entry says why (decision 080)
      reason: 'recount',
    });
    expect(scores.status).toBe(200);
    const penalties = await asRole['chief-judge'].send(
      'POST',
      `/performances/${circuit.encorePerformanceId}/penalties`,
      { penalties: [{ amount: 0.1, reason: 'Timing' }] },
    );
    expect(penalties.status).toBe(200);
    expect((await asRole['chief-judge'].get('/audit/')).status).toBe(200);
    expectRefused(await asRole.judge.get('/audit/'), 'read-audit', 'judge audit');
    // a key's own token keeps full access (scripts)
    expect((await fullKey.send('POST', `/competitions/${circuit.competition.id}/release`, { round: 1 })).status).toBe(
      200,
    );
  });

  it('refuses a write before looking at its body: a judge gets 403, not a 400 about the fields', async () => {
    expectRefused(await asRole.judge.send('POST', '/groups/', { nonsense: true }), 'set-up', 'bad body');
  });
});

describe('the list of writes', () => {
  it('holds every write operation of the OpenAPI document, with the permission the document names', async () => {
    const document = (await fullKey.get('/openapi.json')).body;
    const documented = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item)
        // the OAuth endpoints and the set-password page are the sign-in's own, open to anyone
        .filter(([method, operation]) => method !== 'get' && !(operation.security?.length === 0))
        .map(([method, operation]) => ({
          operation: `${method.toUpperCase()} ${path}`,
          permission: operation['x-permission'] as string,
        })),
    );
    expect(documented.length).toBeGreaterThan(20);
    const tried = new Map(writes.map((write) => [write.operation, write.permission]));
    // a new write that is not tried here fails this test: add it to `writes` with a body it would accept
    expect(documented.filter(({ operation }) => !tried.has(operation)).map(({ operation }) => operation)).toEqual([]);
    for (const { operation, permission } of documented) expect(tried.get(operation), operation).toBe(permission);
    // and nothing is tried that the document does not have
    expect([...tried.keys()].filter((operation) => !documented.some((d) => d.operation === operation))).toEqual([]);
  });
});

describe("a group's accounts on every operation", () => {
  /** Each path parameter filled with something of the organization that is not the account's group (Alpha HS). */
  const other = () =>
    new Map<string, number>([
      ['groupId', circuit.groups['Bravo HS'].id],
      ['performanceId', circuit.performances['Bravo HS']],
      ['competitionId', circuit.competition.id],
      ['eventId', circuit.event.id],
      ['seasonId', circuit.season.id],
      ['divisionId', circuit.scholasticA.id],
      ['userId', userIds.judge],
      ['requestId', requestId],
      // Alpha's own, but not released: heard by no group account yet
      ['recordingId', recordingId],
      ['uploadId', uploadId],
      ['registrationId', 1],
      ['critiqueId', 1],
    ]);

  it('refuses each of them every operation of the document but GET /me, with 403 naming its permission', async () => {
    const document = (await fullKey.get('/openapi.json')).body;
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => !(operation.security?.length === 0))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    expect(operations.length).toBeGreaterThan(70);
    const ids = other();
    const writesByOperation = new Map(writes.map((write) => [write.operation, write]));
    for (const role of ['group-administrator', 'group-staff'] as const) {
      for (const { method, path, operation } of operations) {
        const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const id = ids.get(name);
          if (id === undefined) throw new Error(`${method} ${path}: no id for ${name}: add one to other()`);
          return String(id);
        });
        const write = writesByOperation.get(`${method} ${path}`);
        const answer = await asRole[role].send(method, filled, write?.body?.(), write?.headers);
        const what = `${role}: ${method} ${path}`;
        if (method === 'GET' && path === '/me') {
          expect(answer.status, what).toBe(200);
          continue;
        }
        // a recording names what hearing it takes (http/commentary-audience.ts), whatever its read's permission
        const named = path.startsWith('/commentary/recordings/') && method === 'GET' ? 'listen-commentary' : null;
        expectRefused(answer, named ?? (operation['x-permission'] as string), what);
      }
    }
  });

  it('lets them read their own group: its contests; its accounts to its administrator only; nothing unreleased', async () => {
    const alpha = circuit.groups['Alpha HS'].id;
    for (const role of ['group-administrator', 'group-staff'] as const) {
      const contests = await asRole[role].get(`/groups/${alpha}/contests`);
      expect(contests.status, role).toBe(200);
      expect(contests.headers.get('cache-control'), role).toBe('private, no-store');
      expect(contests.body.data.length, role).toBeGreaterThan(0);
    }
    for (const role of ['group-administrator', 'group-staff'] as const)
      expect((await asRole[role].get(`/groups/${alpha}/critiques`)).status, `${role} critiques`).toBe(200);
    expect((await asRole['group-administrator'].get(`/groups/${alpha}/accounts`)).status).toBe(200);
    expectRefused(await asRole['group-staff'].get(`/groups/${alpha}/accounts`), 'manage-users', 'staff accounts');
    // the round's scores are not released in the small circuit until the write test releases round 1
    const sheet = await asRole['group-staff'].get(`/groups/${alpha}/contests/${circuit.performances['Alpha HS']}`);
    expect([200, 404], 'sheet').toContain(sheet.status);
    if (sheet.status === 404) expect(sheet.body.code).toBe('not_released');
  });
});

describe('GET /me', () => {
  it("answers each user's role and organization, and a key's own token as a key", async () => {
    for (const role of Object.keys(asRole) as Role[]) {
      const me = await asRole[role].get('/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        user: { id: userIds[role], email: `${role}@circuit.example` },
        role,
        organization: { guid: circuit.org.guid, name: circuit.org.name },
        key: { clientId: app.clientId, name: 'Show app', readOnly: false },
      });
      expect(me.body.permissions).toEqual([...held(role)].sort(byPermissionOrder));
      expect(me.body.groups, role).toEqual(
        isGroupRole(role) ? [{ id: circuit.groups['Alpha HS'].id, name: 'Alpha HS', role }] : [],
      );
    }
    const key = await fullKey.get('/me');
    expect(key.body).toMatchObject({ user: null, role: null, key: { readOnly: false } });
    expect(key.body.permissions).toContain('manage-users');
    const fans = await readOnly.get('/me');
    expect(fans.body).toMatchObject({
      user: null,
      role: null,
      key: { name: 'Fans', readOnly: true },
      permissions: ['read'],
    });
  });
});

const ORDER = [
  'read',
  'set-up',
  'enter-scores',
  'enter-seated-scores',
  'enter-penalties',
  'release',
  'read-unreleased',
  'sign-off',
  'manage-users',
  'read-audit',
  'read-backups',
  'read-awards',
  'record-commentary',
  'upload-commentary',
  'listen-commentary',
  'manage-commentary',
  'read-group',
  'manage-group-accounts',
  'register-group',
];
function byPermissionOrder(a: string, b: string) {
  return ORDER.indexOf(a) - ORDER.indexOf(b);
}

describe('/users/', () => {
  it('an administrator creates a user with a role; the one-time link sets its password once; it signs in', async () => {
    expectRefused(await asRole.tabulator.get('/users/'), 'manage-users', 'tabulator list');
    const created = await asRole.administrator.send('POST', '/users/', {
      email: 'New.Judge@Circuit.example',
      role: 'judge',
      firstName: 'Nia',
      lastName: 'Judge',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'new.judge@circuit.example',
      role: 'judge',
      firstName: 'Nia',
      lastName: 'Judge',
      disabled: false,
    });
    const { url, expiresAt } = created.body.passwordLink;
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    const link = new URL(url);
    expect(link.origin).toBe(new URL(api.url).origin);

    // no password yet: sign-in fails like a wrong password
    await expect(userToken(api, app, 'new.judge@circuit.example', PASSWORD)).rejects.toThrow(/sign-in refused|no code/);

    const page = await api.fetch(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    const fields = hiddenFields(await page.text());
    const mismatch = await api.fetch(link.pathname, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, password: PASSWORD, confirmation: 'something else' }),
    });
    expect(mismatch.status).toBe(200);
    expect(await mismatch.text()).toContain('not the same');
    const set = await api.fetch(link.pathname, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, password: PASSWORD, confirmation: PASSWORD }),
    });
    expect(set.status).toBe(200);
    expect(await set.text()).toContain('Your password is set');
    // spent: the link works once
    expect((await api.fetch(`${link.pathname}${link.search}`)).status).toBe(400);
    const again = await api.fetch(link.pathname, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, password: 'another password', confirmation: 'another password' }),
    });
    expect(again.status).toBe(400);

    const token = await userToken(api, app, 'new.judge@circuit.example', PASSWORD);
    expect((await apiClient(api.inProcess, bearer(token)).get('/me')).body).toMatchObject({ role: 'judge' });
    const list = await asRole.administrator.get('/users/');
    expect(list.body.data.map((u: { email: string }) => u.email)).toContain('new.judge@circuit.example');

    const duplicate = await asRole.administrator.send('POST', '/users/', { email: 'new.judge@circuit.example' });
    expect(duplicate.status).toBe(409);
    const badRole = await asRole.administrator.send('POST', '/users/', { email: 'x@circuit.example', role: 'boss' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors[0].name).toBe('role');
  });

  it("a role change takes effect on the user's next request, without a new token", async () => {
    const email = 'promoted@circuit.example';
    const user = await api.createUser(circuit.org.guid, email, PASSWORD, { role: 'judge' });
    const promoted = apiClient(api.inProcess, bearer(await userToken(api, app, email, PASSWORD)));
    const write = () => promoted.send('POST', `/groups/${circuit.groups['Charlie HS'].id}`, { location: 'Temple, TX' });
    expectRefused(await write(), 'set-up', 'as judge');
    const changed = await afterUserChangeHeard(() =>
      asRole.administrator.send('POST', `/users/${user.id}`, { role: 'tabulator' }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('tabulator');
    expect((await write()).status).toBe(200);
  });

  it("a disabled user's token stops at once, and it cannot sign in; enabled again, it signs in anew", async () => {
    const email = 'leaving@circuit.example';
    const user = await api.createUser(circuit.org.guid, email, PASSWORD, { role: 'tabulator' });
    const leaving = apiClient(api.inProcess, bearer(await userToken(api, app, email, PASSWORD)));
    expect((await leaving.get('/me')).status).toBe(200);
    expect((await asRole.administrator.send('POST', `/users/${user.id}`, { disabled: true })).body.disabled).toBe(true);
    expect((await leaving.get('/me')).status).toBe(401);
    await expect(userToken(api, app, email, PASSWORD)).rejects.toThrow(/sign-in refused/);
    await asRole.administrator.send('POST', `/users/${user.id}`, { disabled: false });
    // the session the disabling ended stays ended; a new sign-in works
    expect((await leaving.get('/me')).status).toBe(401);
    const back = apiClient(api.inProcess, bearer(await userToken(api, app, email, PASSWORD)));
    expect((await back.get('/me')).status).toBe(200);
  });

  it('the set-password page ends with the way into the organization’s web app: a chief judge to the console', async () => {
    // The web app is the organization's client with the BFF's callback; one on another host is passed over.
    await api.createKey(circuit.org.guid, {
      name: 'Elsewhere',
      redirectUris: ['https://elsewhere.example/auth/callback'],
    });
    const host = new URL(api.url).hostname;
    const origin = `http://${host}:8080`;
    await api.createKey(circuit.org.guid, { name: 'Scoreboard', redirectUris: [`${origin}/auth/callback`] });
    const created = await asRole.administrator.send('POST', '/users/', {
      email: 'next.chief@circuit.example',
      role: 'chief-judge',
    });
    const link = new URL(created.body.passwordLink.url);
    const form = await api.fetch(`${link.pathname}${link.search}`);
    const set = await api.fetch(link.pathname, {
      method: 'POST',
      body: new URLSearchParams({ ...hiddenFields(await form.text()), password: PASSWORD, confirmation: PASSWORD }),
    });
    const html = await set.text();
    expect(html).toContain(`<a href="${origin}/auth/sign-in?returnTo=%2Fmanage">Sign in to manage contests</a>`);
    expect(html).toContain(`<a href="${origin}/">Open Marching Results</a>`);
    expect(html).not.toContain('elsewhere.example');
    expect(html).not.toContain('Sign in to judge');
  });

  it("the set-password page sends a group's account to its group's pages", async () => {
    const host = new URL(api.url).hostname;
    const origin = `http://${host}:8081`;
    await api.createKey(circuit.org.guid, { name: 'Group scoreboard', redirectUris: [`${origin}/auth/callback`] });
    const created = await asRole.administrator.send('POST', '/users/', {
      email: 'new.director@circuit.example',
      role: 'group-administrator',
      groupIds: [circuit.groups['Alpha HS'].id],
    });
    expect(created.status).toBe(201);
    const link = new URL(created.body.passwordLink.url);
    const form = await api.fetch(`${link.pathname}${link.search}`);
    const set = await api.fetch(link.pathname, {
      method: 'POST',
      body: new URLSearchParams({ ...hiddenFields(await form.text()), password: PASSWORD, confirmation: PASSWORD }),
    });
    const html = await set.text();
    expect(html).toContain(`/auth/sign-in?returnTo=%2Fmy-groups">Sign in to your group's pages</a>`);
    expect(html).not.toContain('Sign in to manage contests');
    expect(html).not.toContain('Sign in to judge');
  });

  it('a new password link replaces the one made before, which stops working; none for a disabled user', async () => {
    const created = await asRole.administrator.send('POST', '/users/', {
      email: 'lost.link@circuit.example',
      role: 'judge',
    });
    expect(created.body.passwordSet).toBe(false);
    const first = new URL(created.body.passwordLink.url);
    const again = await asRole.administrator.send('POST', `/users/${created.body.id}/password-link`, {});
    expect(again.status).toBe(201);
    expect(again.headers.get('cache-control')).toBe('no-store');
    const { passwordLink, ...user } = again.body;
    const { passwordLink: _, ...createdUser } = created.body;
    expect(user).toEqual(createdUser);
    const second = new URL(passwordLink.url);
    expect(second.search).not.toBe(first.search);
    expect(Date.parse(passwordLink.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    expect((await api.fetch(`${first.pathname}${first.search}`)).status).toBe(400);
    const form = await api.fetch(`${second.pathname}${second.search}`);
    expect(form.status).toBe(200);
    const set = await api.fetch(second.pathname, {
      method: 'POST',
      body: new URLSearchParams({ ...hiddenFields(await form.text()), password: PASSWORD, confirmation: PASSWORD }),
    });
    expect(await set.text()).toContain('Your password is set');
    const listed = (await asRole.administrator.get('/users/')).body.data.find(
      (candidate: { id: number }) => candidate.id === created.body.id,
    );
    expect(listed.passwordSet).toBe(true);

    await asRole.administrator.send('POST', `/users/${created.body.id}`, { disabled: true });
    const disabled = await asRole.administrator.send('POST', `/users/${created.body.id}/password-link`, {});
    expect(disabled.status).toBe(409);
    expect(disabled.body).toMatchObject({ code: 'user_disabled' });
    expect(disabled.body.detail).toContain('lost.link@circuit.example is disabled');
    // another organization's user, or none: not found
    const other = await api.createOrg('Links Elsewhere');
    const stranger = await api.createUser(other.guid, 'stranger@links.example', PASSWORD);
    expect((await asRole.administrator.send('POST', `/users/${stranger.id}/password-link`, {})).status).toBe(404);
    expect((await asRole.administrator.send('POST', '/users/999999/password-link', {})).status).toBe(404);
    expect((await asRole.administrator.send('POST', `/users/${created.body.id}/password-link`, { x: 1 })).status).toBe(
      400,
    );
  });

  it('keeps an enabled administrator: the last one cannot be demoted or disabled (409)', async () => {
    // the organization's only administrator user is asRole.administrator's
    const demote = await asRole.administrator.send('POST', `/users/${userIds.administrator}`, { role: 'judge' });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('last_administrator');
    const disable = await asRole.administrator.send('POST', `/users/${userIds.administrator}`, { disabled: true });
    expect(disable.status).toBe(409);
    expect((await asRole.administrator.get('/me')).body.role).toBe('administrator');
    // another organization's user is not found
    const other = await api.createOrg('Other Circuit');
    const stranger = await api.createUser(other.guid, 'stranger@other.example', PASSWORD);
    expect((await asRole.administrator.send('POST', `/users/${stranger.id}`, { role: 'judge' })).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it("names every operation's permission; every write's is not plain read", async () => {
    const document = (await fullKey.get('/openapi.json')).body;
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    const authenticated = operations.filter(({ operation }) => !(operation.security?.length === 0));
    expect(authenticated.length).toBeGreaterThan(30);
    for (const { path, method, operation } of authenticated) {
      expect(operation['x-permission'], `${method} ${path}`).toMatch(
        /^(read|set-up|enter-scores|enter-seated-scores|enter-penalties|release|read-unreleased|sign-off|manage-users|read-audit|read-backups|read-awards|upload-commentary|listen-commentary|manage-commentary|read-group)$/,
      );
      if (method !== 'get') {
        expect(operation['x-permission'], `${method} ${path}`).not.toBe('read');
        expect(operation.description, `${method} ${path}`).toContain('Permission:');
        expect(operation.responses['403'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(document.paths['/users/'].get['x-permission']).toBe('manage-users');
    expect(document.paths['/performances/{performanceId}/penalties'].post['x-permission']).toBe('enter-penalties');
    // the score writes also let a judge in for its own seats
    expect(document.paths['/performances/{performanceId}/scores'].post['x-permission-narrower']).toBe(
      'enter-seated-scores',
    );
  });
});

/**
 * Resolves once this instance has been told that a user changed (the change's own transaction sends auth_changed,
 * decision 061) and has read again what it knows of users: what a request after that sees is the change. Listens
 * before `change` runs, so the notification cannot come first.
 */
async function afterUserChangeHeard<T>(change: () => Promise<T>): Promise<T> {
  let heard!: () => void;
  const notified = new Promise<void>((resolve) => (heard = resolve));
  await api.services.database.listen(AUTH_CHANGED_CHANNEL, (payload) => payload === 'users' && heard());
  const result = await change();
  await notified;
  // the instance's own listener started its re-read on the same notification; this waits for it (or runs one)
  await api.services.tokens.state.refresh();
  return result;
}
