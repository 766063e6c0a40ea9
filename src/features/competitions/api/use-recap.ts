import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { isToday } from '../../../lib/day-keys';
import { recapFromV2 } from '../utils/recap-from-v2';
import { releasedParts, releasedViews } from '../utils/released';
import { withCorrections } from '../utils/recap-corrections';
import { competitionQueryOptions } from './get-competition';
import { correctionsQueryOptions } from './get-corrections';
import { performancesQueryOptions } from './get-performances';
import { useLiveUpdates } from './use-live-updates';

/**
 * A competition's recap for its pages: its summary (event, season, released flags, group locations) and its v2
 * performance records made into sections, cut to what the flags allow, with their corrections after release. The
 * loaders fill the three queries first.
 */
export function useRecap(competitionGuid: string) {
  const summary = useSuspenseQuery(competitionQueryOptions(competitionGuid));
  const { competition, season, groups } = summary.data.body;
  const live = isToday(competition.date);
  const performances = useSuspenseQuery(performancesQueryOptions(competitionGuid, live));
  const corrections = useSuspenseQuery(correctionsQueryOptions(competitionGuid, live));
  const { pushed } = useLiveUpdates(competitionGuid, live);
  const records = performances.data.body;
  const errata = corrections.data.body.data;
  // Built once per answer: the recap's sections are memoized on their identity.
  const sections = useMemo(
    () =>
      withCorrections(
        releasedParts(
          recapFromV2(records, { seasonId: season.id, competitionGuid: competition.guid, groups }),
          competition,
        ),
        errata,
      ),
    [records, season.id, groups, competition, errata],
  );
  return {
    summary: summary.data.body,
    sections,
    views: releasedViews(competition),
    live,
    pushed,
    stale: summary.data.stale || performances.data.stale || corrections.data.stale,
    refreshFailed: summary.isRefetchError || performances.isRefetchError || corrections.isRefetchError,
    updatedAt: Math.min(summary.dataUpdatedAt, performances.dataUpdatedAt, corrections.dataUpdatedAt),
  };
}
