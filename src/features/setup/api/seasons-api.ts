/**
 * The organization's seasons as the signed-in user reads them (through the BFF, never the fans' cached copies: what
 * was just created shows at once), and the two writes of the seasons page.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getAsUser, postAsUser } from '../../../lib/api-user';
import type { components } from '../../../lib/api-types';
import { manageKeys } from '../../manage/api/keys';

export type Season = components['schemas']['Season'];
export type CreateSeason = components['schemas']['CreateSeason'];
export type UpdateSeason = components['schemas']['UpdateSeason'];

export const seasonsKey = () => [...manageKeys.all, 'setup', 'seasons'] as const;

export const setupSeasonsQueryOptions = () =>
  queryOptions({
    queryKey: seasonsKey(),
    queryFn: ({ signal }) => getAsUser('/seasons/', { signal }),
    select: (result) => result.body.data,
  });

export const createSeason = (body: CreateSeason) => postAsUser('/seasons/', { body });

export const updateSeason = (seasonId: number, body: UpdateSeason) =>
  postAsUser('/seasons/{seasonId}', { path: { seasonId }, body });

export const refreshSeasons = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: seasonsKey() });
