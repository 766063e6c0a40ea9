/**
 * The console's writes, each a documented operation of the API sent through the BFF with the user's session
 * (postAsUser). A form sends one with useWrite, which asks the console's reads again at once (manageKeys.competition),
 * before the stream's change arrives.
 */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type ReleaseRequest = components['schemas']['Release'];
export type CaptionScores = components['schemas']['CaptionScores'];
export type Penalties = components['schemas']['Penalties'];
export type SetPerformed = components['schemas']['SetPerformed'];
export type SignOffRequest = components['schemas']['SignOffSection'];

export const release = (competitionId: number, body: ReleaseRequest) =>
  postAsUser('/competitions/{competitionId}/release', { path: { competitionId }, body });

export const signOff = (competitionId: number, body: SignOffRequest) =>
  postAsUser('/competitions/{competitionId}/signoff', { path: { competitionId }, body });

export const enterScores = (performanceId: number, body: CaptionScores) =>
  postAsUser('/performances/{performanceId}/scores', { path: { performanceId }, body });

export const setPenalties = (performanceId: number, body: Penalties) =>
  postAsUser('/performances/{performanceId}/penalties', { path: { performanceId }, body });

export const setPerformed = (performanceId: number, body: SetPerformed) =>
  postAsUser('/performances/{performanceId}/performed', { path: { performanceId }, body });
