/**
 * The tablet status pushed (decision 130), over the real API and the real BFF: a tabulator's signed-in stream is
 * told of a judge's tablet report within a tick, and the tabulator's own read through the BFF then has its battery,
 * recording and waiting audio; a chief judge is told too; a judge, another organization's tabulator, a signed-out browser and a
 * malformed id are refused. The session cookie is sealed here around a token the API issued through the
 * Authorization Code flow, as console-stream.test.ts does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { createSessionSealer, SESSION_COOKIE } from '../../server/bff/session/session.js';
import { apiClient, type Json } from '../api/client.js';
import { startApiWithSmallCircuit } from '../helpers/small-circuit.js';
import type { TestApi } from '../helpers/api-server.js';
import { freePort } from '../helpers/free-port.js';
import { createPerson, REDIRECT_URI } from '../helpers/user-tokens.js';
import { openChangeStream } from '../helpers/change-stream.js';

const SECRET = 'a session secret for the tablets stream tests and long enough';
const PASSWORD = 'a long press-box password';

let api: TestApi;
let bff: RunningBff;
let competitionId: number;
let performanceId: number;
let judgeToken: string;
const cookies = { tabulator: '', chief: '', judge: '', stranger: '' };

async function sessionCookie(token: string): Promise<string> {
  const sealed = await createSessionSealer([SECRET]).seal('session', { token, expiresAt: Date.now() + 3_600_000 });
  return `${SESSION_COOKIE}=${sealed}`;
}

const streamUrl = (id: number | string) => `${bff.url}/api/bff/manage/competitions/${id}/tablets`;

interface Tablets {
  data: { user: { name: string }; silent: boolean; tablets: Json[] }[];
}

/** The tablets as a page reads them: through the BFF, with its session cookie. */
async function readTablets(cookie: string): Promise<Tablets> {
  const response = await fetch(`${bff.url}/api/competitions/${competitionId}/tablets`, { headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toContain('no-store');
  return (await response.json()) as Tablets;
}

beforeAll(async () => {
  const started = await startApiWithSmallCircuit();
  api = started.api;
  const { circuit, auth } = started;
  competitionId = circuit.competition.id;
  performanceId = circuit.performances['Alpha HS'];
  const app = await api.createKey(circuit.org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  const person = (email: string, role: string, lastName: string) =>
    createPerson(api, auth, app, { email, role, firstName: 'Pat', lastName, password: PASSWORD });
  const tabulator = await person('tab@tablets.example', 'tabulator', 'Tab');
  const chief = await person('chief@tablets.example', 'chief-judge', 'Chief');
  const judge = await person('judge@tablets.example', 'judge', 'Equip');
  const seated = await apiClient(api, auth).send('POST', `/competitions/${competitionId}/judges`, {
    round: 1,
    divisionId: circuit.scholasticA.id,
    captionKey: 'ea',
    firstName: 'Pat',
    lastName: 'Equip',
    userId: judge.id,
  });
  expect(seated.status).toBeLessThan(300);
  judgeToken = judge.token;

  const other = await api.createOrg('Other Circuit');
  const otherApp = await api.createKey(other.guid, { name: 'Other app', redirectUris: [REDIRECT_URI] });
  const otherAdmin = { authorization: `Bearer ${await api.token(otherApp.clientId, otherApp.clientSecret)}` };
  const stranger = await createPerson(api, otherAdmin, otherApp, {
    email: 'tab@other.example',
    role: 'tabulator',
    password: PASSWORD,
  });
  cookies.tabulator = await sessionCookie(tabulator.token);
  cookies.chief = await sessionCookie(chief.token);
  cookies.judge = await sessionCookie(judge.token);
  cookies.stranger = await sessionCookie(stranger.token);

  const readKey = await api.createKey(circuit.org.guid, { readOnly: true, name: 'fans' });
  const port = await freePort();
  const signInClient = await api.createKey(circuit.org.guid, {
    name: 'Console sign-in',
    redirectUris: [`http://127.0.0.1:${port}/auth/callback`],
  });
  bff = await startBff(
    defineBffConfig({
      port,
      apiBaseUrl: api.url,
      clientId: readKey.clientId,
      clientSecret: readKey.clientSecret,
      apiCa: api.ca,
      organization: circuit.org.guid,
      staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
      signInClientId: signInClient.clientId,
      signInClientSecret: signInClient.clientSecret,
      sessionSecrets: SECRET,
      tabletsIntervalMs: 250,
    }),
    { log: () => {} },
  );
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await api?.stop();
});

/** The judge's tablet reports, straight to the API as its heartbeat does. */
async function report(fields: Json = {}) {
  const answer = await apiClient(api, { authorization: `Bearer ${judgeToken}` }).send('POST', '/me/tablet', {
    deviceId: 'tablet-one-0001',
    device: 'Chrome 131 on Android 14',
    build: 'test-build',
    battery: { level: 0.42, charging: false },
    entriesWaiting: 1,
    audioWaiting: { count: 2, bytes: 3_400_000 },
    recording: { performanceId, captionKey: 'ea', since: new Date(Date.now() - 65_000).toISOString() },
    microphone: 'on',
    ...fields,
  });
  expect(answer.status).toBe(200);
}

describe("the tablets' status through the BFF", () => {
  it("tells the tabulator and the chief judge of a tablet's report, which their own reads then show", async () => {
    const tabulator = await openChangeStream(streamUrl(competitionId), cookies.tabulator);
    const chief = await openChangeStream(streamUrl(competitionId), cookies.chief);
    try {
      expect(tabulator.status).toBe(200);
      expect((await tabulator.next(5_000)).event).toBe('ready');
      expect((await chief.next(5_000)).event).toBe('ready');
      const before = (await readTablets(cookies.tabulator)).data.find((row) => row.user.name.includes('Equip'));
      expect(before).toMatchObject({ silent: true, tablets: [] });
      const health = (await (await fetch(`${bff.url}/api/health`)).json()) as Json;
      expect(health.tablets).toEqual({ competitions: 1, listeners: 2 });

      await report();
      for (const [stream, cookie] of [
        [tabulator, cookies.tabulator],
        [chief, cookies.chief],
      ] as const) {
        expect((await stream.next(3_000)).event).toBe('change');
        const row = (await readTablets(cookie)).data.find((r) => r.user.name.includes('Equip'))!;
        expect(row.silent).toBe(false);
        expect(row.tablets).toHaveLength(1);
        expect(row.tablets[0]).toMatchObject({
          deviceId: 'tablet-one-0001',
          silent: false,
          report: {
            device: 'Chrome 131 on Android 14',
            battery: { level: 0.42, charging: false },
            audioWaiting: { count: 2, bytes: 3_400_000 },
            recording: { performanceId, captionKey: 'ea', group: 'Alpha HS' },
            microphone: 'on',
          },
        });
      }
    } finally {
      tabulator.close();
      chief.close();
    }
  });

  it('is refused to a judge, to another organization, to a signed-out browser and for an id that is none', async () => {
    const judge = await openChangeStream(streamUrl(competitionId), cookies.judge);
    expect(judge.status).toBe(403);
    const stranger = await openChangeStream(streamUrl(competitionId), cookies.stranger);
    expect(stranger.status).toBe(404);
    const signedOut = await openChangeStream(streamUrl(competitionId), '');
    expect(signedOut.status).toBe(401);
    expect(signedOut.problem?.code).toBe('sign_in_required');
    const malformed = await openChangeStream(streamUrl('__proto__'), cookies.tabulator);
    expect(malformed.status).toBe(404);
    for (const stream of [judge, stranger, signedOut, malformed]) stream.close();
  });
});
