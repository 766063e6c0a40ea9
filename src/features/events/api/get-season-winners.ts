import { queryOptions } from '@tanstack/react-query';
import { getView, viewUrl } from '../../../lib/api/fans';
import { eventKeys } from './keys';

/** Where getSeasonWinners reads: the query's `meta.url`. */
export const seasonWinnersUrl = (seasonId: number) => viewUrl('/seasons/{seasonId}/winners', { path: { seasonId } });

/**
 * Every released competition's division winners in a season: one read for all the cards (the BFF takes them from
 * the season's results it keeps for the standings and group pages), not one per card.
 */
export const getSeasonWinners = (seasonId: number, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/seasons/{seasonId}/winners', { path: { seasonId }, signal });

export const seasonWinnersQueryOptions = (seasonId: number) =>
  queryOptions({
    queryKey: eventKeys.winners(seasonId),
    queryFn: ({ signal }) => getSeasonWinners(seasonId, { signal }),
    meta: { url: seasonWinnersUrl(seasonId) },
  });
