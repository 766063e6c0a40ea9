/**
 * Watches the seats of every open judge's page (decision 124) through the signed-in hub (signed-in-hub.ts): one
 * watcher per session (a judge's tabs share its cookie, so its token), read with that session's own token and no
 * other: `GET /me/seats` with its last ETag as If-None-Match, so an unchanged seat list is a 304 without a body. Its
 * version is that ETag: it moves with anything the judge's page shows of its seats (a tabulator's correction of an
 * entry, a group marked as not performed, the running order, a seat given or taken), and with nothing else (another
 * judge's caption is not in the answer). A page is let in once `GET /me` says its user is a judge.
 */
import { createHash } from 'node:crypto';
import type { UpstreamChanges } from '../upstream/changes.js';
import { createSignedInHub, ReadRefused, type SignedInHub } from './signed-in-hub.js';

export interface SeatsHubOptions {
  /** a GET of the API with this user's token: status, headers and body (throws on a transport failure) */
  readAs: (
    token: string,
    pathAndQuery: string,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>;
  now: () => number;
  /** how often it reads while the API's changes are not pushed */
  intervalMs: number;
  /** the API's pushed changes, when it has them */
  changes?: UpstreamChanges;
  maxListeners: number;
  onReadFailure?: (error: unknown) => void;
}

/** Keyed by the session's token: a page joins the watcher of its own seats, `join(session.token, session, …)`. */
export type SeatsHub = SignedInHub<string>;

/** An entity tag's opaque part (`W/"…"` or `"…"`), when it is one a stream's id can carry. */
const TAG = /^(?:W\/)?"([\w-]{1,64})"$/;

export function createSeatsHub(options: SeatsHubOptions): SeatsHub {
  const { readAs } = options;
  return createSignedInHub<string>(
    {
      async admit(session) {
        const me = await readAs(session.token, '/me');
        if (me.status === 401)
          return { kind: 'refused', status: 401, detail: 'Your sign-in has ended. Sign in again.' };
        // the hosted service has no /me: its judges use its own app
        if (me.status === 404)
          return { kind: 'refused', status: 404, detail: 'This results service keeps no judges’ seats.' };
        if (me.status !== 200) throw new Error(`the /me read answered ${me.status}`);
        const role = (JSON.parse(me.body.toString('utf8')) as { role?: unknown }).role;
        if (role !== 'judge')
          return { kind: 'refused', status: 403, detail: "Only a judge's page follows its seats: your role has none." };
        return null;
      },
      async version(token, _session, since) {
        const answer = await readAs(token, '/me/seats', since === undefined ? {} : { 'if-none-match': `"${since}"` });
        if (answer.status === 304 && since !== undefined) return since;
        if (answer.status !== 200) throw new ReadRefused(answer.status);
        const etag = answer.headers.etag;
        const tag = typeof etag === 'string' ? TAG.exec(etag)?.[1] : undefined;
        // an API without the ETag (an older one): the answer's own hash says the same
        return tag ?? createHash('sha1').update(answer.body).digest('base64url');
      },
      says: {
        tooManyListeners: `This server already streams ${options.maxListeners} pages; the judge's page asks again when the network comes back instead.`,
        tooManyWatched: `This server already watches ${options.maxListeners} judges' seats; the judge's page asks again when the network comes back instead.`,
        unanswered: 'The results API did not answer; the page tries again shortly.',
      },
    },
    {
      now: options.now,
      intervalMs: options.intervalMs,
      changes: options.changes,
      maxWatched: options.maxListeners,
      maxListeners: options.maxListeners,
      onReadFailure: (_session, error) => options.onReadFailure?.(error),
    },
  );
}
