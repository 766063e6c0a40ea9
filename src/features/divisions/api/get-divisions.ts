import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Division, ListOf } from '../../../lib/api-models';
import { divisionKeys } from './keys';

export const getDivisions = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiGet<ListOf<Division>>('/divisions/', { signal });

export const divisionsQueryOptions = () =>
  queryOptions({
    queryKey: divisionKeys.list(),
    queryFn: ({ signal }) => getDivisions({ signal }),
    staleTime: 60 * 60_000,
  });
