/**
 * A group's next scheduled performance, which only our API's group performances extension tells: the hosted
 * service publishes schedules as pages, not data (decision 012), and v2 lists a round's performances only once its
 * scores are released. So on the hosted service the answer is "not known", said as such, never guessed.
 */
import type { GroupAsked } from '../compute/group-season.js';
import { z } from 'zod';
import { GroupListAnswer } from './season-extensions.js';
import { readJson, type UpstreamRead } from './upstream-reads.js';

export interface ScheduledPerformance {
  competition: { guid: string; name: string; date: string; eventName: string };
  division: { name: string; initials: string };
  round: { number: number; name: string };
  /** when the group performs, from the competition's schedule; null until the schedule sets it */
  time: string | null;
}

/** A group's performances (our API's extension), as far as the next one needs them: its ids find its time. */
const GroupPerformances = z.object({
  data: z.array(
    z.object({
      performanceId: z.number().int(),
      competition: z.object({
        id: z.number().int(),
        guid: z.string(),
        name: z.string(),
        date: z.string(),
        eventName: z.string(),
      }),
      division: z.object({ name: z.string(), initials: z.string() }),
      round: z.object({ number: z.number().int(), name: z.string() }),
      released: z.boolean(),
    }),
  ),
});

/** The competition's schedule (our API's), as far as the next performance's time needs it. */
const ScheduleTimes = z.object({
  data: z.array(z.object({ performanceId: z.number().int(), time: z.string().nullable() })),
});

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
  let first: z.infer<typeof GroupPerformances>['data'][number] | null = null;
  for (const group of list.data.data.filter(same)) {
    const answer = await readJson(read, `/groups/${group.id}/performances`, `?seasonId=${seasonId}`, GroupPerformances);
    stale ||= answer.stale;
    for (const p of answer.data.data) {
      if (p.released || p.competition.date.slice(0, 10) < today) continue;
      if (first === null || p.competition.date < first.competition.date) first = p;
    }
  }
  if (first === null) return { next: null, stale };
  // Its time: one more read, of the one competition (a show's rounds share a date; the schedule tells which is next).
  const { performanceId } = first;
  const schedule = await readJson(read, `/competitions/${first.competition.id}/schedule`, '', ScheduleTimes);
  const time = schedule.data.data.find((entry) => entry.performanceId === performanceId)?.time ?? null;
  const { guid, name, date, eventName } = first.competition;
  return {
    next: { competition: { guid, name, date, eventName }, division: first.division, round: first.round, time },
    stale: stale || schedule.stale,
  };
}
