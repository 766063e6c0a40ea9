/**
 * Write requests before commentary appends (docs/decisions/142-commentary-appends-beside-the-score-writes.md). The
 * embedded database runs one statement at a time on the API's own thread, so every append's statements (a
 * recording's pieces arriving all through a round, 30 tablets at once) took turns with the judges' score writes, and
 * a submit waited behind whatever appends came in first. An append's statements are background work the tablet
 * retries from the server's offset; a submit is what the judge waits for. So each append statement waits until no
 * write request is under way, and appends take that turn one at a time: a write that arrives meanwhile waits for one
 * append statement at most, never for a queue of them.
 */

/** How long an append waits for the writes: past it, it runs beside them, so a stream of writes cannot hold it. */
export const APPEND_WAIT_MS = 5000;

export interface WritesFirst {
  /** A write request begins: appends wait until every one begun has called the function it answers. */
  begin: () => () => void;
  /** Runs one append statement once no write request is under way (or APPEND_WAIT_MS passed) and no other append's runs. */
  append: <T>(work: () => Promise<T>) => Promise<T>;
}

export function writesFirst(waitMs = APPEND_WAIT_MS): WritesFirst {
  let writing = 0;
  let idle: (() => void)[] = [];
  // the appends' one turn: each waits for the one before it
  let turn: Promise<unknown> = Promise.resolve();
  const noWrites = (): Promise<void> =>
    writing === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(done, waitMs);
          function done() {
            clearTimeout(timer);
            idle = idle.filter((wake) => wake !== done);
            resolve();
          }
          idle.push(done);
        });
  return {
    begin() {
      writing++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        writing--;
        if (writing === 0) for (const wake of idle) wake();
      };
    },
    append(work) {
      const run = turn.then(noWrites).then(work);
      turn = run.catch(() => undefined);
      return run;
    },
  };
}
