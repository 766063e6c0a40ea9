import { queryOptions } from '@tanstack/react-query';
import { getUpstream, upstreamUrl } from '../../../lib/api/fans';
import { isLivePushed } from '../../../lib/live-push-state';
import { LIVE_REFETCH_MS } from '../../../lib/react-query';
import { competitionKeys } from './keys';

/** The whole recap: v2's performance records of the competition, every number with its rank. */
export const getPerformances = (competitionGuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  getUpstream('/2018-03/performances', { query: { c: competitionGuid }, signal });

/** Where getPerformances reads: the query's `meta.url`, a page's preload hint (src/app/page-reads.ts). */
export const performancesUrl = (competitionGuid: string) =>
  upstreamUrl('/2018-03/performances', { query: { c: competitionGuid } });

/**
 * `live` (the competition is today's): rounds are released as the show goes on. The BFF pushes the changes
 * (use-live-updates.ts); without that stream the query asks again on its own.
 */
export const performancesQueryOptions = (competitionGuid: string, live = false) =>
  queryOptions({
    queryKey: competitionKeys.performances(competitionGuid),
    queryFn: ({ signal }) => getPerformances(competitionGuid, { signal }),
    meta: { url: performancesUrl(competitionGuid) },
    refetchInterval: () => (live && !isLivePushed(competitionGuid) ? LIVE_REFETCH_MS : false),
    refetchIntervalInBackground: false,
  });
