import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys, type AccessRequestState } from './keys';

export type AccessRequest = components['schemas']['AccessRequest'];

/**
 * "Find my group" requests of one state (the circuit's administrator: `manage-users`): the waiting ones oldest
 * first, the decided ones newest first, as the API orders them.
 */
export const accessRequestsQueryOptions = (state: AccessRequestState) =>
  queryOptions({
    queryKey: setupKeys.accessRequestsIn(state),
    queryFn: ({ signal }) => getAsUser('/access-requests/', { query: { state }, signal }),
    // a request arrives from the sign-in side at any time: read again when the page is looked at again
    staleTime: 15_000,
  });
