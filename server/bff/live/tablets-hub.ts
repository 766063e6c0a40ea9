/**
 * Watches the competitions whose tablet status page is open (decision 130) through the signed-in hub
 * (signed-in-hub.ts): one read of `GET /competitions/{id}/tablets` per tick per watched competition, however many
 * pages are open, with a listening page's own token. Its version is the answer's hash: the API keeps each tablet's
 * last report outside the audit trail (a heartbeat is not a write of the show), so the console's stream never hears
 * one, and the answer carries no ETag. It moves with a report that changes what the page shows (what waits, the
 * battery, a recording begun) and with each report's time; every page then reads the status with its own token. A
 * page is let in by that same read with its own token (its role and organization, checked by the API).
 */
import { createHash } from 'node:crypto';
import { createSignedInHub, ReadRefused, type SignedInHub } from './signed-in-hub.js';

export interface TabletsHubOptions {
  /** a GET of the API with this user's token: status and body (throws on a transport failure) */
  readAs: (token: string, pathAndQuery: string) => Promise<{ status: number; body: Buffer }>;
  now: () => number;
  intervalMs: number;
  maxCompetitions: number;
  maxListeners: number;
  onReadFailure?: (competitionId: number, error: unknown) => void;
}

/** Keyed by the competition's id. */
export type TabletsHub = SignedInHub<number>;

const tabletsPath = (competitionId: number) => `/competitions/${competitionId}/tablets`;

export function createTabletsHub(options: TabletsHubOptions): TabletsHub {
  const { readAs } = options;
  return createSignedInHub<number>(
    {
      async admit(session, competitionId) {
        const check = await readAs(session.token, tabletsPath(competitionId));
        if (check.status === 401)
          return { kind: 'refused', status: 401, detail: 'Your sign-in has ended. Sign in again.' };
        if (check.status === 403)
          return { kind: 'refused', status: 403, detail: "Your role does not see this competition's tablets." };
        if (check.status === 404)
          return { kind: 'refused', status: 404, detail: `Competition ${competitionId} is not one of yours.` };
        if (check.status !== 200) throw new Error(`the tablets read answered ${check.status}`);
        return null;
      },
      async version(token, competitionId) {
        const answer = await readAs(token, tabletsPath(competitionId));
        if (answer.status !== 200) throw new ReadRefused(answer.status);
        return createHash('sha256').update(answer.body).digest('base64url');
      },
      says: {
        tooManyListeners: `This server already streams ${options.maxListeners} pages; the tablet status asks every few seconds instead.`,
        tooManyWatched: `This server already watches ${options.maxCompetitions} competitions' tablets; the page asks every few seconds instead.`,
        unanswered: 'The results API did not answer; the page tries again shortly.',
      },
    },
    { ...options, maxWatched: options.maxCompetitions },
  );
}
