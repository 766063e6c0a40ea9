/**
 * The console's writes, each a documented operation of the API sent through the BFF with the user's session
 * (postAsUser). After one, the console's reads are asked again at once, before the stream's change arrives.
 */
import type { QueryClient } from '@tanstack/react-query';
import { postAsUser } from '../../../lib/api-user';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

export type ReleaseRequest = components['schemas']['Release'];
export type CaptionScores = components['schemas']['CaptionScores'];
export type Penalties = components['schemas']['Penalties'];
export type SetPerformed = components['schemas']['SetPerformed'];

export const release = (competitionId: number, body: ReleaseRequest) =>
  postAsUser('/competitions/{competitionId}/release', { path: { competitionId }, body });

export const signOff = (competitionId: number, body: { round: number; divisionId: number; signedOff: boolean }) =>
  postAsUser('/competitions/{competitionId}/signoff', { path: { competitionId }, body });

export const enterScores = (performanceId: number, body: CaptionScores) =>
  postAsUser('/performances/{performanceId}/scores', { path: { performanceId }, body });

export const setPenalties = (performanceId: number, body: Penalties) =>
  postAsUser('/performances/{performanceId}/penalties', { path: { performanceId }, body });

export const setPerformed = (performanceId: number, body: SetPerformed) =>
  postAsUser('/performances/{performanceId}/performed', { path: { performanceId }, body });

/** What a write changed shows now, not a stream's tick later. */
export const refreshConsole = (queryClient: QueryClient, competitionId: number) =>
  queryClient.invalidateQueries({ queryKey: manageKeys.competition(competitionId) });
