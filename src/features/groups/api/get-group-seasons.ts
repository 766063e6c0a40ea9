import { queryOptions } from '@tanstack/react-query';
import type { GroupAddress } from '../../../config/paths';
import { getView } from '../../../lib/api/fans';
import { groupKeys } from './keys';

/**
 * The seasons with performances of a group, newest first: the BFF answers 404 when no season has one (no such group),
 * which the group page's loader turns into its not-found view and the BFF into the page's status (decision 039).
 */
export const getGroupSeasons = (group: GroupAddress, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/groups/seasons', {
    query: { name: group.name, ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}) },
    signal,
  });

export const groupSeasonsQueryOptions = (group: GroupAddress) =>
  queryOptions({
    queryKey: groupKeys.across(group),
    queryFn: ({ signal }) => getGroupSeasons(group, { signal }),
  });
