import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { GroupPerformance, ListOf } from '../../../lib/api-models';
import { groupKeys } from './keys';

export const getGroupPerformances = (groupId: number, seasonId: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiGet<ListOf<GroupPerformance>>(`/groups/${groupId}/performances`, { query: { seasonId }, signal });

export const groupPerformancesQueryOptions = (groupId: number, seasonId: number) =>
  queryOptions({
    queryKey: groupKeys.performances(groupId, seasonId),
    queryFn: ({ signal }) => getGroupPerformances(groupId, seasonId, { signal }),
  });
