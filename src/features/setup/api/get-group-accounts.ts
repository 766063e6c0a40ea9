import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type GroupAccount = components['schemas']['GroupAccount'];

/** A group's accounts, administrators first (its administrators, or the circuit's), through the BFF with the session. */
export const groupAccountsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: setupKeys.groupAccounts(groupId),
    queryFn: ({ signal }) => getAsUser('/groups/{groupId}/accounts', { path: { groupId }, signal }),
    staleTime: 30_000,
  });
