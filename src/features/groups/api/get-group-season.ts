import { queryOptions } from '@tanstack/react-query';
import type { GroupAddress } from '../../../config/paths';
import { getView } from '../../../lib/api/fans';
import { groupKeys } from './keys';

/** A group's released performances in a season: the BFF derives them, so a phone never reads the season's recaps. */
export const getGroupSeason = (group: GroupAddress, seasonId: number, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/seasons/{seasonId}/group', {
    path: { seasonId },
    query: { name: group.name, ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}) },
    signal,
  });

export const groupSeasonQueryOptions = (group: GroupAddress, seasonId: number) =>
  queryOptions({
    queryKey: groupKeys.season(group, seasonId),
    queryFn: ({ signal }) => getGroupSeason(group, seasonId, { signal }),
  });
