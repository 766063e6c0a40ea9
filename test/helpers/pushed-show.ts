/**
 * A show on the real API and the real BFF, for the signed-in pushes' tests (the console's, a judge's seats'): an
 * organization with a division on the catalogue's first sheet, one competition of three performances, a tabulator,
 * a chief judge, two judges seated on the sheet's first and second captions, and another organization's tabulator;
 * each person's session cookie, sealed with the BFF's secret around a token the API issued through the Authorization
 * Code flow (what the BFF's own sign-in would have set: sign-in.test.ts covers that round trip).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineBffConfig, type BffConfigInput } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { createSessionSealer, SESSION_COOKIE } from '../../server/bff/session/session.js';
import { apiClient, type Json } from '../api/client.js';
import { startTestApi, type TestApi } from './api-server.js';
import { freePort } from './free-port.js';
import { createPerson, REDIRECT_URI } from './user-tokens.js';

const SECRET = 'a session secret for the pushed show tests and long enough';
const PASSWORD = 'a long press-box password';

export interface SeatedCaption {
  divisionId: number;
  captionKey: string;
  lines: { key: string; max: number; step: number }[];
}

export interface PushedShow {
  api: TestApi;
  bff: RunningBff;
  competitionId: number;
  performanceIds: number[];
  /** the first judge's seat and the second's */
  seats: [SeatedCaption, SeatedCaption];
  cookies: Record<'tabulator' | 'judge' | 'otherJudge' | 'chief' | 'stranger', string>;
  tokens: Record<'judge' | 'otherJudge', string>;
  /** the API with each person's own token (the tablets' and the console's writes, straight to the API) */
  as: Record<'admin' | 'tabulator' | 'judge' | 'otherJudge', ReturnType<typeof apiClient>>;
  /** a cookie holding `token` as the BFF's sign-in seals it, ending at `expiresAt` */
  sessionCookie(token: string, expiresAt?: number): Promise<string>;
  /** numbers for every line of a seat's caption: `share` of each maximum, on its step */
  sheet(seat: SeatedCaption, share: number): { subcaptionKey: string; score: number }[];
  close(): Promise<void>;
}

const ok = (answer: { status: number; body: Json; text: string }, status: number, what: string) => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body;
};

export async function startPushedShow(bffSettings: Partial<BffConfigInput> = {}): Promise<PushedShow> {
  const api = await startTestApi();
  const org = await api.createOrg('Pushed Show Circuit');
  const readKey = await api.createKey(org.guid, { readOnly: true, name: 'fans' });
  const app = await api.createKey(org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  const adminAuth = { authorization: `Bearer ${await api.token(app.clientId, app.clientSecret)}` };
  const admin = apiClient(api, adminAuth);

  const catalogue = (ok(await admin.get('/score-sheets/'), 200, 'catalogue').data as Json[])[0];
  const captions = (catalogue.sheet.categories as Json[]).flatMap((category) => category.captions as Json[]);
  const season = ok(
    await admin.send('POST', '/seasons/', { name: 'Push Season', startDate: '2027-01-01', endDate: '2027-12-31' }),
    201,
    'season',
  );
  const division = ok(
    await admin.send('POST', '/divisions/', {
      name: 'Push Division',
      initials: 'PD',
      groupTypeId: catalogue.groupType.id,
      sortOrder: 1,
      sheetKey: catalogue.key,
    }),
    201,
    'division',
  );
  const event = ok(
    await admin.send('POST', '/events/', {
      seasonId: season.id,
      name: 'Push Show',
      eventTypeId: 1,
      startDate: '2027-02-06',
    }),
    201,
    'event',
  );
  const competition = ok(
    await admin.send('POST', `/events/${event.id}/competitions`, {
      name: 'Push Show',
      date: '2027-02-06T12:00:00.000Z',
      groupTypeId: catalogue.groupType.id,
      rounds: [{ number: 1, name: 'Prelims' }],
    }),
    201,
    'competition',
  );
  const performanceIds: number[] = [];
  for (let p = 0; p < 3; p++) {
    const group = ok(
      await admin.send('POST', '/groups/', {
        name: `Push Group ${p + 1}`,
        location: 'Austin, TX',
        divisionId: division.id,
      }),
      201,
      'group',
    );
    const performance = ok(
      await admin.send('POST', `/competitions/${competition.id}/performances`, {
        groupId: group.id,
        divisionId: division.id,
        round: 1,
        order: p + 1,
      }),
      201,
      'performance',
    );
    performanceIds.push(performance.id);
  }
  const person = (email: string, role: string) =>
    createPerson(api, adminAuth, app, { email, role, firstName: 'Pat', lastName: role, password: PASSWORD });
  const tabulator = await person('tab@push.example', 'tabulator');
  const chief = await person('chief@push.example', 'chief-judge');
  const judge = await person('judge@push.example', 'judge');
  const otherJudge = await person('judge2@push.example', 'judge');
  const seats = [captions[0], captions[1]].map((caption) => ({
    divisionId: division.id,
    captionKey: caption.key as string,
    lines: (caption.subcaptions as Json[]).map((line) => ({ key: line.key, max: line.max, step: line.step })),
  })) as [SeatedCaption, SeatedCaption];
  for (const [seat, userId] of [
    [seats[0], judge.id],
    [seats[1], otherJudge.id],
  ] as const)
    ok(
      await admin.send('POST', `/competitions/${competition.id}/judges`, {
        round: 1,
        divisionId: division.id,
        captionKey: seat.captionKey,
        userId,
      }),
      200,
      'seat',
    );

  // Another organization, with a tabulator of its own: competition ids are global, its token sees none of ours.
  const other = await api.createOrg('Other Circuit');
  const otherApp = await api.createKey(other.guid, { name: 'Other app', redirectUris: [REDIRECT_URI] });
  const otherAdmin = { authorization: `Bearer ${await api.token(otherApp.clientId, otherApp.clientSecret)}` };
  const stranger = await createPerson(api, otherAdmin, otherApp, {
    email: 'tab@other.example',
    role: 'tabulator',
    password: PASSWORD,
  });

  const sessionCookie = async (token: string, expiresAt = Date.now() + 3_600_000) =>
    `${SESSION_COOKIE}=${await createSessionSealer([SECRET]).seal('session', { token, expiresAt })}`;

  const port = await freePort();
  const signInClient = await api.createKey(org.guid, {
    name: 'Push sign-in',
    redirectUris: [`http://127.0.0.1:${port}/auth/callback`],
  });
  const bff = await startBff(
    defineBffConfig({
      port,
      apiBaseUrl: api.url,
      clientId: readKey.clientId,
      clientSecret: readKey.clientSecret,
      apiCa: api.ca,
      organization: org.guid,
      staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
      signInClientId: signInClient.clientId,
      signInClientSecret: signInClient.clientSecret,
      sessionSecrets: SECRET,
      ...bffSettings,
    }),
    { log: () => {} },
  );
  const bearer = (token: string) => apiClient(api, { authorization: `Bearer ${token}` });
  return {
    api,
    bff,
    competitionId: competition.id,
    performanceIds,
    seats,
    cookies: {
      tabulator: await sessionCookie(tabulator.token),
      chief: await sessionCookie(chief.token),
      judge: await sessionCookie(judge.token),
      otherJudge: await sessionCookie(otherJudge.token),
      stranger: await sessionCookie(stranger.token),
    },
    tokens: { judge: judge.token, otherJudge: otherJudge.token },
    as: {
      admin,
      tabulator: bearer(tabulator.token),
      judge: bearer(judge.token),
      otherJudge: bearer(otherJudge.token),
    },
    sessionCookie,
    sheet: (seat, share) =>
      seat.lines.map((line) => ({
        subcaptionKey: line.key,
        score: Number((Math.floor((line.max * share) / line.step) * line.step).toFixed(3)),
      })),
    async close() {
      await bff.close();
      await api.stop();
    },
  };
}
