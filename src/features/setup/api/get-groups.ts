import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type ApiGroup = components['schemas']['Group'];

/** Every group of the organization (the list is whole without `limit`, bounded by the organization's size). */
export const setupGroupsQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.groups(),
    queryFn: ({ signal }) => getAsUser('/groups/', { signal }),
    staleTime: 60_000,
  });
