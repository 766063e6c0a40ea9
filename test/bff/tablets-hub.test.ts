/**
 * The tablet status pages' hub (decision 130) on its own, with the API's answers given here: a page joins on its
 * own read of the tablets, each tick reads once for all of a competition's pages, a report that changes the answer
 * is heard as a change by every page, an unchanged answer by none, and a token the API refuses ends that page's
 * stream. The real servers are in tablets-stream.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../server/bff/live/change-stream.js';
import { createTabletsHub } from '../../server/bff/live/tablets-hub.js';

function fakeApi() {
  const reads: string[] = [];
  const state = { lastSeen: '2027-02-06T12:00:00.000Z', refused: new Map<string, number>() };
  const readAs = (token: string, pathAndQuery: string) => {
    reads.push(`${token} ${pathAndQuery}`);
    const status = state.refused.get(token);
    if (status) return Promise.resolve({ status, body: Buffer.from('{}') });
    return Promise.resolve({
      status: 200,
      body: Buffer.from(JSON.stringify({ data: [{ lastSeenAt: state.lastSeen }] })),
    });
  };
  return { reads, state, readAs };
}

const options = (api: ReturnType<typeof fakeApi>, maxListeners = 5) => ({
  readAs: api.readAs,
  now: () => Date.parse('2027-02-06T12:00:05.000Z'),
  intervalMs: 60_000,
  maxCompetitions: 5,
  maxListeners,
});

describe('the tablets hub', () => {
  it("tells every page of a new report, read once per tick with the longest-lasting page's token", async () => {
    const api = fakeApi();
    const hub = createTabletsHub(options(api));
    const heard: ChangeEvent[][] = [[], []];
    const a = await hub.join(7, { token: 'a', expiresAt: 9e12 }, (event) => heard[0].push(event));
    const b = await hub.join(7, { token: 'b', expiresAt: 9e13 }, (event) => heard[1].push(event));
    expect(a.kind).toBe('joined');
    expect(b.kind).toBe('joined');
    // each page let in by its own read; the watcher's first version read once
    expect(api.reads.filter((read) => read === 'b /competitions/7/tablets').length).toBeGreaterThan(0);
    expect(hub.watched).toBe(1);

    api.reads.length = 0;
    await hub.tick();
    expect(api.reads).toEqual(['b /competitions/7/tablets']);
    expect(heard).toEqual([[], []]);

    api.state.lastSeen = '2027-02-06T12:00:04.000Z';
    await hub.tick();
    for (const events of heard) {
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ kind: 'change' });
    }
    hub.close();
    expect(heard[0].at(-1)).toEqual({ kind: 'end', reason: 'closing' });
  });

  it('ends the stream of a page whose token the API now refuses, and keeps the others', async () => {
    const api = fakeApi();
    const hub = createTabletsHub(options(api));
    const heard: ChangeEvent[][] = [[], []];
    await hub.join(7, { token: 'demoted', expiresAt: 9e13 }, (event) => heard[0].push(event));
    await hub.join(7, { token: 'kept', expiresAt: 9e12 }, (event) => heard[1].push(event));
    api.state.refused.set('demoted', 403);
    await hub.tick();
    expect(heard[0]).toEqual([{ kind: 'end', reason: 'forbidden' }]);
    expect(heard[1]).toEqual([]);
    expect(hub.listeners).toBe(1);
    api.state.lastSeen = '2027-02-06T12:00:09.000Z';
    await hub.tick();
    expect(heard[1].map((event) => event.kind)).toEqual(['change']);
    hub.close();
  });

  it('refuses a user whose own read of the tablets the API refuses, and one past the limit', async () => {
    const api = fakeApi();
    const hub = createTabletsHub(options(api, 1));
    api.state.refused.set('judge', 403);
    api.state.refused.set('stranger', 404);
    expect(await hub.join(7, { token: 'judge', expiresAt: 9e12 }, () => undefined)).toMatchObject({
      kind: 'refused',
      status: 403,
    });
    expect(await hub.join(7, { token: 'stranger', expiresAt: 9e12 }, () => undefined)).toMatchObject({
      kind: 'refused',
      status: 404,
      detail: 'Competition 7 is not one of yours.',
    });
    expect(hub.watched).toBe(0);
    expect(await hub.join(7, { token: 'tab', expiresAt: 9e12 }, () => undefined)).toMatchObject({ kind: 'joined' });
    expect(await hub.join(7, { token: 'tab2', expiresAt: 9e12 }, () => undefined)).toMatchObject({ kind: 'full' });
    hub.close();
  });
});
