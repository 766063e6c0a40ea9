import { queryOptions } from '@tanstack/react-query';
import type { GroupAddress } from '../../../config/paths';
import { getView } from '../../../lib/api/fans';
import { compareKeys } from './keys';

/** Two to four groups' shared divisions and rounds of a season, caption by caption, derived by the BFF from v2. */
export const getHeadToHead = (
  groups: readonly GroupAddress[],
  seasonId: number,
  { signal }: { signal?: AbortSignal } = {},
) =>
  getView('/seasons/{seasonId}/compare', {
    path: { seasonId },
    query: { group: groups.map((group) => group.name), id: groups.map((group) => group.orgGroupIdentifier) },
    signal,
  });

export const headToHeadQueryOptions = (groups: readonly GroupAddress[], seasonId: number) =>
  queryOptions({
    queryKey: compareKeys.season(groups, seasonId),
    queryFn: ({ signal }) => getHeadToHead(groups, seasonId, { signal }),
  });
