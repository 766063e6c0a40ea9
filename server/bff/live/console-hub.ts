/**
 * Watches the competitions whose tabulator's console is open (decision 101) through the signed-in hub
 * (signed-in-hub.ts): one watcher per competition, read with a listening console's own token. What it reads is the
 * competition's audit trail after the last entry seen (`GET /audit/?competitionId=&since=`): every write the console
 * shows (a judge's draft or submit, a correction, a penalty, a sign-off, a release) appends one entry, and with
 * nothing new the answer is an empty list. A console is let in by a read of its progress with its own token.
 */
import type { Session } from '../session/session.js';
import type { UpstreamChanges } from '../upstream/changes.js';
import type { ChangeListener } from './change-stream.js';
import { createSignedInHub, ReadRefused, type SignedInHub, type SignedInJoin } from './signed-in-hub.js';

export interface ConsoleHubOptions {
  /** a GET of the API with this user's token: status and body (throws on a transport failure) */
  readAs: (token: string, pathAndQuery: string) => Promise<{ status: number; body: Buffer }>;
  now: () => number;
  /** how often it reads while the API's changes are not pushed */
  intervalMs: number;
  /** the API's pushed changes, when it has them */
  changes?: UpstreamChanges;
  maxCompetitions: number;
  maxListeners: number;
  onReadFailure?: (competitionId: number, error: unknown) => void;
}

export type ConsoleJoin = SignedInJoin;

export interface ConsoleHub extends SignedInHub<number> {
  join(competitionId: number, session: Session, listener: ChangeListener): Promise<ConsoleJoin>;
}

/** The audit trail's page size (the API's maximum). */
const PAGE = 1000;
/** At most this many pages to find where a competition's trail ends: a million writes is far past any show. */
const MAX_PAGES = 1000;

export function createConsoleHub(options: ConsoleHubOptions): ConsoleHub {
  const { readAs } = options;

  /** The seqs of the trail's entries after `since`, one page. */
  async function entriesAfter(token: string, competitionId: number, since: number): Promise<number[]> {
    const answer = await readAs(token, `/audit/?competitionId=${competitionId}&since=${since}&limit=${PAGE}`);
    if (answer.status !== 200) throw new ReadRefused(answer.status);
    const body: unknown = JSON.parse(answer.body.toString('utf8'));
    const data = (body as { data?: unknown }).data;
    if (!Array.isArray(data)) throw new Error('the audit answer has no data list');
    return data.map((entry) => Number((entry as { seq?: unknown }).seq)).filter(Number.isSafeInteger);
  }

  /** The seq of the trail's last entry after `since` (`since` itself when nothing is new). */
  async function lastSeq(token: string, competitionId: number, since: number): Promise<number> {
    let seq = since;
    for (let page = 0; page < MAX_PAGES; page++) {
      const seqs = await entriesAfter(token, competitionId, seq);
      if (seqs.length > 0) seq = Math.max(seq, ...seqs);
      if (seqs.length < PAGE) break;
    }
    return seq;
  }

  return createSignedInHub<number>(
    {
      // Who may listen is what the API lets this user read: the console's own progress read, with the user's token.
      async admit(session, competitionId) {
        const check = await readAs(session.token, `/competitions/${competitionId}/progress`);
        if (check.status === 401)
          return { kind: 'refused', status: 401, detail: 'Your sign-in has ended. Sign in again.' };
        if (check.status === 403)
          return { kind: 'refused', status: 403, detail: "Your role does not see this competition's console." };
        if (check.status === 404)
          return { kind: 'refused', status: 404, detail: `Competition ${competitionId} is not one of yours.` };
        if (check.status !== 200) throw new Error(`the progress read answered ${check.status}`);
        return null;
      },
      version: async (token, competitionId, since) =>
        String(await lastSeq(token, competitionId, since === undefined ? 0 : Number(since))),
      says: {
        tooManyListeners: `This server already streams ${options.maxListeners} consoles; the console asks every few seconds instead.`,
        tooManyWatched: `This server already watches ${options.maxCompetitions} consoles' competitions; the console asks every few seconds instead.`,
        unanswered: 'The results API did not answer; the console tries again shortly.',
      },
    },
    { ...options, maxWatched: options.maxCompetitions },
  );
}
