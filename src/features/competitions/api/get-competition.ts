import { queryOptions } from '@tanstack/react-query';
import { getView, viewUrl } from '../../../lib/api/fans';
import { isToday } from '../../../lib/day-keys';
import { isLivePushed } from '../../../lib/live-push-state';
import { LIVE_REFETCH_MS } from '../../../lib/react-query';
import { competitionKeys } from './keys';

/** One competition by its guid: its record (released flags), event, season and its groups' locations. */
export const getCompetition = (competitionGuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/competitions/{guid}', { path: { guid: competitionGuid }, signal });

/** Where getCompetition reads: the query's `meta.url`, a page's preload hint (src/app/page-reads.ts). */
export const competitionUrl = (competitionGuid: string) =>
  viewUrl('/competitions/{guid}', { path: { guid: competitionGuid } });

export const competitionQueryOptions = (competitionGuid: string) =>
  queryOptions({
    queryKey: competitionKeys.detail(competitionGuid),
    queryFn: ({ signal }) => getCompetition(competitionGuid, { signal }),
    meta: { url: competitionUrl(competitionGuid) },
    // A competition on today's date is live: its released flags change as the show goes on. Pushed changes
    // (use-live-updates.ts) make asking on an interval unnecessary.
    refetchInterval: (query) => {
      const date = query.state.data?.body.competition.date;
      return date !== undefined && isToday(date) && !isLivePushed(competitionGuid) ? LIVE_REFETCH_MS : false;
    },
    refetchIntervalInBackground: false,
  });
