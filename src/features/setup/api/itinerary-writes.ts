/** The logistical templates' write (decision 141): every division's steps saved whole. */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type ItineraryTemplatesRequest = components['schemas']['ItineraryTemplatesRequest'];

export const saveItineraryTemplates = (competitionId: number, body: ItineraryTemplatesRequest) =>
  postAsUser('/competitions/{competitionId}/schedule/templates', { path: { competitionId }, body });
