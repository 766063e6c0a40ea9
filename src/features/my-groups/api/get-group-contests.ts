/** A group's contests, newest first, each with its released result (null before release): GET /groups/{id}/contests. */
import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { myGroupsKeys } from './keys';

export type GroupContest = components['schemas']['GroupPerformance'];

export const groupContestsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: myGroupsKeys.contests(groupId),
    queryFn: ({ signal }) => getAsUser('/groups/{groupId}/contests', { path: { groupId }, signal }),
    staleTime: 60_000,
  });
