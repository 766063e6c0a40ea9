/** Critique's writes (decision 137): the circuit opens, changes and closes; a group's administrator picks. */
import { deleteAsUser, postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type CritiqueOpenRequest = components['schemas']['CritiqueOpenRequest'];
export type CritiqueChangeRequest = components['schemas']['CritiqueChangeRequest'];

export const openCritique = (competitionId: number, body: CritiqueOpenRequest) =>
  postAsUser('/competitions/{competitionId}/critiques', { path: { competitionId }, body });

export const changeCritique = (critiqueId: number, body: CritiqueChangeRequest) =>
  postAsUser('/critiques/{critiqueId}', { path: { critiqueId }, body });

export const closeCritique = (critiqueId: number) => deleteAsUser('/critiques/{critiqueId}', { path: { critiqueId } });

export const pickCritiqueSlot = (groupId: number, critiqueId: number, slot: number) =>
  postAsUser('/groups/{groupId}/critiques/{critiqueId}/slot', { path: { groupId, critiqueId }, body: { slot } });
