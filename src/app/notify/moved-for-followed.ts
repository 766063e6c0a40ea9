import type { FollowedGroup } from '../../lib/following-storage';
import type { Schedule } from '../../lib/api-models';

type Entry = Schedule['data'][number];

/** A followed group's performance whose published time has just moved. */
export interface MovedPerformance {
  key: string;
  group: FollowedGroup;
  entry: Entry;
  /** its time before; the new one is `entry.time` */
  from: string | null;
}

/**
 * The performances of the groups that asked to be told whose time differs from the one in `seen` (decisions 138,
 * 141: a new schedule version, or a time changed by hand); `seen` is brought up to date. A performance not seen before
 * is not news (the first reading, or one added since), and neither is a time taken away. v4's schedule names groups
 * by name alone, so a followed group is matched by its name.
 */
export function movedForFollowed(
  competitionGuid: string,
  entries: readonly Entry[],
  groups: readonly FollowedGroup[],
  seen: Map<number, string | null>,
): MovedPerformance[] {
  const moved: MovedPerformance[] = [];
  for (const entry of entries) {
    const known = seen.has(entry.performanceId);
    const from = seen.get(entry.performanceId) ?? null;
    seen.set(entry.performanceId, entry.time);
    if (!known || entry.time === null || from === entry.time) continue;
    const group = groups.find((candidate) => candidate.notify && candidate.name === entry.group.name);
    if (group)
      moved.push({ key: `${competitionGuid.toLowerCase()}:${entry.performanceId}:${entry.time}`, group, entry, from });
  }
  return moved;
}
