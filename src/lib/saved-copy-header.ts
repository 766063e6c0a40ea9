/**
 * The header the service worker (src/sw/service-worker.ts) adds to a read it answers from its saved copies rather
 * than the network: the instant the copy was made (its Date), as an ISO timestamp. The fetch layer hands it on as
 * `ApiResult.savedAt` (decision 038). Short and alone in its file: the fetch layer is in the initial JS.
 */
export const SAVED_AT_HEADER = 'x-saved';
