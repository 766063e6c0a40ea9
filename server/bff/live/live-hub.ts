/**
 * Watches live competitions for every browser at once (decision 033): per round one revalidating read of each watched
 * season's competition listing (the released flags) and one of each watched competition's performances, however many
 * pages are open. A round runs when our API says its data changed (upstream/changes.ts, issue 41), or on the timer
 * while it cannot say (the hosted upstream; our API's stream down): watch-rounds.ts. A competition is watched while
 * someone listens and dropped with its last listener; watchers and listeners are bounded. The reads go through the
 * read proxy, so the browsers' own reads after a change are answered from the copy the watcher has just confirmed.
 */
import { createHash } from 'node:crypto';
import { CompetitionRecords, type HostedCompetition } from '../views/hosted-shapes.js';
import { seasonYear } from '../views/compute/season-names.js';
import {
  COMPETITIONS_V2,
  listingSearch,
  PERFORMANCES_V2,
  readJson,
  readRaw,
  type Read,
  type UpstreamRead,
} from '../views/reads/upstream-reads.js';
import type { CompetitionSummaryView } from '../views/view-schemas.js';
import type { UpstreamChanges } from '../upstream/changes.js';
import { mayBeLive } from './live-day.js';
import type { ChangeEvent, ChangeListener } from './change-stream.js';
import { watchRounds } from './watch-rounds.js';

/** What a listener hears: the competition's numbers or released flags changed, or it is no longer watched. */
export type LiveEvent = ChangeEvent;
export type LiveListener = ChangeListener;

export type LiveJoin =
  | { kind: 'joined'; guid: string; version: string; leave: () => void }
  | { kind: 'not_live' }
  | { kind: 'full'; detail: string };

export interface LiveHubOptions {
  /** a read that always revalidates with the upstream (never a fresh-cache hit) */
  readFresh: UpstreamRead;
  /** the competition's summary by guid (throws ViewProblem 404 for an unknown one) */
  lookUp: (guid: string) => Promise<{ summary: CompetitionSummaryView }>;
  now: () => number;
  /** how often it reads while the upstream's changes are not pushed */
  intervalMs: number;
  /** the upstream's pushed changes, when it has them */
  changes?: UpstreamChanges;
  maxCompetitions: number;
  maxListeners: number;
  onReadFailure?: (guid: string, error: unknown) => void;
}

interface Watcher {
  guid: string;
  year: number;
  /** the competition's id where the upstream names one: its schedule (our API's v4) is read with the numbers */
  competitionId: number | null;
  version: string;
  /** the released flags and the performances' ETag the version was made of */
  numbers: string;
  /** the schedule's ETag the version was made of */
  schedule: string;
  listeners: Set<LiveListener>;
}

export interface LiveHub {
  join(guid: string, listener: LiveListener): Promise<LiveJoin>;
  /** one round of reads for every watched competition (a change heard, or the timer while none can be) */
  tick(): Promise<void>;
  /** ends every listener (the server is shutting down) */
  close(): void;
  readonly watched: number;
  readonly listeners: number;
}

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { readFresh, lookUp, now, intervalMs, maxCompetitions, maxListeners } = options;
  const watchers = new Map<string, Watcher>();
  /** watchers being started: concurrent first listeners of one competition share one lookup and first read */
  const starting = new Map<string, Promise<Watcher | undefined>>();
  let listenerCount = 0;
  const rounds = watchRounds({ intervalMs, changes: options.changes, round: () => tickOnce() });

  type Listing = Read<HostedCompetition[]>;
  type Seen = Pick<Watcher, 'numbers' | 'schedule'>;
  /**
   * `listings`: one tick's reads by season year, so a season's listing is read once per tick, not once per competition.
   * The listing and the performances are read at once. The schedule is read only when no number moved since `last`:
   * a moved number is a change already, and the pages read everything again at a change, so a release costs the
   * round two reads, not three; a time moved with it is read at the next round.
   */
  async function versionOf(
    guid: string,
    year: number,
    competitionId: number | null,
    listings = new Map<number, Promise<Listing>>(),
    last?: Seen,
  ): Promise<(Seen & { version: string; date: string }) | undefined> {
    let pending = listings.get(year);
    if (!pending) {
      pending = readJson(readFresh, COMPETITIONS_V2, listingSearch(year, true), CompetitionRecords);
      listings.set(year, pending);
    }
    const [listing, performances] = await Promise.all([pending, readRaw(readFresh, PERFORMANCES_V2, `?c=${guid}`)]);
    const record = listing.data.find((candidate) => candidate.CompetitionGuid.toLowerCase() === guid.toLowerCase());
    if (!record) return undefined;
    const flags = [record.ScoresReleased, record.CategoryRecapReleased, record.RecapReleased].map(Number).join('');
    const numbers = `${flags}|${performances.etag}`;
    const schedule = last !== undefined && last.numbers !== numbers ? last.schedule : await scheduleTag(competitionId);
    const version = createHash('sha256').update(`${numbers}|${schedule}`).digest('base64url').slice(0, 16);
    return { version, numbers, schedule, date: record.Date };
  }

  /**
   * The schedule's ETag (v4 `GET /competitions/{id}/schedule`, decision 141): a published time moved is a change fans
   * following the group are told of, though no released number moved. The hosted service answers no schedule as data,
   * and a failed read is no change of its own: both are a constant.
   */
  async function scheduleTag(competitionId: number | null): Promise<string> {
    if (competitionId === null) return 'none';
    try {
      return (await readRaw(readFresh, `/competitions/${competitionId}/schedule`)).etag;
    } catch {
      return 'none';
    }
  }

  async function start(guid: string): Promise<Watcher | undefined> {
    const { summary } = await lookUp(guid);
    const year = seasonYear(summary.season.name);
    if (year === undefined || !mayBeLive(summary.competition.date, now())) return undefined;
    const competitionId = summary.competition.id ?? null;
    const first = await versionOf(summary.competition.guid, year, competitionId);
    if (!first) return undefined;
    const { version, numbers, schedule } = first;
    return { guid: summary.competition.guid, year, competitionId, version, numbers, schedule, listeners: new Set() };
  }

  function end(watcher: Watcher, reason: 'not_live' | 'closing'): void {
    watchers.delete(watcher.guid.toLowerCase());
    // let go of first: a stream leaves as it writes its end (change-stream.ts), and finds itself already gone
    const listeners = [...watcher.listeners];
    watcher.listeners.clear();
    listenerCount -= listeners.length;
    for (const listener of listeners) listener({ kind: 'end', reason });
    stopWhenIdle();
  }

  function stopWhenIdle(): void {
    if (watchers.size === 0) rounds.stop();
  }

  async function tickOnce(): Promise<void> {
    const listings = new Map<number, Promise<Listing>>();
    for (const watcher of [...watchers.values()]) {
      try {
        const current = await versionOf(watcher.guid, watcher.year, watcher.competitionId, listings, watcher);
        if (!current || !mayBeLive(current.date, now())) {
          end(watcher, 'not_live');
          continue;
        }
        if (current.version === watcher.version) continue;
        watcher.version = current.version;
        watcher.numbers = current.numbers;
        watcher.schedule = current.schedule;
        for (const listener of watcher.listeners) listener({ kind: 'change', version: current.version });
        // Every page told reads the competition's summary again; its reads (the seasons, the season's events and
        // groups, the event: past the fresh window, one revalidation each) start now, not when the first page asks,
        // and the pages find them fresh or in flight. A failure is the pages' to meet and show.
        void lookUp(watcher.guid).catch(() => undefined);
      } catch (error) {
        // An outage keeps the last version: the pages keep their numbers and the next tick tries again.
        options.onReadFailure?.(watcher.guid, error);
      }
    }
  }

  const hub: LiveHub = {
    async join(guid, listener) {
      if (listenerCount >= maxListeners)
        return {
          kind: 'full',
          detail: `This server already streams ${maxListeners} live pages; the page refreshes on its own instead.`,
        };
      const key = guid.toLowerCase();
      let watcher = watchers.get(key);
      if (!watcher) {
        if (watchers.size + starting.size >= maxCompetitions && !starting.has(key)) {
          return {
            kind: 'full',
            detail: `This server already watches ${maxCompetitions} live competitions; the page refreshes on its own instead.`,
          };
        }
        let pending = starting.get(key);
        if (!pending) {
          pending = start(guid).finally(() => starting.delete(key));
          starting.set(key, pending);
        }
        const started = await pending;
        if (!started) return { kind: 'not_live' };
        watcher = watchers.get(key);
        if (!watcher) {
          watcher = started;
          watchers.set(key, watcher);
        }
        rounds.start();
      }
      if (listenerCount >= maxListeners)
        return {
          kind: 'full',
          detail: `This server already streams ${maxListeners} live pages; the page refreshes on its own instead.`,
        };
      const joined = watcher;
      joined.listeners.add(listener);
      listenerCount += 1;
      let left = false;
      return {
        kind: 'joined',
        guid: joined.guid,
        version: joined.version,
        leave() {
          if (left) return;
          left = true;
          if (!joined.listeners.delete(listener)) return;
          listenerCount -= 1;
          if (joined.listeners.size === 0 && watchers.get(key) === joined) {
            watchers.delete(key);
            stopWhenIdle();
          }
        },
      };
    },
    tick: () => rounds.run(),
    close() {
      for (const watcher of [...watchers.values()]) end(watcher, 'closing');
      rounds.close();
    },
    get watched() {
      return watchers.size;
    },
    get listeners() {
      return listenerCount;
    },
  };
  return hub;
}
