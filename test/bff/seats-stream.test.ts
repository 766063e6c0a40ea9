/**
 * A judge's page pushed (decision 124), over the real API and the real BFF: the judge's signed-in stream of its own
 * seats hears a tabulator's correction of its entry within the 5 s budget (well inside it: one watcher tick), and the
 * judge's seats read then shows it; another judge's caption on the same performances is not in its seats, so its
 * version does not move with it; the stream is the judge's alone (a tabulator and a signed-out browser are refused),
 * kept by no cache, and a reconnect behind the version hears a change at once. The watcher's read is GET /me/seats
 * with If-None-Match, which the API answers 304 while nothing changed.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../api/client.js';
import { openChangeStream } from '../helpers/change-stream.js';
import { startPushedShow, type PushedShow } from '../helpers/pushed-show.js';

/** How soon a correction must reach an open tablet (issue 36). */
const PUSH_BUDGET_MS = 5_000;
const STREAM = '/api/bff/me/seats/changes';

let show: PushedShow;

beforeAll(async () => {
  show = await startPushedShow();
}, 120_000);

afterAll(() => show?.close());

const ok = (answer: { status: number; body: Json; text: string }, status: number, what: string) => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body;
};

/** The judge's seats through the BFF, with the judge's session, as its page reads them. */
async function judgesEntry(performanceId: number): Promise<Json> {
  const response = await fetch(`${show.bff.url}/api/me/seats`, {
    headers: { cookie: show.cookies.judge, accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as Json;
  return (body.data as Json[]).flatMap((seat) => seat.performances as Json[]).find((p) => p.id === performanceId)!
    .entry;
}

describe("the judge's page pushed through the BFF", () => {
  it("brings a tabulator's correction of the judge's entry to the judge's open stream, and its seats read shows it", async () => {
    const [first] = show.performanceIds;
    const [mine] = show.seats;
    ok(
      await show.as.judge.send('POST', `/performances/${first}/scores`, {
        captionKey: mine.captionKey,
        scores: show.sheet(mine, 0.8),
        state: 'submitted',
        baseVersion: 0,
      }),
      200,
      'submit',
    );
    const stream = await openChangeStream(`${show.bff.url}${STREAM}`, show.cookies.judge);
    try {
      expect(stream.status).toBe(200);
      const ready = await stream.next(5_000);
      expect(ready.event).toBe('ready');

      const corrected = show.sheet(mine, 0.6);
      ok(
        await show.as.tabulator.send('POST', `/performances/${first}/scores`, {
          captionKey: mine.captionKey,
          scores: corrected,
          reason: 'read from the wrong line',
        }),
        200,
        'correction',
      );
      const answered = performance.now();
      const change = await stream.next(PUSH_BUDGET_MS);
      expect(change.event).toBe('change');
      expect(change.id).not.toBe(ready.id);
      expect(performance.now() - answered).toBeLessThan(PUSH_BUDGET_MS);
      const entry = await judgesEntry(first);
      expect(entry).toMatchObject({ state: 'submitted', version: 2, by: { name: 'Pat tabulator' } });
      expect(entry.scores).toEqual([...corrected].sort((a, b) => (a.subcaptionKey < b.subcaptionKey ? -1 : 1)));
      const health = (await (await fetch(`${show.bff.url}/api/health`)).json()) as Json;
      expect(health.judges).toEqual({ sessions: 1, listeners: 1 });

      // a reconnect that missed the change (EventSource sends the last id it saw) hears it at once
      const again = await openChangeStream(`${show.bff.url}${STREAM}`, show.cookies.judge, ready.id);
      try {
        expect((await again.next(5_000)).event).toBe('ready');
        expect((await again.next(2_000)).event).toBe('change');
      } finally {
        again.close();
      }
    } finally {
      stream.close();
    }
  });

  it("answers the seats 304 while nothing of the judge's changed, another judge's caption included", async () => {
    const [, second] = show.performanceIds;
    const seatsOf = (token: string, etag?: string) =>
      show.api.fetch('/me/seats', {
        headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await seatsOf(show.tokens.judge);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await seatsOf(show.tokens.judge, etag)).status).toBe(304);

    // the other judge enters its own caption of the same performance: not in this judge's seats
    const theirs = show.seats[1];
    ok(
      await show.as.otherJudge.send('POST', `/performances/${second}/scores`, {
        captionKey: theirs.captionKey,
        scores: show.sheet(theirs, 0.7),
        baseVersion: 0,
      }),
      200,
      "the other judge's draft",
    );
    expect((await seatsOf(show.tokens.judge, etag)).status).toBe(304);
    expect((await seatsOf(show.tokens.otherJudge, etag)).status).toBe(200);
  });

  it("is the judge's own: refused without a session, to a tabulator, and kept by no cache", async () => {
    const nobody = await openChangeStream(`${show.bff.url}${STREAM}`, '');
    expect(nobody.status).toBe(401);
    expect(nobody.problem?.code).toBe('sign_in_required');
    const tabulator = await openChangeStream(`${show.bff.url}${STREAM}`, show.cookies.tabulator);
    expect(tabulator.status).toBe(403);
    expect(tabulator.problem?.detail).toBe("Only a judge's page follows its seats: your role has none.");
    const ended = await openChangeStream(
      `${show.bff.url}${STREAM}`,
      await show.sessionCookie(show.tokens.judge, Date.now() - 1),
    );
    expect(ended.status).toBe(401);
    expect(ended.problem?.code).toBe('session_expired');

    const response = await fetch(`${show.bff.url}${STREAM}`, {
      headers: { cookie: show.cookies.judge, accept: 'text/event-stream' },
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store, no-transform');
      expect(response.headers.get('vary')).toMatch(/Cookie/);
    } finally {
      await response.body?.cancel();
    }
  });
});
