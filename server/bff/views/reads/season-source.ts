/**
 * Where standings and a group's season come from: our API's extensions when the upstream answers them
 * (season-extensions.ts: a read or two), else the season's v2 records (season-results.ts: one read per released
 * competition, kept). The standings extension decides; an upstream that does not answer it is not asked again for
 * FRESH_MS, so the hosted service pays one 404 a minute, not one per view.
 */
import { loadSeasonListing } from './calendar.js';
import type { GroupAsked } from '../compute/group-season.js';
import { groupSeason } from '../compute/group-season.js';
import { nextScheduled, type ScheduledPerformance } from './group-schedule.js';
import { judgesFromIndex, readJudgesExtension } from './judges.js';
import { groupSeasonFromExtension, readStandingsExtension, standingsFromExtension } from './season-extensions.js';
import { createSeasonResults, FRESH_MS } from './season-results.js';
import { seasonStandings } from '../compute/standings.js';
import { seasonWinners } from '../compute/season-winners.js';
import { type UpstreamRead } from './upstream-reads.js';
import { ViewProblem } from '../view-problem.js';
import type { SeasonView } from '../view-schemas.js';

export function createSeasonSource(read: UpstreamRead, now: () => number) {
  const derived = createSeasonResults(read, now);

  /** An extension's answer, or undefined: then the view derives from v2, and asks again only after FRESH_MS. */
  function extensionOf<T>(readExtension: (read: UpstreamRead, seasonId: number) => Promise<T | undefined>) {
    let derivedUntil = -Infinity;
    return async (seasonId: number): Promise<T | undefined> => {
      if (now() < derivedUntil) return undefined;
      try {
        const answer = await readExtension(read, seasonId);
        if (!answer) derivedUntil = now() + FRESH_MS;
        return answer;
      } catch (error) {
        // Down, with no saved copy of the extension's answer: the results derived last may still be there.
        if (error instanceof ViewProblem && error.status >= 500) return undefined;
        throw error;
      }
    };
  }
  const extension = extensionOf(readStandingsExtension);
  const judgesExtension = extensionOf(readJudgesExtension);
  /**
   * seasonId -> until when its standings extension is known to be answered. Whether the upstream answers it is the
   * upstream's, not the numbers': a release changes the standings, and asking them again (and parsing them) only
   * for this yes would put a read in the recap's summary after every change (decision 143).
   */
  const extendedUntil = new Map<number, number>();

  return {
    /**
     * Whether the upstream answers our API's extensions, schedules as data among them (the season's standings
     * extension decides, a read kept): the hosted service does not, and publishes its schedules as pages.
     */
    async extended(seasonId: number): Promise<boolean> {
      if (now() < (extendedUntil.get(seasonId) ?? -Infinity)) return true;
      const answered = (await extension(seasonId)) !== undefined;
      if (answered) extendedUntil.set(seasonId, now() + FRESH_MS);
      else extendedUntil.delete(seasonId);
      return answered;
    },
    async standings(season: SeasonView) {
      const answer = await extension(season.id);
      if (answer) return { data: standingsFromExtension(answer.data), stale: answer.stale };
      const { index, stale } = await derived.get(season);
      return { data: seasonStandings(index), stale };
    },
    async group(season: SeasonView, asked: GroupAsked) {
      const answer = await extension(season.id);
      if (answer) {
        // practice as the derived results tell it (season-results.ts): what v2 lists only with practice events
        const listing = await loadSeasonListing(read, season);
        const { stale, ...view } = await groupSeasonFromExtension(
          read,
          season.id,
          answer.data,
          asked,
          (guid) => !listing.nonPractice.has(guid),
        );
        return { view, stale: stale || answer.stale || listing.stale };
      }
      const { index, stale } = await derived.get(season);
      return { view: groupSeason(index, asked), stale };
    },
    /** Every competition's division winners, from the season's v2 records (the derived results every upstream gives). */
    async winners(season: SeasonView) {
      const { index, stale } = await derived.get(season);
      return { data: seasonWinners(index), stale };
    },
    /** The judges' sheets come from the v2 records whatever the upstream: our API's judges extension lists names, not numbers. */
    async judging(season: SeasonView) {
      const { index, stale } = await derived.get(season);
      return { sections: index.sections, stale };
    },
    /** The group's next scheduled performance in the season; `known` is false where the upstream does not tell it. */
    async scheduled(
      season: SeasonView,
      asked: GroupAsked,
      today: string,
    ): Promise<{ known: boolean; next: ScheduledPerformance | null; stale: boolean }> {
      const answer = await extension(season.id);
      if (!answer) return { known: false, next: null, stale: false };
      return { known: true, ...(await nextScheduled(read, season.id, asked, today)) };
    },
    async judges(season: SeasonView) {
      const answer = await judgesExtension(season.id);
      if (answer) return answer;
      const { index, stale } = await derived.get(season);
      return { data: judgesFromIndex(index), stale };
    },
  };
}

export type SeasonSource = ReturnType<typeof createSeasonSource>;
