/** The seasons page's writes, through the BFF with the user's session. */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type CreateSeason = components['schemas']['CreateSeason'];
export type UpdateSeason = components['schemas']['UpdateSeason'];

export const createSeason = (body: CreateSeason) => postAsUser('/seasons/', { body });

export const updateSeason = (seasonId: number, body: UpdateSeason) =>
  postAsUser('/seasons/{seasonId}', { path: { seasonId }, body });
