import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Group } from '../../../lib/api-models';
import { groupKeys } from './keys';

export const getGroup = (groupId: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiGet<Group>(`/groups/${groupId}`, { signal });

export const groupQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: groupKeys.detail(groupId),
    queryFn: ({ signal }) => getGroup(groupId, { signal }),
  });
