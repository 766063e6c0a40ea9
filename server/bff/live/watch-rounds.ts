/**
 * When a watcher hub (live-hub.ts, console-hub.ts) reads the upstream, and that the upstream's change stream is open
 * while it watches anything: at once when the upstream's pushed changes say
 * something changed (upstream/changes.ts), and on its timer only while they are not pushed (the hosted upstream,
 * which cannot push, decision 012; our API while its change stream is down). Never two rounds at once: a change
 * heard during a round runs one more after it (that round may have read before the change committed); a timer's
 * tick during one waits for it, so a slow upstream never stacks rounds.
 */
import type { UpstreamChanges } from '../upstream/changes.js';

export interface WatchRounds {
  /** the hub watches something: the timer runs, and changes are heard */
  start(): void;
  /** it watches nothing any more */
  stop(): void;
  /** a round now, or the running one (what the timer and tests call) */
  run(): Promise<void>;
  /** ends the subscription to the changes */
  close(): void;
}

export function watchRounds(options: {
  intervalMs: number;
  changes?: UpstreamChanges;
  round: () => Promise<void>;
  /** what the timer does instead of a round while changes are pushed (the consoles' expired sessions) */
  whilePushed?: () => void;
}): WatchRounds {
  let timer: NodeJS.Timeout | undefined;
  let releaseChanges: (() => void) | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const run = (): Promise<void> => {
    running ??= (async () => {
      do {
        again = false;
        await options.round();
      } while (again);
    })().finally(() => (running = undefined));
    return running;
  };
  const unsubscribe = options.changes?.subscribe(() => {
    if (!timer) return;
    if (running) again = true;
    else void run();
  });
  return {
    start() {
      releaseChanges ??= options.changes?.want();
      timer ??= setInterval(() => {
        if (options.changes?.pushed) options.whilePushed?.();
        else void run();
      }, options.intervalMs).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      releaseChanges?.();
      releaseChanges = undefined;
    },
    run,
    close() {
      clearInterval(timer);
      timer = undefined;
      releaseChanges?.();
      releaseChanges = undefined;
      unsubscribe?.();
    },
  };
}
