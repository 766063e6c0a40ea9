import type { FollowedGroup } from '../../lib/following-storage';
import type { PerformanceRecord } from '../../lib/api-models';

/** A followed group's result that has just been released. */
export interface ReleasedResult {
  key: string;
  group: FollowedGroup;
  record: PerformanceRecord;
}

/** One result is one group in one round of one division of one competition: a correction is not a new release. */
const resultKey = (competitionGuid: string, record: PerformanceRecord) =>
  JSON.stringify([
    competitionGuid.toLowerCase(),
    record.DivisionName,
    record.Round,
    record.OrgGroupIdentifier,
    record.GroupName,
  ]);

/**
 * The released records (v2 lists released rounds only) of the groups that asked to be told, not in `seen`; they are
 * added to `seen`. The first reading of a competition passes `announce: false`: what was out before the page
 * started listening is not news.
 */
export function releasedForFollowed(
  competitionGuid: string,
  records: readonly PerformanceRecord[],
  groups: readonly FollowedGroup[],
  seen: Set<string>,
  announce = true,
): ReleasedResult[] {
  const released: ReleasedResult[] = [];
  for (const record of records) {
    const key = resultKey(competitionGuid, record);
    if (seen.has(key)) continue;
    // Every record joins `seen`, followed or not: following a group later does not announce its old results.
    seen.add(key);
    if (!announce) continue;
    const group = groups.find(
      (candidate) =>
        candidate.notify &&
        candidate.name === record.GroupName &&
        candidate.orgGroupIdentifier === record.OrgGroupIdentifier,
    );
    if (group) released.push({ key, group, record });
  }
  return released;
}
