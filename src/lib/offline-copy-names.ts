/**
 * How the service worker (src/sw/service-worker.ts) tells the app that an answer came from its saved copies rather
 * than the network: a read gets this header, a page this meta element. Both carry the instant the copy was made
 * (its Date header), as an ISO timestamp. One place for the names both sides use.
 */
export const SAVED_AT_HEADER = 'x-saved-at';
export const SAVED_AT_META = 'saved-at';
