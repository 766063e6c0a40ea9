/**
 * The tabulator's console pushed (decision 101), over the real API and the real BFF: a tabulator's signed-in stream
 * hears a judge's entry within 2 s, and the console's progress read then shows it; a judge, another organization's
 * tabulator, a signed-out browser and a malformed id are refused the stream. The session cookie is sealed here with
 * the BFF's secret around a token the API issued through the Authorization Code flow: what the BFF's own sign-in
 * would have set (sign-in.test.ts covers that round trip).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineBffConfig } from '../../server/bff/config.js';
import { startBff, type RunningBff } from '../../server/bff/server.js';
import { createSessionSealer, SESSION_COOKIE } from '../../server/bff/session.js';
import { apiClient, type Json } from '../api/client.js';
import { startTestApi, type TestApi } from '../helpers/api-server.js';
import { freePort } from '../helpers/free-port.js';
import { createPerson, REDIRECT_URI } from '../helpers/user-tokens.js';
import { openChangeStream, type ChangeStream } from '../helpers/change-stream.js';

const SECRET = 'a session secret for the console stream tests and long enough';
const PASSWORD = 'a long press-box password';

let api: TestApi;
let bff: RunningBff;
let competitionId: number;
let performanceIds: number[];
let seat: { divisionId: number; captionKey: string; lines: { key: string; max: number; step: number }[] };
const cookies: Record<'tabulator' | 'judge' | 'chief' | 'stranger', string> = {
  tabulator: '',
  judge: '',
  chief: '',
  stranger: '',
};
let judgeAuth: { authorization: string };

const ok = (answer: { status: number; body: Json; text: string }, status: number, what: string) => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body;
};

async function sessionCookie(token: string): Promise<string> {
  const sealed = await createSessionSealer([SECRET]).seal('session', { token, expiresAt: Date.now() + 3_600_000 });
  return `${SESSION_COOKIE}=${sealed}`;
}

const streamPath = (id: number | string) => `/api/bff/manage/competitions/${id}/changes`;

beforeAll(async () => {
  api = await startTestApi();
  const org = await api.createOrg('Console Push Circuit');
  const readKey = await api.createKey(org.guid, { readOnly: true, name: 'fans' });
  const app = await api.createKey(org.guid, { name: 'Show app', redirectUris: [REDIRECT_URI] });
  const adminAuth = { authorization: `Bearer ${await api.token(app.clientId, app.clientSecret)}` };
  const admin = apiClient(api, adminAuth);

  const sheet = (ok(await admin.get('/score-sheets/'), 200, 'catalogue').data as Json[])[0];
  const caption = (sheet.sheet.categories as Json[]).flatMap((category) => category.captions as Json[])[0];
  const season = ok(
    await admin.send('POST', '/seasons/', { name: 'Push Season', startDate: '2027-01-01', endDate: '2027-12-31' }),
    201,
    'season',
  );
  const division = ok(
    await admin.send('POST', '/divisions/', {
      name: 'Push Division',
      initials: 'PD',
      groupTypeId: sheet.groupType.id,
      sortOrder: 1,
      sheetKey: sheet.key,
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
      groupTypeId: sheet.groupType.id,
      rounds: [{ number: 1, name: 'Prelims' }],
    }),
    201,
    'competition',
  );
  competitionId = competition.id;
  performanceIds = [];
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
      await admin.send('POST', `/competitions/${competitionId}/performances`, {
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
  ok(
    await admin.send('POST', `/competitions/${competitionId}/judges`, {
      round: 1,
      divisionId: division.id,
      captionKey: caption.key,
      userId: judge.id,
    }),
    200,
    'seat',
  );
  judgeAuth = { authorization: `Bearer ${judge.token}` };
  seat = {
    divisionId: division.id,
    captionKey: caption.key,
    lines: (caption.subcaptions as Json[]).map((line) => ({ key: line.key, max: line.max, step: line.step })),
  };

  // Another organization, with a tabulator of its own: competition ids are global, its token sees none of ours.
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

  const port = await freePort();
  const signInClient = await api.createKey(org.guid, {
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
      organization: org.guid,
      staticDir: mkdtempSync(path.join(tmpdir(), 'bff-empty-dist-')),
      signInClientId: signInClient.clientId,
      signInClientSecret: signInClient.clientSecret,
      sessionSecrets: SECRET,
    }),
    { log: () => {} },
  );
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await api?.stop();
});

/** A judge's entry of its caption for one performance, straight to the API as its tablet sends it. */
async function enter(performanceId: number, state: 'draft' | 'submitted', baseVersion: number) {
  const judge = apiClient(api, judgeAuth);
  const scores = seat.lines.map((line) => ({
    subcaptionKey: line.key,
    score: Number((Math.floor((line.max * 0.7) / line.step) * line.step).toFixed(3)),
  }));
  const answer = await judge.send('POST', `/performances/${performanceId}/scores`, {
    captionKey: seat.captionKey,
    scores,
    state,
    ...(baseVersion > 0 ? { baseVersion } : {}),
  });
  return ok(answer, 200, `${state} entry`);
}

async function missingOf(cookie: string): Promise<number[]> {
  const response = await fetch(`${bff.url}/api/competitions/${competitionId}/progress`, {
    headers: { cookie, accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as Json;
  return (body.data as Json[]).flatMap((section) =>
    (section.captions as Json[]).filter((caption) => caption.captionKey === seat.captionKey).flatMap((c) => c.missing),
  );
}

describe("the console's push through the BFF", () => {
  it("brings a judge's draft and submit to an open console within 2 s, and its progress read then shows it", async () => {
    const stream: ChangeStream = await openChangeStream(`${bff.url}${streamPath(competitionId)}`, cookies.tabulator);
    try {
      expect(stream.status).toBe(200);
      const ready = await stream.next(5_000);
      expect(ready.event).toBe('ready');

      const draft = await enter(performanceIds[0], 'draft', 0);
      const draftAnswered = performance.now();
      const draftChange = await stream.next(2_000);
      expect(draftChange.event).toBe('change');
      expect(performance.now() - draftAnswered).toBeLessThan(2_000);
      // a draft is not in yet
      expect(await missingOf(cookies.tabulator)).toContain(performanceIds[0]);

      await enter(performanceIds[0], 'submitted', draft.entry.version);
      const submitAnswered = performance.now();
      const submitChange = await stream.next(2_000);
      expect(submitChange.event).toBe('change');
      expect(Number(submitChange.id)).toBeGreaterThan(Number(draftChange.id));
      expect(await missingOf(cookies.tabulator)).not.toContain(performanceIds[0]);
      expect(performance.now() - submitAnswered).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
  });

  it('serves every open console of a competition from one watcher, and a reconnect behind the version hears a change at once', async () => {
    const first = await openChangeStream(`${bff.url}${streamPath(competitionId)}`, cookies.tabulator);
    const second = await openChangeStream(`${bff.url}${streamPath(competitionId)}`, cookies.chief);
    try {
      const ready = await first.next(5_000);
      expect((await second.next(5_000)).event).toBe('ready');
      const health = (await (await fetch(`${bff.url}/api/health`)).json()) as Json;
      expect(health.consoles).toEqual({ competitions: 1, listeners: 2 });

      await enter(performanceIds[1], 'draft', 0);
      expect((await first.next(2_000)).event).toBe('change');
      expect((await second.next(2_000)).event).toBe('change');

      const again = await openChangeStream(`${bff.url}${streamPath(competitionId)}`, cookies.tabulator, ready.id);
      try {
        expect((await again.next(5_000)).event).toBe('ready');
        expect((await again.next(2_000)).event).toBe('change');
      } finally {
        again.close();
      }
    } finally {
      first.close();
      second.close();
    }
  });

  it("answers the console's progress and audit reads 304 to a matching If-None-Match, and anew after a change", async () => {
    const targets = [
      `/api/competitions/${competitionId}/progress`,
      `/api/audit/?competitionId=${competitionId}&limit=1000`,
    ];
    const read = (target: string, etag?: string) =>
      fetch(`${bff.url}${target}`, {
        headers: { cookie: cookies.tabulator, accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const tags: string[] = [];
    for (const target of targets) {
      const first = await read(target);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      tags.push(etag);
      const again = await read(target, etag);
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }
    // A judge's draft changes both (progress counts it entered): the old tags no longer hold.
    await enter(performanceIds[2], 'draft', 0);
    for (const [index, target] of targets.entries()) {
      const changed = await read(target, tags[index]);
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(tags[index]);
    }
  });

  it("refuses the stream to a judge, to another organization's tabulator, without a session, and for a malformed id", async () => {
    const judge = await openChangeStream(`${bff.url}${streamPath(competitionId)}`, cookies.judge);
    expect(judge.status).toBe(403);
    expect(judge.problem?.detail).toBe("Your role does not see this competition's console.");
    const stranger = await openChangeStream(`${bff.url}${streamPath(competitionId)}`, cookies.stranger);
    expect(stranger.status).toBe(404);
    const nobody = await openChangeStream(`${bff.url}${streamPath(competitionId)}`, '');
    expect(nobody.status).toBe(401);
    expect(nobody.problem?.code).toBe('sign_in_required');
    const forged = await openChangeStream(`${bff.url}${streamPath(competitionId)}`, `${SESSION_COOKIE}=not-sealed`);
    expect(forged.status).toBe(401);
    const malformed = await openChangeStream(`${bff.url}${streamPath('7x')}`, cookies.tabulator);
    expect(malformed.status).toBe(404);
    expect(malformed.problem?.detail).toBe('"7x" is not a competition id.');
    // None of the refused joined anything (the earlier tests' closed streams leave as their sockets close).
    await expect
      .poll(async () => ((await (await fetch(`${bff.url}/api/health`)).json()) as Json).consoles.listeners)
      .toBe(0);
  });
});
