import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type User = components['schemas']['User'];

/** The organization's users (administrator only: the API's `manage-users`), through the BFF with the user's session. */
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.users(),
    queryFn: ({ signal }) => getAsUser('/users/', { signal }),
    // Users change when this page (or another administrator) changes them: no polling, asked again after a write.
    staleTime: 30_000,
  });
