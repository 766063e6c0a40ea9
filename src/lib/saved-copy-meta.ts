/**
 * The meta element the service worker (src/sw/service-worker.ts) puts in a page it answers from its saved copies:
 * its content is the instant the copy was made (its Date), as an ISO timestamp (decision 038).
 */
export const SAVED_AT_META = 'saved-at';

/** Past this, a stadium's lost signal is long over: the worker's copies expire, and the list of saved pages forgets. */
export const SAVED_COPY_DAYS = 30;
