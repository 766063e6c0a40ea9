import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type ItineraryTemplates = components['schemas']['ItineraryTemplates'];

/** A competition's logistical templates, one per division with a performance (decision 141). */
export const itineraryTemplatesQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: setupKeys.itineraryTemplates(competitionId),
    queryFn: ({ signal }) =>
      getAsUser('/competitions/{competitionId}/schedule/templates', { path: { competitionId }, signal }),
  });
