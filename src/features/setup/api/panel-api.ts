/**
 * A competition's panel: who sits on each caption of each division and round. Read from the competition's progress
 * (its sections, each caption of the sheet with its seated judge and judge user), written with the API's seat and
 * unseat operations through the BFF.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { deleteAsUser, getAsUser, postAsUser } from '../../../lib/api-user';
import type { components } from '../../../lib/api-types';
import { manageKeys } from '../../manage/api/keys';

export type SeatJudge = components['schemas']['SeatJudge'];
export type SectionProgress = components['schemas']['SectionProgress'];

/** The console's progress read, asked once here rather than polled: a form being filled in is not redrawn. */
export const panelQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: manageKeys.progress(competitionId),
    queryFn: ({ signal }) => getAsUser('/competitions/{competitionId}/progress', { path: { competitionId }, signal }),
    staleTime: 10_000,
  });

export const seatJudge = (competitionId: number, body: SeatJudge) =>
  postAsUser('/competitions/{competitionId}/judges', { path: { competitionId }, body });

export const unseatJudge = (competitionId: number, seat: { round: number; divisionId: number; captionKey: string }) =>
  deleteAsUser('/competitions/{competitionId}/judges', { path: { competitionId }, query: seat });

export const refreshPanel = (queryClient: QueryClient, competitionId: number) =>
  queryClient.invalidateQueries({ queryKey: manageKeys.competition(competitionId) });
