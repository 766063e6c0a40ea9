/**
 * Write requests before commentary appends (server/api/http/writes-first.ts): an append's statement waits while a
 * write request is under way, appends take their turn one at a time, and a stream of writes holds one only so long.
 */
import { describe, expect, it } from 'vitest';
import { writesFirst } from '../../server/api/http/writes-first.js';

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
    await new Promise((resolve) => setImmediate(resolve));
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
});
