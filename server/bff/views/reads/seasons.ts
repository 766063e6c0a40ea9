/**
 * The seasons as the fans' pages see them. Our API marks its current season on `/v3/seasons` (the circuit's choice,
 * else the dates and today's contests: decision 123), and that mark is taken as it is. The hosted service's
 * `/v3/seasons` gives `{id, name}` only, so there the year comes from the name, and the current season is the one
 * v2's listings say is (`IsCurrentSeason`), looked for among the greatest names: the first whose competitions say
 * so; failing that the first without competitions (nothing says it is not); failing that the greatest name. A
 * season set up ahead, without competitions yet, so never passes over the one the upstream calls current. Our API's
 * `year` is not read: the name gives it on both upstreams (a test checks that the hosted rule agrees with ours).
 */
import { CompetitionRecords, SeasonList } from '../hosted-shapes.js';
import { byGreatestName, seasonYear } from '../compute/season-names.js';
import { COMPETITIONS_V2, listingSearch, readJson, type UpstreamRead } from './upstream-reads.js';
import { ViewProblem } from '../view-problem.js';
import type { SeasonView } from '../view-schemas.js';

/** How many seasons, newest first, are checked against IsCurrentSeason before the greatest name is taken as is. */
const CURRENT_CHECKS = 3;

export interface Seasons {
  /** newest first */
  seasons: SeasonView[];
  stale: boolean;
}

export async function loadSeasons(read: UpstreamRead): Promise<Seasons> {
  const list = await readJson(read, '/v3/seasons', '', SeasonList);
  const ordered = byGreatestName(list.data.data).map(({ id, name }) => ({ id, name, year: seasonYear(name) ?? null }));
  const { current, stale } = list.data.data.every((season) => season.current !== undefined)
    ? { current: list.data.data.find((season) => season.current)?.id, stale: false }
    : await hostedCurrent(read, ordered);
  return {
    seasons: ordered.map((season) => ({ ...season, current: season.id === current })),
    stale: list.stale || stale,
  };
}

/** The hosted rule: the greatest names checked against v2's `IsCurrentSeason`. */
async function hostedCurrent(
  read: UpstreamRead,
  ordered: readonly { id: number; name: string; year: number | null }[],
): Promise<{ current: number | undefined; stale: boolean }> {
  let stale = false;
  let uncontradicted: number | undefined;
  for (const season of ordered.slice(0, CURRENT_CHECKS)) {
    if (season.year === null) continue;
    const listing = await readJson(read, COMPETITIONS_V2, listingSearch(season.year, true), CompetitionRecords);
    stale ||= listing.stale;
    const own = listing.data.filter((record) => record.SeasonName === season.name);
    if (own.some((record) => record.IsCurrentSeason)) return { current: season.id, stale };
    if (own.length === 0) uncontradicted ??= season.id;
  }
  return { current: uncontradicted ?? ordered[0]?.id, stale };
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
