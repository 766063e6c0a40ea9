/** The events page's writes (issue 27, set-up): events and their competitions, through the BFF with the user's session. */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type CreateEvent = components['schemas']['CreateEvent'];
export type UpdateEvent = components['schemas']['UpdateEvent'];
export type CreateCompetition = components['schemas']['CreateCompetition'];
export type UpdateCompetition = components['schemas']['UpdateCompetition'];

export const createEvent = (body: CreateEvent) => postAsUser('/events/', { body });

export const updateEvent = (eventId: number, body: UpdateEvent) =>
  postAsUser('/events/{eventId}', { path: { eventId }, body });

export const createCompetition = (eventId: number, body: CreateCompetition) =>
  postAsUser('/events/{eventId}/competitions', { path: { eventId }, body });

export const updateCompetition = (competitionId: number, body: UpdateCompetition) =>
  postAsUser('/competitions/{competitionId}', { path: { competitionId }, body });
