/**
 * A group's next scheduled performance, which only our API's group performances extension tells: the hosted
 * service publishes schedules as pages, not data (decision 012), and v2 lists a round's performances only once its
 * scores are released. So on the hosted service the answer is "not known", said as such, never guessed.
 */
import type { GroupAsked } from './group-season.js';
import { GroupListAnswer, GroupPerformancesAnswer } from './season-extensions.js';
import { readJson, type UpstreamRead } from './upstream-reads.js';

export interface ScheduledPerformance {
  competition: { guid: string; name: string; date: string; eventName: string };
  division: { name: string; initials: string };
  round: { number: number; name: string };
}

/** The groups' list is one read: a season of an archive holds some hundreds of groups, our API pages at 500. */
const GROUP_LIST_LIMIT = 500;

/**
 * The group's first performance of the season on `today` (YYYY-MM-DD, UTC) or later whose round is not released,
 * from our API's extensions; null when it has none.
 */
export async function nextScheduled(
  read: UpstreamRead,
  seasonId: number,
  asked: GroupAsked,
  today: string,
): Promise<{ next: ScheduledPerformance | null; stale: boolean }> {
  const list = await readJson(read, '/groups/', `?seasonId=${seasonId}&limit=${GROUP_LIST_LIMIT}`, GroupListAnswer);
  const same = (group: { name: string; circuitId: string }) =>
    asked.orgGroupIdentifier ? group.circuitId === asked.orgGroupIdentifier : group.name === asked.name;
  let stale = list.stale;
  let next: ScheduledPerformance | null = null;
  for (const group of list.data.data.filter(same)) {
    const answer = await readJson(
      read,
      `/groups/${group.id}/performances`,
      `?seasonId=${seasonId}`,
      GroupPerformancesAnswer,
    );
    stale ||= answer.stale;
    for (const p of answer.data.data) {
      if (p.released || p.competition.date.slice(0, 10) < today) continue;
      if (next === null || p.competition.date < next.competition.date)
        next = { competition: p.competition, division: p.division, round: p.round };
    }
  }
  return { next, stale };
}
