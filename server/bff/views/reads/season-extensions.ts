/**
 * Standings and a group's season from our own API's extensions (`/standings/`, `/groups/{id}/performances`), when
 * the upstream answers them: one or two reads instead of one per competition of the season (an archive's season
 * holds some 700). The hosted service does not answer them (404), and then the views derive both from v2
 * (season-results.ts). Whether to use them is decided by what the upstream answers, never configured; the answers
 * go through the same ranking and the same group view as the derived ones, and a test holds the two equal.
 */
import { z } from 'zod';
import { roundScore, SCORE_FORMATS } from '../../../../domain/scores.js';
import { publishedTotal } from '../../../../domain/standings.js';
import { groupSeason, type GroupAsked } from '../compute/group-season.js';
import type { HostedGroup } from '../hosted-shapes.js';
import { groupKey, type IndexedPerformance } from '../compute/season-index.js';
import { parseAs, rawOf, readJson, type UpstreamRead } from './upstream-reads.js';
import type { DivisionStandingsView } from '../view-schemas.js';

const STANDINGS = '/standings/';

/** v2 prints a category's and a caption's score with two digits: the same number whichever read answered. */
const asV2 = (score: number) => roundScore(score, SCORE_FORMATS.v2Caption[0]);

const Named = z.object({ id: z.number().int(), name: z.string() });
const ExtensionGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  circuitId: z.string(),
});

/** Our API's standings extension, as far as the views use it. */
const StandingsAnswer = z.object({
  data: z.array(
    z.object({
      division: z.object({ name: z.string(), initials: z.string() }),
      groupType: Named,
      entries: z.array(
        z.object({
          group: ExtensionGroup,
          bestScore: z.number(),
          latestScore: z.number(),
          latestCompetition: z.object({ guid: z.string(), name: z.string(), eventName: z.string(), date: z.string() }),
          performances: z.number().int(),
          rank: z.number().int(),
        }),
      ),
    }),
  ),
});
type StandingsAnswer = z.infer<typeof StandingsAnswer>;

/** Our API's group performances extension, as far as the views use it. */
export const GroupPerformancesAnswer = z.object({
  data: z.array(
    z.object({
      competition: z.object({ guid: z.string(), name: z.string(), date: z.string(), eventName: z.string() }),
      division: z.object({ name: z.string(), initials: z.string() }),
      round: z.object({ number: z.number().int(), name: z.string() }),
      released: z.boolean(),
      performed: z.boolean(),
      noScoreReason: z.string(),
      total: z.object({ score: z.number(), rank: z.number().int().nullable() }).nullable(),
      categories: z.array(
        z.object({
          name: z.string(),
          score: z.number(),
          rank: z.number().int().nullable(),
          captions: z.array(z.object({ name: z.string(), score: z.number(), rank: z.number().int().nullable() })),
        }),
      ),
      groupsInRound: z.number().int(),
    }),
  ),
});

export const GroupListAnswer = z.object({
  data: z.array(ExtensionGroup.extend({ division: z.object({ name: z.string() }), groupType: Named })),
});

/**
 * The season's standings as our API's extension answers them, or undefined when the upstream does not answer it
 * (a 4xx, or a 200 in another shape). An outage is thrown as the other reads throw it.
 */
export async function readStandingsExtension(
  read: UpstreamRead,
  seasonId: number,
): Promise<{ data: StandingsAnswer; stale: boolean } | undefined> {
  const answer = await read(STANDINGS, `?seasonId=${seasonId}`);
  if (answer.status >= 400 && answer.status < 500) return undefined;
  const raw = rawOf(answer, STANDINGS);
  let data: StandingsAnswer;
  try {
    data = parseAs(StandingsAnswer, raw.body, STANDINGS);
  } catch {
    return undefined;
  }
  return { data, stale: raw.stale };
}

/** The extension's standings as the view serves them: computed by the same rule (domain/standings.ts), not again. */
export function standingsFromExtension(answer: StandingsAnswer): DivisionStandingsView[] {
  return answer.data.map(({ division, groupType, entries }) => ({
    division: { name: division.name, initials: division.initials },
    groupType,
    entries: entries.map(({ group, bestScore, latestScore, latestCompetition, performances, rank }) => ({
      group: { name: group.name, orgGroupIdentifier: group.circuitId, location: group.location },
      bestScore,
      latestScore,
      latestCompetition: {
        guid: latestCompetition.guid,
        name: latestCompetition.name,
        eventName: latestCompetition.eventName,
        date: latestCompetition.date,
      },
      performances,
      rank,
    })),
  }));
}

/**
 * One group's season from the extensions. The group is found among the standings' groups (every group with a
 * released result), else in the season's group list (a group that only did not perform, or only at practice
 * events); v2's OrgGroupIdentifier is our API's circuitId.
 */
export async function groupSeasonFromExtension(
  read: UpstreamRead,
  seasonId: number,
  standings: StandingsAnswer,
  asked: GroupAsked,
  isPractice: (competitionGuid: string) => boolean,
) {
  const same = (group: { name: string; circuitId: string }) =>
    asked.orgGroupIdentifier ? group.circuitId === asked.orgGroupIdentifier : group.name === asked.name;
  const groups = new Map<number, HostedGroup>();
  for (const { division, groupType, entries } of standings.data) {
    for (const { group } of entries)
      if (same(group)) groups.set(group.id, { ...group, division: { name: division.name }, groupType });
  }
  let stale = false;
  if (groups.size === 0) {
    const list = await readJson(read, '/groups/', `?seasonId=${seasonId}&limit=500`, GroupListAnswer);
    stale = list.stale;
    for (const group of list.data.data) if (same(group)) groups.set(group.id, group);
  }
  const performances: IndexedPerformance[] = [];
  for (const [id, group] of groups) {
    const answer = await readJson(read, `/groups/${id}/performances`, `?seasonId=${seasonId}`, GroupPerformancesAnswer);
    stale ||= answer.stale;
    for (const p of answer.data.data) {
      // v2 carries released rounds only, and a performance without a score as not performed.
      if (!p.released) continue;
      performances.push({
        competition: p.competition,
        practice: isPractice(p.competition.guid),
        division: p.division,
        round: p.round,
        group: { key: groupKey(group.name, group.circuitId), name: group.name, orgGroupIdentifier: group.circuitId },
        performed: p.performed && p.total !== null,
        noScoreReason: p.noScoreReason,
        total: p.total && { score: publishedTotal(p.total.score), rank: p.total.rank },
        categories: p.total
          ? p.categories.map(({ name, score, rank, captions }) => ({
              name,
              score: asV2(score),
              rank,
              captions: captions.map((caption) => ({
                name: caption.name,
                score: asV2(caption.score),
                rank: caption.rank,
              })),
            }))
          : [],
        groupsInRound: p.groupsInRound,
      });
    }
  }
  return { ...groupSeason({ performances, groups: [...groups.values()] }, asked), stale };
}
