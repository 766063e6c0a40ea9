/**
 * The consoles' hub (decision 101) on its own, with the API's answers given here: one read per tick per competition
 * with the longest-lasting listener's token, an ended session's stream ended, a refused token's listener ended and the
 * next tick read with another's. The real servers are in console-stream.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../server/bff/live/change-stream.js';
import { createConsoleHub } from '../../server/bff/live/console-hub.js';

function fakeApi() {
  const reads: { token: string; path: string }[] = [];
  const state = { seqs: [] as number[], refused: new Map<string, number>() };
  const answerAs = (token: string, pathAndQuery: string) => {
    reads.push({ token, path: pathAndQuery });
    const status = state.refused.get(token);
    if (status) return { status, body: Buffer.from('{}') };
    if (pathAndQuery.includes('/progress')) return { status: 200, body: Buffer.from('{"data":[]}') };
    const since = Number(new URL(pathAndQuery, 'https://api.test').searchParams.get('since'));
    const data = state.seqs.filter((seq) => seq > since).map((seq) => ({ seq }));
    return { status: 200, body: Buffer.from(JSON.stringify({ data })) };
  };
  const readAs = (token: string, pathAndQuery: string) => Promise.resolve(answerAs(token, pathAndQuery));
  return { reads, state, readAs };
}

describe('the consoles hub', () => {
  it('reads once per tick per competition with the session that lasts longest, and tells every listener', async () => {
    const api = fakeApi();
    api.state.seqs = [3, 5];
    let now = 1_000;
    const hub = createConsoleHub({
      readAs: api.readAs,
      now: () => now,
      intervalMs: 60_000,
      maxCompetitions: 5,
      maxListeners: 5,
    });
    const heard: ChangeEvent[][] = [[], []];
    const a = await hub.join(7, { token: 'short', expiresAt: 5_000 }, (event) => heard[0].push(event));
    const b = await hub.join(7, { token: 'long', expiresAt: 9_000 }, (event) => heard[1].push(event));
    expect(a).toMatchObject({ kind: 'joined', version: '5' });
    expect(b).toMatchObject({ kind: 'joined', version: '5' });
    expect(hub.watched).toBe(1);

    api.reads.length = 0;
    await hub.tick();
    expect(api.reads).toEqual([{ token: 'long', path: '/audit/?competitionId=7&since=5&limit=1000' }]);
    expect(heard).toEqual([[], []]);

    api.state.seqs.push(8);
    await hub.tick();
    expect(heard).toEqual([[{ kind: 'change', version: '8' }], [{ kind: 'change', version: '8' }]]);

    // The short session ends: its stream is told so; the long one's refused token ends it too, and the hub forgets.
    now = 6_000;
    api.state.refused.set('long', 401);
    await hub.tick();
    expect(heard[0].at(-1)).toEqual({ kind: 'end', reason: 'session_expired' });
    expect(heard[1].at(-1)).toEqual({ kind: 'end', reason: 'session_expired' });
    expect(hub.listeners).toBe(0);
    expect(hub.watched).toBe(0);
    hub.close();
  });

  it('refuses a user whose progress read the API refuses, and joins nobody', async () => {
    const api = fakeApi();
    const hub = createConsoleHub({
      readAs: api.readAs,
      now: () => 0,
      intervalMs: 60_000,
      maxCompetitions: 5,
      maxListeners: 1,
    });
    api.state.refused.set('judge', 403);
    api.state.refused.set('stranger', 404);
    expect(await hub.join(7, { token: 'judge', expiresAt: 1e12 }, () => undefined)).toMatchObject({
      kind: 'refused',
      status: 403,
    });
    expect(await hub.join(7, { token: 'stranger', expiresAt: 1e12 }, () => undefined)).toMatchObject({
      kind: 'refused',
      status: 404,
    });
    expect(hub.watched).toBe(0);
    expect(await hub.join(7, { token: 'tab', expiresAt: 1e12 }, () => undefined)).toMatchObject({ kind: 'joined' });
    // one listener at most here: the next is told the server is full
    expect(await hub.join(7, { token: 'tab2', expiresAt: 1e12 }, () => undefined)).toMatchObject({ kind: 'full' });
    hub.close();
  });
});
