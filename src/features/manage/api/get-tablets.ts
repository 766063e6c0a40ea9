import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

export type CompetitionTablets = components['schemas']['CompetitionTablets'];

/** Every judge seated at the competition by user, with their tablets' last reports (decision 128). */
export const tabletsQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: manageKeys.tablets(competitionId),
    queryFn: ({ signal }) => getAsUser('/competitions/{competitionId}/tablets', { path: { competitionId }, signal }),
    // Asked again on each of its stream's changes (useTabletsStream); on a timer only while it is not open.
    staleTime: Infinity,
  });
