/**
 * Write requests before commentary appends (server/api/http/writes-first.ts): an append's statement waits while a
 * write request is under way, appends take their turn one at a time, and a stream of writes holds one only so long.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { afterTheWrites, writesFirst } from '../../server/api/http/writes-first.js';
import type { AppEnv } from '../../server/api/http/context.js';

/** `count` turns of the event loop */
async function loopTurns(count: number) {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** a promise and the function that settles it */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('writes first', () => {
  it('runs an append only once every write request under way has ended', async () => {
    const order = writesFirst(60_000);
    const events: string[] = [];
    const first = order.begin();
    const second = order.begin();
    const appended = order.append(() => Promise.resolve(events.push('append')));
    await Promise.resolve();
    events.push('first ended');
    first();
    // ending twice counts once: the second write still holds the append
    first();
    await new Promise((resolve) => setImmediate(resolve));
    events.push('second ended');
    second();
    await appended;
    expect(events).toEqual(['first ended', 'second ended', 'append']);
  });

  it('runs appends one at a time, in the order they came, a failed one not stopping the next', async () => {
    const order = writesFirst();
    const events: string[] = [];
    const held = gate();
    const one = order.append(async () => {
      events.push('one starts');
      await held.opened;
      events.push('one ends');
    });
    const two = order.append(() => {
      events.push('two starts');
      return Promise.reject(new Error('refused'));
    });
    const three = order.append(() => Promise.resolve(events.push('three')));
    await loopTurns(3);
    expect(events).toEqual(['one starts']);
    held.open();
    await one;
    await expect(two).rejects.toThrow('refused');
    await three;
    expect(events).toEqual(['one starts', 'one ends', 'two starts', 'three']);
  });

  it('lets an append run beside the writes once it has waited its limit', async () => {
    const order = writesFirst(50);
    const ended = order.begin();
    const started = performance.now();
    await order.append(() => Promise.resolve());
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    ended();
  });

  it('looks for writes on a turn of the event loop of its own, so a write read meanwhile goes first', async () => {
    const order = writesFirst(60_000);
    const events: string[] = [];
    const appended = order.append(() => Promise.resolve(events.push('append')));
    // a write request read from its socket before the append's turn comes (here a task queued before it)
    let ended: (() => void) | undefined;
    setImmediate(() => {
      ended = order.begin();
      events.push('write begins');
    });
    await loopTurns(3);
    expect(events).toEqual(['write begins']);
    ended!();
    await appended;
    expect(events).toEqual(['write begins', 'append']);
  });

  it('gives the event loop back between appends queued one behind the other', async () => {
    const order = writesFirst(60_000);
    const events: string[] = [];
    const appends = [1, 2, 3].map((n) => order.append(() => Promise.resolve(events.push(`append ${n}`))));
    // a task that arrives while the first runs: before the next append, not after the queue
    const task = order.append(() => Promise.resolve()).then(() => undefined);
    setImmediate(() => setImmediate(() => events.push('task')));
    await Promise.all([...appends, task]);
    expect(events.indexOf('task')).toBeLessThan(events.indexOf('append 3'));
  });

  it("serves a tablet's bookkeeping request once no write is under way, its body read before", async () => {
    const order = writesFirst(60_000);
    const app = new Hono<AppEnv>();
    app.use('/recordings', afterTheWrites(order));
    app.post('/recordings', async (c) => c.json({ got: await c.req.json() }, 201));
    app.get('/recordings', (c) => c.json({ read: true }));
    const ended = order.begin();
    let answered = false;
    const answer = Promise.resolve(
      app.request('/recordings', {
        method: 'POST',
        body: JSON.stringify({ n: 1 }),
        headers: { 'content-type': 'application/json' },
      }),
    ).then((response) => {
      answered = true;
      return response;
    });
    // a read is not held
    expect((await app.request('/recordings')).status).toBe(200);
    await loopTurns(5);
    expect(answered).toBe(false);
    ended();
    const response = await answer;
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ got: { n: 1 } });
  });
});
