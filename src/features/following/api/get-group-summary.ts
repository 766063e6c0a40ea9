import { queryOptions } from '@tanstack/react-query';
import type { GroupAddress } from '../../../config/paths';
import { getView } from '../../../lib/api/fans';
import { followingKeys } from './keys';

/** A followed group at a glance: its latest scored performance and its next scheduled one (the BFF derives both). */
export const getGroupSummary = (group: GroupAddress, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/group-summary', {
    query: { name: group.name, ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}) },
    signal,
  });

export const groupSummaryQueryOptions = (group: GroupAddress) =>
  queryOptions({ queryKey: followingKeys.summary(group), queryFn: ({ signal }) => getGroupSummary(group, { signal }) });
