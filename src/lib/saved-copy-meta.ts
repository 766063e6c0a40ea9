/**
 * The meta element the service worker (src/sw/service-worker.ts) puts in a page it answers from its saved copies:
 * its content is the instant the copy was made (its Date), as an ISO timestamp (decision 038).
 */
export const SAVED_AT_META = 'saved-at';
