/**
 * A recording served as a media element needs it (Range 206, 416, If-Range, ETag and 304, HEAD, its type and
 * length), and heard only by those the circuit allows: the people running the show and its recorder always, the
 * circuit's users once released (by hand or with the scores), fans (a read-only key) and anonymous callers never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixture,
  record,
  setUpCommentary,
  startCommentaryShow,
  type Client,
  type CommentaryShow,
} from '../helpers/commentary.js';
import type { Json } from '../api/client.js';

let show: CommentaryShow;
/** the judge's recording of Alpha's finals (released round) */
let finals: Json;
/** the tabulator's upload for the judge of Alpha's encore (unreleased round) */
let encore: Json;

beforeAll(async () => {
  show = await startCommentaryShow();
  await setUpCommentary(show);
  finals = (
    await record(show.as.judge, {
      performanceId: show.performances['Alpha HS'],
      captionKey: 'ea',
      segments: ['chromium-6s.webm'],
    })
  ).body;
  encore = (
    await record(show.as.tabulator, {
      performanceId: show.encore['Alpha HS'],
      captionKey: 'ea',
      segments: ['chromium-4s.webm'],
    })
  ).body;
}, 180_000);
afterAll(() => show?.api.stop());

const get = (client: Client | undefined, path: string, headers: Record<string, string> = {}) =>
  show.api.fetch(path, { headers: { ...(client?.auth ?? {}), ...headers } });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('serving a recording', () => {
  it('answers the whole file with its type, length, ETag and Accept-Ranges, private to the caller', async () => {
    const whole = await get(show.as.judge, finals.audio);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('etag')).toBe(finals.etag);
    expect(whole.headers.get('content-length')).toBe(String(finals.size));
    expect(whole.headers.get('cache-control')).toBe('private, no-cache');
    expect(whole.headers.get('content-disposition')).toMatch(
      /^inline; filename="Alpha HS Equipment Analysis Finals\.webm"/,
    );
    expect((await bytesOf(whole)).length).toBe(finals.size);
    const download = await get(show.as.judge, `${finals.audio}?download=true`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('answers a Range with 206 and Content-Range, from the start, from an offset to the end, and the last bytes', async () => {
    const whole = await bytesOf(await get(show.as.judge, finals.audio));
    const head = await get(show.as.judge, finals.audio, { range: 'bytes=0-99' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`);
    expect(head.headers.get('content-length')).toBe('100');
    expect((await bytesOf(head)).equals(whole.subarray(0, 100))).toBe(true);
    // a range across the storage's chunk rows
    const middle = await get(show.as.judge, finals.audio, { range: 'bytes=12345-' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 12345-${whole.length - 1}/${whole.length}`);
    expect((await bytesOf(middle)).equals(whole.subarray(12345))).toBe(true);
    const tail = await get(show.as.judge, finals.audio, { range: 'bytes=-50' });
    expect((await bytesOf(tail)).equals(whole.subarray(whole.length - 50))).toBe(true);
    const past = await get(show.as.judge, finals.audio, { range: `bytes=${whole.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('honours If-Range and If-None-Match with the ETag, and answers HEAD without a body', async () => {
    const stale = await get(show.as.judge, finals.audio, { range: 'bytes=0-9', 'if-range': '"another"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('content-length')).toBe(String(finals.size));
    const fresh = await get(show.as.judge, finals.audio, { range: 'bytes=0-9', 'if-range': finals.etag });
    expect(fresh.status).toBe(206);
    const unchanged = await get(show.as.judge, finals.audio, { 'if-none-match': finals.etag });
    expect(unchanged.status).toBe(304);
    const head = await show.api.fetch(finals.audio, { method: 'HEAD', headers: show.as.judge.auth });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(finals.size));
    expect(head.headers.get('etag')).toBe(finals.etag);
    expect(await head.text()).toBe('');
  });

  it("answers an unfinished recording 409 not_finished, and another organization's 404", async () => {
    const started = await show.as.judge.send('POST', `/performances/${show.performances['Bravo HS']}/commentary`, {
      captionKey: 'ea',
      contentType: 'audio/webm',
    });
    const unfinished = await show.as.judge.get(`/commentary/recordings/${started.body.id}/audio`);
    expect(unfinished.status).toBe(409);
    expect(unfinished.body.code).toBe('not_finished');
    const other = await show.api.createOrg('Other Circuit');
    const otherKey = await show.api.createKey(other.guid);
    const stranger = { authorization: `Bearer ${await show.api.token(otherKey.clientId, otherKey.clientSecret)}` };
    expect((await show.api.fetch(finals.audio, { headers: stranger })).status).toBe(404);
    expect((await show.api.fetch(`/commentary/recordings/${finals.id}`, { headers: stranger })).status).toBe(404);
  });
});

describe('who hears it', () => {
  it('lets the people running the show and the recorder hear unreleased commentary, and no other judge', async () => {
    for (const who of ['tabulator', 'administrator', 'chief'] as const)
      expect((await get(show.as[who], encore.audio)).status, who).toBe(200);
    expect((await get(show.key, encore.audio)).status).toBe(200);
    expect((await get(show.as.tabulator, `/commentary/recordings/${encore.id}`)).status).toBe(200);
    const judge = await show.as.judge2.get(`/commentary/recordings/${encore.id}`);
    expect(judge.status).toBe(403);
    expect(judge.body).toMatchObject({ code: 'permission_required', permission: 'listen-commentary' });
    expect((await get(show.as.judge, encore.audio)).status).toBe(403);
    // the judge who recorded the finals hears its own tape
    expect((await get(show.as.judge, finals.audio)).status).toBe(200);
  });

  it('never lets fans hear it, released or not, nor anyone without a token', async () => {
    for (const path of [finals.audio, `/commentary/recordings/${finals.id}`, encore.audio]) {
      const fans = await get(show.fans, path);
      expect(fans.status, path).toBe(403);
      expect(fans.headers.get('cache-control') ?? '', path).not.toMatch(/public/);
      expect((await get(undefined, path)).status, path).toBe(401);
    }
    for (const path of [
      `/competitions/${show.circuit.competition.id}/commentary`,
      `/performances/${show.performances['Alpha HS']}/commentary`,
      `/competitions/${show.circuit.competition.id}/tablets`,
    ])
      expect((await show.fans.get(path)).status, path).toBe(403);
  });

  it("lets the circuit's users hear it once released, by hand or with the scores, and not when withheld", async () => {
    const release = (round: number, body: Json) =>
      show.as.tabulator.send('POST', `/competitions/${show.circuit.competition.id}/commentary/release`, {
        round,
        ...body,
      });
    // the finals' scores are released: its commentary is heard with them
    expect((await get(show.as.judge2, finals.audio)).status).toBe(200);
    expect((await release(1, { release: 'withheld' })).status).toBe(200);
    expect((await get(show.as.judge2, finals.audio)).status).toBe(403);
    expect((await release(1, { release: 'with-scores' })).status).toBe(200);
    expect((await get(show.as.judge2, finals.audio)).status).toBe(200);
    // the encore is not released; released by hand (its other performances have no commentary: forced)
    const refused = await release(2, { release: 'now' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('commentary_release_refused');
    expect(refused.body.missing.length).toBeGreaterThan(0);
    expect((await get(show.as.judge2, encore.audio)).status).toBe(403);
    const forced = await release(2, { release: 'now', force: true, reason: 'the other tapes come tomorrow' });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.body.sections).toEqual([
      {
        round: { number: 2, name: 'Encore' },
        division: { id: show.circuit.scholasticA.id, name: 'Scholastic A' },
        release: 'now',
        released: true,
        scoresReleased: false,
      },
    ]);
    expect((await get(show.as.judge2, encore.audio)).status).toBe(200);
    expect((await get(show.fans, encore.audio)).status).toBe(403);
    const bytes = await bytesOf(await get(show.as.judge2, encore.audio));
    expect(bytes.subarray(bytes.length - 1000).equals(fixture('chromium-4s.webm').subarray(-1000))).toBe(true);
  });
});
