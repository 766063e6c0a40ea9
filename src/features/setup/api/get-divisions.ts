import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type Division = components['schemas']['Division'];

/** The organization's divisions as the signed-in user reads them (through the BFF). */
export const setupDivisionsQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.divisions(),
    queryFn: ({ signal }) => getAsUser('/divisions/', { signal }),
    select: (result) => result.body.data,
  });
