/**
 * What a BFF test may wait for, told as it happens: the fake upstream's requests (`fake-upstream.ts`), the BFF's log
 * lines and requests reaching or leaving it (`harness.ts`). `until` checks its condition again at each, so a test
 * waits for the event itself, never polls on a timer.
 */
const listeners = new Set<() => void>();

/** Tells every waiting `until` to look again. */
export function happened(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * Resolves once `condition` holds, checked now and after each thing that happens; fails after `timeoutMs` (30 s: a
 * busy CI machine) with what it waited for.
 */
export function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  if (condition()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!condition()) return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`condition not reached in ${timeoutMs} ms: ${condition.toString()}`));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      listeners.delete(check);
    };
    listeners.add(check);
  });
}
