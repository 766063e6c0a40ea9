import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { isToday } from '../../../lib/day-keys';
import { recapFromV2 } from '../utils/recap-from-v2';
import { releasedParts, releasedViews } from '../utils/released';
import { competitionQueryOptions } from './get-competition';
import { performancesQueryOptions } from './get-performances';
import { useLiveUpdates } from './use-live-updates';

/**
 * A competition's recap for its pages: its summary (event, season, released flags, group locations) and its v2
 * performance records made into sections, cut to what the flags allow. The loaders fill both queries first.
 */
export function useRecap(competitionGuid: string) {
  const summary = useSuspenseQuery(competitionQueryOptions(competitionGuid));
  const { competition, season, groups } = summary.data.body;
  const live = isToday(competition.date);
  const performances = useSuspenseQuery(performancesQueryOptions(competitionGuid, live));
  const { pushed } = useLiveUpdates(competitionGuid, live);
  const records = performances.data.body;
  // Built once per answer: the recap's sections are memoized on their identity.
  const sections = useMemo(
    () =>
      releasedParts(
        recapFromV2(records, { seasonId: season.id, competitionGuid: competition.guid, groups }),
        competition,
      ),
    [records, season.id, groups, competition],
  );
  return {
    summary: summary.data.body,
    sections,
    views: releasedViews(competition),
    live,
    pushed,
    stale: summary.data.stale || performances.data.stale,
    refreshFailed: summary.isRefetchError || performances.isRefetchError,
    updatedAt: Math.min(summary.dataUpdatedAt, performances.dataUpdatedAt),
  };
}
