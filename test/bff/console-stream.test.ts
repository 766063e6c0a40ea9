/**
 * The tabulator's console pushed (decision 101), over the real API and the real BFF: a tabulator's signed-in stream
 * hears a judge's entry within 2 s, and the console's progress read then shows it; a judge, another organization's
 * tabulator, a signed-out browser and a malformed id are refused the stream. The session cookie is sealed here with
 * the BFF's secret around a token the API issued through the Authorization Code flow: what the BFF's own sign-in
 * would have set (sign-in.test.ts covers that round trip).
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/bff/session/session.js';
import type { Json } from '../api/client.js';
import { openChangeStream, type ChangeStream } from '../helpers/change-stream.js';
import { startPushedShow, type PushedShow } from '../helpers/pushed-show.js';

let show: PushedShow;
let bff: PushedShow['bff'];
let competitionId: number;
let performanceIds: number[];
let seat: PushedShow['seats'][0];
let cookies: PushedShow['cookies'];

const ok = (answer: { status: number; body: Json; text: string }, status: number, what: string) => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body;
};

const streamPath = (id: number | string) => `/api/bff/manage/competitions/${id}/changes`;

beforeAll(async () => {
  show = await startPushedShow();
  ({ bff, competitionId, performanceIds, cookies } = show);
  seat = show.seats[0];
}, 120_000);

afterAll(() => show?.close());

/** A judge's entry of its caption for one performance, straight to the API as its tablet sends it. */
async function enter(performanceId: number, state: 'draft' | 'submitted', baseVersion: number) {
  const answer = await show.as.judge.send('POST', `/performances/${performanceId}/scores`, {
    captionKey: seat.captionKey,
    scores: show.sheet(seat, 0.7),
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
