/** A group's registration writes (decision 136): registering in a division, withdrawing (no body: the path says it). */
import { postAsUser, postEmptyAsUser } from '../../../lib/api/signed-in';

export const registerGroup = (groupId: number, competitionId: number, divisionId: number) =>
  postAsUser('/groups/{groupId}/registrations', { path: { groupId }, body: { competitionId, divisionId } });

export const withdrawRegistration = (groupId: number, registrationId: number) =>
  postEmptyAsUser('/groups/{groupId}/registrations/{registrationId}/withdraw', { path: { groupId, registrationId } });
