/**
 * The header the service worker (src/sw/service-worker.ts) adds to a read it answers from its saved copies rather
 * than the network: the instant the copy was made (its Date), as an ISO timestamp. The fetch layer hands it on as
 * `ApiResult.savedAt` (decision 038). Short and alone in its file: the fetch layer is in the initial JS.
 */
export const SAVED_AT_HEADER = 'x-saved';

/**
 * The problem code of the worker's answer to a read it could neither fetch nor find saved (decision 075): the
 * device is offline and this page was never seen here. Asking again cannot help until the connection is back.
 */
export const OFFLINE_CODE = 'offline';
