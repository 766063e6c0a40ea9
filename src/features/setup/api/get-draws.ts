import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type Draw = components['schemas']['Draw'];
export type DrawRecord = components['schemas']['DrawRecord'];

/** A competition's recorded draws, oldest first, each with its published record's address (issue 40). */
export const drawsQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: setupKeys.draws(competitionId),
    queryFn: ({ signal }) => getAsUser('/competitions/{competitionId}/draws', { path: { competitionId }, signal }),
  });
