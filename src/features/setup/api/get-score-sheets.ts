import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type CatalogueSheet = components['schemas']['CatalogueSheet'];

/** The catalogue of built-in score sheets: the same for every organization and every day, asked once per visit. */
export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.scoreSheets(),
    queryFn: ({ signal }) => getAsUser('/score-sheets/', { signal }),
    select: (result) => result.body.data,
    staleTime: Infinity,
  });
