import { describe, expect, it } from 'vitest';
import { harnessPerTest } from './harness.js';

const harness = harnessPerTest().start;

describe('the live push on the running BFF', () => {
  it('reports its upstream calls and open streams in /api/health, for the live bench and for operators', async () => {
    const { get } = await harness();
    expect((await get('/api/health')).json()).toMatchObject({
      upstream: { calls: 0 },
      live: { competitions: 0, listeners: 0 },
    });
    expect((await get('/api/events/1')).status).toBe(200);
    // The second read is answered from the BFF's fresh copy: no upstream call.
    expect((await get('/api/events/1')).status).toBe(200);
    expect((await get('/api/health')).json()).toMatchObject({ upstream: { calls: 1 } });
  });

  it('answers a live stream of a malformed guid 404 with a sentence, not a stream', async () => {
    const { get } = await harness();
    const answer = await get('/api/bff/competitions/not-a-guid/live', { accept: 'text/event-stream' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json().detail).toBe('"not-a-guid" is not a competition guid.');
  });
});
