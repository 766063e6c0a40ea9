/**
 * The judges' seats hub (decision 124) on its own, with the API's answers given here: each session's seats read with
 * that session's token and no other, its last ETag as If-None-Match (a 304 is no change), one read per tick per
 * session however many of its tabs listen, a user who is not a judge refused, an ended token ending its streams. The
 * real servers are in seats-stream.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../server/bff/live/change-stream.js';
import { createSeatsHub } from '../../server/bff/live/seats-hub.js';

function fakeApi() {
  const reads: { token: string; path: string; ifNoneMatch: string | undefined }[] = [];
  const roles = new Map<string, string>([
    ['ana', 'judge'],
    ['bo', 'judge'],
    ['tess', 'tabulator'],
  ]);
  const tags = new Map<string, string>([
    ['ana', 'a1'],
    ['bo', 'b1'],
  ]);
  const ended = new Set<string>();
  const answer = (token: string, path: string, headers: Record<string, string>) => {
    reads.push({ token, path, ifNoneMatch: headers['if-none-match'] });
    if (ended.has(token)) return { status: 401, headers: {}, body: Buffer.from('{}') };
    if (path === '/me')
      return { status: 200, headers: {}, body: Buffer.from(JSON.stringify({ role: roles.get(token) })) };
    const etag = `"${tags.get(token)}"`;
    if (headers['if-none-match'] === etag) return { status: 304, headers: { etag }, body: Buffer.alloc(0) };
    return { status: 200, headers: { etag }, body: Buffer.from('{"data":[]}') };
  };
  const readAs = (token: string, path: string, headers: Record<string, string> = {}) =>
    Promise.resolve(answer(token, path, headers));
  return { reads, tags, ended, readAs };
}

const session = (token: string, expiresAt = 1e12) => ({ token, expiresAt });

describe("the judges' seats hub", () => {
  it("reads each session's own seats with its own token, once per tick however many tabs, and tells its tabs alone", async () => {
    const api = fakeApi();
    const hub = createSeatsHub({ readAs: api.readAs, now: () => 0, intervalMs: 60_000, maxListeners: 10 });
    const heard: Record<'anaTab' | 'anaOtherTab' | 'bo', ChangeEvent[]> = { anaTab: [], anaOtherTab: [], bo: [] };
    for (const [who, token] of [
      ['anaTab', 'ana'],
      ['anaOtherTab', 'ana'],
      ['bo', 'bo'],
    ] as const)
      expect(await hub.join(token, session(token), (event) => heard[who].push(event))).toMatchObject({
        kind: 'joined',
        version: token === 'ana' ? 'a1' : 'b1',
      });
    expect(hub.watched).toBe(2);
    expect(hub.listeners).toBe(3);

    api.reads.length = 0;
    await hub.tick();
    expect(api.reads).toEqual([
      { token: 'ana', path: '/me/seats', ifNoneMatch: '"a1"' },
      { token: 'bo', path: '/me/seats', ifNoneMatch: '"b1"' },
    ]);
    expect(heard).toEqual({ anaTab: [], anaOtherTab: [], bo: [] });

    // a correction of Ana's entry: her seats' tag moves, Bo's does not
    api.tags.set('ana', 'a2');
    await hub.tick();
    expect(heard.anaTab).toEqual([{ kind: 'change', version: 'a2' }]);
    expect(heard.anaOtherTab).toEqual([{ kind: 'change', version: 'a2' }]);
    expect(heard.bo).toEqual([]);

    // Bo's sign-in ends: his stream is told so, and the hub forgets his seats
    api.ended.add('bo');
    await hub.tick();
    expect(heard.bo).toEqual([{ kind: 'end', reason: 'session_expired' }]);
    expect(hub.watched).toBe(1);
    hub.close();
    expect(heard.anaTab.at(-1)).toEqual({ kind: 'end', reason: 'closing' });
  });

  it('refuses a user who is not a judge, or whose sign-in ended, and joins nobody', async () => {
    const api = fakeApi();
    const hub = createSeatsHub({ readAs: api.readAs, now: () => 0, intervalMs: 60_000, maxListeners: 1 });
    expect(await hub.join('tess', session('tess'), () => undefined)).toMatchObject({ kind: 'refused', status: 403 });
    api.ended.add('bo');
    expect(await hub.join('bo', session('bo'), () => undefined)).toMatchObject({ kind: 'refused', status: 401 });
    expect(hub.watched).toBe(0);
    expect(await hub.join('ana', session('ana'), () => undefined)).toMatchObject({ kind: 'joined' });
    // one listener at most here: the next is told the server is full
    expect(await hub.join('ana', session('ana'), () => undefined)).toMatchObject({ kind: 'full' });
    hub.close();
  });
});
