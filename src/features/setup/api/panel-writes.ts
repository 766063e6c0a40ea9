/** A competition's panel written with the API's seat and unseat operations, through the BFF. */
import { deleteAsUser, postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type SeatJudge = components['schemas']['SeatJudge'];

export const seatJudge = (competitionId: number, body: SeatJudge) =>
  postAsUser('/competitions/{competitionId}/judges', { path: { competitionId }, body });

export const unseatJudge = (competitionId: number, seat: { round: number; divisionId: number; captionKey: string }) =>
  deleteAsUser('/competitions/{competitionId}/judges', { path: { competitionId }, query: seat });
