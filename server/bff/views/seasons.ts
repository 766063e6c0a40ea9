/**
 * The seasons as the hosted service's clients see them: `/v3/seasons` gives `{id, name}` only, so the year comes from
 * the name and the current season is the greatest name, unless v2's listing of that season says it is not current
 * (`IsCurrentSeason`), in which case the next greatest is tried. Our own API's `year` and `current` are not read:
 * the rule is the same on both upstreams (a test checks that it agrees with ours).
 */
import { CompetitionRecords, SeasonList } from './hosted-shapes.js';
import { byGreatestName, seasonYear } from './season-names.js';
import { COMPETITIONS_V2, listingSearch, readJson, ViewProblem, type UpstreamRead } from './upstream-reads.js';
import type { SeasonView } from './view-schemas.js';

/** How many seasons, newest first, are checked against IsCurrentSeason before the greatest name is taken as is. */
const CURRENT_CHECKS = 3;

export interface Seasons {
  /** newest first */
  seasons: SeasonView[];
  stale: boolean;
}

export async function loadSeasons(read: UpstreamRead): Promise<Seasons> {
  const list = await readJson(read, '/v3/seasons', '', SeasonList);
  const ordered = byGreatestName(list.data.data).map((season) => ({
    ...season,
    year: seasonYear(season.name) ?? null,
  }));
  let stale = list.stale;
  let current = ordered[0]?.id;
  for (const season of ordered.slice(0, CURRENT_CHECKS)) {
    if (season.year === null) continue;
    const listing = await readJson(read, COMPETITIONS_V2, listingSearch(season.year, true), CompetitionRecords);
    stale ||= listing.stale;
    const own = listing.data.filter((record) => record.SeasonName === season.name);
    // A season without competitions cannot be contradicted: the greatest name stands.
    if (own.length === 0 || own.some((record) => record.IsCurrentSeason)) {
      current = season.id;
      break;
    }
  }
  return { seasons: ordered.map((season) => ({ ...season, current: season.id === current })), stale };
}

export async function loadSeason(
  read: UpstreamRead,
  seasonId: number,
): Promise<{ season: SeasonView; stale: boolean }> {
  const { seasons, stale } = await loadSeasons(read);
  const season = seasons.find((candidate) => candidate.id === seasonId);
  if (!season) throw new ViewProblem(404, 'not_found', `There is no season ${seasonId}.`);
  return { season, stale };
}
