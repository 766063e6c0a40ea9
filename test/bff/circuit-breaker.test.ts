import { describe, expect, it } from 'vitest';
import { OPEN_MS, PROBE_INTERVAL_MS } from '../../server/bff/upstream/circuit-breaker.js';
import { harnessPerTest, until, type Harness } from './harness.js';

const harnesses = harnessPerTest();
const harness = harnesses.start;

const probeFailures = (harness: Harness) =>
  harness.logs.filter((line) => line.msg === 'upstream failure' && line.served === 'probe');

/** Saves a good answer for each path, then lets the fresh window pass, so the next reads would ask the upstream. */
async function saved(h: Harness, paths: string[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  for (const path of paths) bodies.set(path, (await h.get(`/api${path}`)).body);
  h.clock.advance(2000);
  return bodies;
}

/** Saves /events/, then has the upstream refuse connections once a read goes to it: the circuit is open after. */
async function openedByRefusal(h: Harness): Promise<void> {
  await saved(h, ['/events/']);
  h.upstream.reads = 'reset';
  expect((await h.get('/api/events/')).headers['x-bff-stale']).toBe('1');
}

describe('the circuit breaker in front of a hung or refusing API', () => {
  it('after a timeout, serves saved copies at once without calling the hung API again', async () => {
    const h = await harness({ cacheTtlMs: 1000, upstreamTimeoutMs: 300 });
    const paths = ['/events/', '/events/1', '/events/2'];
    const good = await saved(h, paths);
    h.upstream.reads = 'hang';

    const first = await h.get('/api/events/');
    expect(first.headers['x-bff-stale']).toBe('1');
    expect(h.logs).toContainEqual(expect.objectContaining({ msg: 'circuit open', reason: 'timeout' }));

    const readsBefore = h.upstream.readLog.length;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => paths[i % paths.length]).map(async (path) => ({
        path,
        answer: await h.get(`/api${path}`),
      })),
    );
    for (const { path, answer } of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-bff-stale']).toBe('1');
      expect(answer.body).toBe(good.get(path));
    }
    expect(h.upstream.readLog.length).toBe(readsBefore);
  });

  for (const [behaviour, status, code] of [
    ['hang', 504, 'upstream_timeout'],
    ['reset', 503, 'upstream_unavailable'],
  ] as const) {
    it(`without a saved copy, answers ${status} at once while open (${behaviour})`, async () => {
      const h = await harness({ upstreamTimeoutMs: 300 });
      h.upstream.reads = behaviour;
      expect((await h.get('/api/events/')).status).toBe(status);

      const readsBefore = h.upstream.readLog.length;
      const answers = await Promise.all(['/events/1', '/groups/', '/v3/groups'].map((path) => h.get(`/api${path}`)));
      for (const answer of answers) {
        expect(answer.status).toBe(status);
        expect(answer.json()).toMatchObject({ status, code });
      }
      expect(h.upstream.readLog.length).toBe(readsBefore);
    });
  }

  it('a token request that times out opens it too', async () => {
    const h = await harness({ upstreamTimeoutMs: 300 });
    h.upstream.token = 'hang';
    expect((await h.get('/api/events/')).status).toBe(504);
    const tokenRequests = h.upstream.tokenRequests;
    expect((await h.get('/api/events/1')).status).toBe(504);
    expect(h.upstream.tokenRequests).toBe(tokenRequests);
  });

  it('probes in the background, one probe at a time; the read that sends it does not wait for it', async () => {
    const h = await harness({ cacheTtlMs: 1000 });
    await saved(h, ['/events/1']);
    await openedByRefusal(h);
    h.upstream.reads = 'hang';
    h.clock.advance(PROBE_INTERVAL_MS);

    const readsBefore = h.upstream.readLog.length;
    const answers = await Promise.all(
      ['/events/', '/events/1', '/events/', '/events/1'].map((path) => h.get(`/api${path}`)),
    );
    // Every answer came while the probe still hangs: its failure (after the 5 s timeout) is not logged yet.
    expect(probeFailures(h)).toHaveLength(0);
    for (const answer of answers) expect(answer.headers['x-bff-stale']).toBe('1');
    await until(() => h.upstream.readLog.length === readsBefore + 1);

    h.clock.advance(PROBE_INTERVAL_MS * 10);
    expect((await h.get('/api/events/1')).headers['x-bff-stale']).toBe('1');
    expect(h.upstream.readLog.length).toBe(readsBefore + 1);
  });

  it('a failed probe keeps it open; the next probe waits for the probe interval', async () => {
    const h = await harness({ cacheTtlMs: 1000 });
    await openedByRefusal(h);
    h.clock.advance(PROBE_INTERVAL_MS);
    await h.get('/api/events/');
    await until(() => probeFailures(h).length === 1);

    const readsBefore = h.upstream.readLog.length;
    for (let i = 0; i < 3; i++) expect((await h.get('/api/events/')).headers['x-bff-stale']).toBe('1');
    expect(h.upstream.readLog.length).toBe(readsBefore);

    h.clock.advance(PROBE_INTERVAL_MS);
    await h.get('/api/events/');
    await until(() => probeFailures(h).length === 2);
    expect(h.upstream.readLog.length).toBe(readsBefore + 1);
  });

  it('a probe that gets an answer closes it, and reads go to the API again', async () => {
    const h = await harness({ cacheTtlMs: 1000 });
    await openedByRefusal(h);
    h.upstream.reads = 'ok';
    h.upstream.version = 2;
    h.clock.advance(PROBE_INTERVAL_MS);

    expect((await h.get('/api/events/')).headers['x-bff-stale']).toBe('1');
    await until(() => h.logs.some((line) => line.msg === 'circuit closed'));

    // the probe saved the new version
    const after = await h.get('/api/events/');
    expect(after.headers['x-bff-stale']).toBeUndefined();
    expect(after.json().data[0].name).toBe('Event 1 v2');
    const other = await h.get('/api/events/1');
    expect(other.json().name).toBe('Event 1 v2');
    expect(h.upstream.readsOf('/events/1')).toBe(1);
  });

  it('closes by itself after a quiet while, and the next read tries the API', async () => {
    const h = await harness({ cacheTtlMs: 1000 });
    await openedByRefusal(h);
    h.upstream.reads = 'ok';
    h.clock.advance(OPEN_MS);

    const answer = await h.get('/api/events/');
    expect(answer.headers['x-bff-stale']).toBeUndefined();
    expect(answer.headers['x-bff-cache']).toBe('REVALIDATED');
    expect(h.logs.filter((line) => line.msg.startsWith('circuit')).map((line) => line.msg)).toEqual([
      'circuit open',
      'circuit closed',
    ]);
  });

  it('an API that answers with an error, however fast, does not open it', async () => {
    const h = await harness();
    h.upstream.reads = 503;
    expect((await h.get('/api/events/')).status).toBe(503);
    expect((await h.get('/api/events/1')).status).toBe(503);
    expect(h.upstream.readsOf('/events/1')).toBe(1);
    expect(h.logs.some((line) => line.msg === 'circuit open')).toBe(false);
  });
});
