/**
 * The entries page's reads and writes (issue 27, registration and running order): the competition's schedule (its
 * performances), the divisions and groups of the organization; a performance added, moved or retimed, deleted; a
 * group created. All through the BFF with the user's session.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { deleteAsUser, getAsUser, postAsUser } from '../../../lib/api-user';
import type { components } from '../../../lib/api-types';
import { manageKeys } from '../../manage/api/keys';

export type AddPerformance = components['schemas']['AddPerformance'];
export type UpdatePerformance = components['schemas']['UpdatePerformance'];
export type CreateGroup = components['schemas']['CreateGroup'];
export type ApiGroup = components['schemas']['Group'];
export type ApiDivision = components['schemas']['Division'];
export type ScheduleEntry = components['schemas']['ScheduleEntry'];

export const entriesKeys = {
  all: [...manageKeys.all, 'setup-entries'] as const,
  schedule: (competitionId: number) => [...entriesKeys.all, 'schedule', competitionId] as const,
  divisions: () => [...entriesKeys.all, 'divisions'] as const,
  groups: () => [...entriesKeys.all, 'groups'] as const,
};

/** The competition's performances in running order, each with its division, round and time. */
export const entriesScheduleQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: entriesKeys.schedule(competitionId),
    queryFn: ({ signal }) => getAsUser('/competitions/{competitionId}/schedule', { path: { competitionId }, signal }),
  });

export const setupDivisionsQueryOptions = () =>
  queryOptions({
    queryKey: entriesKeys.divisions(),
    queryFn: ({ signal }) => getAsUser('/divisions/', { signal }),
  });

/** Every group of the organization (the list is whole without `limit`, bounded by the organization's size). */
export const setupGroupsQueryOptions = () =>
  queryOptions({
    queryKey: entriesKeys.groups(),
    queryFn: ({ signal }) => getAsUser('/groups/', { signal }),
    staleTime: 60_000,
  });

export const addPerformance = (competitionId: number, body: AddPerformance) =>
  postAsUser('/competitions/{competitionId}/performances', { path: { competitionId }, body });

export const updatePerformance = (performanceId: number, body: UpdatePerformance) =>
  postAsUser('/performances/{performanceId}', { path: { performanceId }, body });

export const deletePerformance = (performanceId: number) =>
  deleteAsUser('/performances/{performanceId}', { path: { performanceId } });

export const createGroup = (body: CreateGroup) => postAsUser('/groups/', { body });

export const refreshSchedule = (queryClient: QueryClient, competitionId: number) =>
  queryClient.invalidateQueries({ queryKey: entriesKeys.schedule(competitionId) });
