/** The entries page's writes (issue 27, registration and running order): a performance added, moved or retimed, deleted. */
import { deleteAsUser, postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type AddPerformance = components['schemas']['AddPerformance'];
export type UpdatePerformance = components['schemas']['UpdatePerformance'];

export const addPerformance = (competitionId: number, body: AddPerformance) =>
  postAsUser('/competitions/{competitionId}/performances', { path: { competitionId }, body });

export const updatePerformance = (performanceId: number, body: UpdatePerformance) =>
  postAsUser('/performances/{performanceId}', { path: { performanceId }, body });

export const deletePerformance = (performanceId: number) =>
  deleteAsUser('/performances/{performanceId}', { path: { performanceId } });
