/**
 * A season's results (season-index.ts), kept so that a group page or the standings, which a phone opens with one
 * small read, do not make the BFF read a season of recaps for every visitor. The results are rebuilt at most once
 * per FRESH_MS per season: every input is read again through the read proxy (which answers from its cache or
 * revalidates with the upstream), and when every input's ETag is the one the kept results were built from, they
 * are kept without parsing anything. Concurrent requests for a season share one build; at most MAX_SEASONS are
 * kept; at most READS_AT_ONCE upstream reads run for one build. When the upstream is down and the proxy has no
 * saved copy of an input, the last results built are served, marked stale.
 */
import { LruCache } from '../../upstream/response-cache.js';
import { loadSeasonListing } from './calendar.js';
import { GroupList, PerformanceRecords } from '../hosted-shapes.js';
import { buildSeasonIndex, type SeasonIndex } from '../compute/season-index.js';
import { mapBounded, parseAs, PERFORMANCES_V2, readAllPages, readRaw, type UpstreamRead } from './upstream-reads.js';
import { ViewProblem } from '../view-problem.js';
import type { SeasonView } from '../view-schemas.js';

/** Scores of a running show reach group pages and standings at most this much later than its recap. */
export const FRESH_MS = 60_000;
const MAX_SEASONS = 16;
const READS_AT_ONCE = 6;

export interface SeasonResults {
  index: SeasonIndex;
  stale: boolean;
}

interface Kept extends SeasonResults {
  /** the ETags of every input, in order */
  inputs: string;
  builtAt: number;
}

export function createSeasonResults(read: UpstreamRead, now: () => number) {
  const kept = new LruCache<Kept>(MAX_SEASONS);
  const building = new Map<number, Promise<Kept>>();

  async function build(season: SeasonView, previous: Kept | undefined): Promise<Kept> {
    try {
      const listing = await loadSeasonListing(read, season);
      const released = listing.competitions.filter((record) => record.ScoresReleased);
      const [groups, recaps] = await Promise.all([
        readAllPages(read, '/v3/groups', `?seasonId=${season.id}`, GroupList),
        mapBounded(released, READS_AT_ONCE, (record) => readRaw(read, PERFORMANCES_V2, `?c=${record.CompetitionGuid}`)),
      ]);
      const inputs = [
        ...listing.etags,
        groups.etag,
        ...released.map((record, i) => `${record.CompetitionGuid}=${recaps[i].etag}`),
      ].join(' ');
      const stale = listing.stale || groups.stale || recaps.some((recap) => recap.stale);
      if (previous && previous.inputs === inputs) return { ...previous, stale, builtAt: now() };
      const index = buildSeasonIndex(
        released.map((record, i) => ({
          record,
          practice: !listing.nonPractice.has(record.CompetitionGuid),
          performances: parseAs(PerformanceRecords, recaps[i].body, PERFORMANCES_V2),
        })),
        groups.data,
      );
      return { index, stale, inputs, builtAt: now() };
    } catch (error) {
      // An outage with inputs the proxy has no copy of: the last results are better than none, and say so.
      if (previous && error instanceof ViewProblem && error.status >= 503)
        return { ...previous, stale: true, builtAt: previous.builtAt };
      throw error;
    }
  }

  return {
    async get(season: SeasonView): Promise<SeasonResults> {
      const previous = kept.get(String(season.id));
      if (previous && now() - previous.builtAt < FRESH_MS) return previous;
      let shared = building.get(season.id);
      if (!shared) {
        shared = build(season, previous)
          .then((results) => {
            kept.set(String(season.id), results);
            return results;
          })
          .finally(() => building.delete(season.id));
        building.set(season.id, shared);
      }
      return shared;
    },
  };
}

export type SeasonResultsSource = ReturnType<typeof createSeasonResults>;
