/**
 * Write requests before commentary appends (docs/decisions/142-commentary-appends-beside-the-score-writes.md). The
 * embedded database runs one statement at a time on the API's own thread, so every append's statements (a
 * recording's pieces arriving all through a round, 30 tablets at once) took turns with the judges' score writes, and
 * a submit waited behind whatever appends came in first. An append's statements are background work the tablet
 * retries from the server's offset; a submit is what the judge waits for. So each append statement waits until no
 * write request is under way, and appends take that turn one at a time: a write that arrives meanwhile waits for one
 * append statement at most, never for a queue of them.
 *
 * Each turn begins on a turn of the event loop of its own (decision 142, "The round's first seconds"). The embedded
 * database answers a statement without giving the event loop back (its promise settles at once), so a request's
 * work, once begun, runs to its answer as one task, and so does work chained by promises alone: appends queued one
 * behind another ran back to back while the sockets went unread. A turn that begins on `setImmediate` runs after
 * the sockets' reads of this time round the loop (a write request read then has begun before the turn looks whether
 * it may run), and the next turn waits for the next time round.
 */

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';

/** How long an append waits for the writes: past it, it runs beside them, so a stream of writes cannot hold it. */
export const APPEND_WAIT_MS = 5000;

export interface WritesFirst {
  /** A write request begins: appends wait until every one begun has called the function it answers. */
  begin: () => () => void;
  /**
   * Runs one append statement (or another piece of background work) on a turn of the event loop of its own, once no
   * write request is under way (or APPEND_WAIT_MS passed) and no other append's runs.
   */
  append: <T>(work: () => Promise<T>) => Promise<T>;
}

/** The rest of this turn of the event loop: what the sockets hold is read before it goes on. */
const nextLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function writesFirst(waitMs = APPEND_WAIT_MS): WritesFirst {
  let writing = 0;
  let idle: (() => void)[] = [];
  // the appends' one turn: each waits for the one before it
  let turn: Promise<unknown> = Promise.resolve();
  const noWrites = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        idle = idle.filter((wake) => wake !== done);
        resolve();
      }
      idle.push(done);
    });
  // Looked at on a turn of its own, after the sockets were read: a write that arrived in the meantime has begun by
  // then. A write seen waits its end, and the loop turns once more before looking again.
  const writesDone = async (): Promise<void> => {
    const until = performance.now() + waitMs;
    await nextLoopTurn();
    while (writing > 0 && performance.now() < until) {
      await noWrites(until - performance.now());
      await nextLoopTurn();
    }
  };
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
      const run = turn.then(writesDone).then(work);
      turn = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * A tablet's commentary bookkeeping (a recording made, an upload begun) served in the appends' turn: its body read
 * first (bounded by the body limit, so a slow tablet holds no one's turn), then the whole request, write unit and
 * all, once no write request is under way. Every judge presses Record as the round's first group steps off: those
 * 60 requests of 30 tablets, each a write unit of several milliseconds, came in beside the judges' first drafts and,
 * served back to back as they were read, held the drafts (and the TLS handshakes of their new connections) for up to
 * 700 ms in a probe of the bench's round. Nothing but the upload waits on their answers: the tablet keeps every
 * piece until the server confirms it.
 */
export function afterTheWrites(writes: WritesFirst): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    await c.req.text();
    await writes.append(next);
  };
}
