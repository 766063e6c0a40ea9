/**
 * One upstream exchange per key at a time: reads that come while one is in flight share its outcome instead of
 * asking the upstream again (decision 018). A read that must see what the upstream holds now (`after`) waits for the
 * one in flight, which may have been answered before a change, and shares the next one with any other such read.
 */
export interface Coalescer<T> {
  /** an exchange is in flight for this key */
  busy(key: string): boolean;
  /** the exchange in flight for this key, else `run` started as it */
  join(key: string, run: () => Promise<T>): Promise<T>;
  /** `run` started as the key's exchange, whatever is in flight (the circuit's probe) */
  start(key: string, run: () => Promise<T>): Promise<T>;
  /** an exchange started after the one in flight (or now, when none is): at most one waits per key */
  after(key: string, run: () => Promise<T>): Promise<T>;
}

export function createCoalescer<T>(): Coalescer<T> {
  const inFlight = new Map<string, Promise<T>>();
  const nextExchange = new Map<string, Promise<T>>();

  function start(key: string, run: () => Promise<T>): Promise<T> {
    const shared = run().finally(() => inFlight.delete(key));
    inFlight.set(key, shared);
    return shared;
  }

  function after(key: string, run: () => Promise<T>): Promise<T> {
    const current = inFlight.get(key);
    if (!current) return start(key, run);
    let next = nextExchange.get(key);
    if (!next) {
      next = current
        .catch(() => undefined)
        .then(() => {
          nextExchange.delete(key);
          return inFlight.get(key) ?? start(key, run);
        });
      nextExchange.set(key, next);
    }
    return next;
  }

  return {
    busy: (key) => inFlight.has(key),
    join: (key, run) => inFlight.get(key) ?? start(key, run),
    start,
    after,
  };
}
