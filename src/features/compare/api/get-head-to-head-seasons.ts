import { queryOptions } from '@tanstack/react-query';
import type { GroupAddress } from '../../../config/paths';
import { getView } from '../../../lib/api/fans';
import { compareKeys } from './keys';

/** Each season in which the first group and another performed, summed up by the BFF from the seasons it keeps. */
export const getHeadToHeadSeasons = (groups: readonly GroupAddress[], { signal }: { signal?: AbortSignal } = {}) =>
  getView('/compare/seasons', {
    query: { group: groups.map((group) => group.name), id: groups.map((group) => group.orgGroupIdentifier) },
    signal,
  });

export const headToHeadSeasonsQueryOptions = (groups: readonly GroupAddress[]) =>
  queryOptions({
    queryKey: compareKeys.acrossSeasons(groups),
    queryFn: ({ signal }) => getHeadToHeadSeasons(groups, { signal }),
  });
