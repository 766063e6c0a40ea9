/**
 * The organization's divisions and their score sheets as the signed-in user reads them (through the BFF), the
 * catalogue of built-in sheets, and the division writes: each sends a catalogue `sheetKey` or its own `sheet`.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getAsUser, postAsUser } from '../../../lib/api-user';
import type { components } from '../../../lib/api-types';
import { manageKeys } from '../../manage/api/keys';

export type Division = components['schemas']['Division'];
export type DivisionSheet = components['schemas']['DivisionSheet'];
export type CatalogueSheet = components['schemas']['CatalogueSheet'];
export type CreateDivision = components['schemas']['CreateDivision'];
export type UpdateDivision = components['schemas']['UpdateDivision'];

const divisionsKey = () => [...manageKeys.all, 'setup', 'divisions'] as const;

export const setupDivisionsQueryOptions = () =>
  queryOptions({
    queryKey: divisionsKey(),
    queryFn: ({ signal }) => getAsUser('/divisions/', { signal }),
    select: (result) => result.body.data,
  });

export const divisionSheetQueryOptions = (divisionId: number) =>
  queryOptions({
    queryKey: [...divisionsKey(), divisionId, 'sheet'] as const,
    queryFn: ({ signal }) => getAsUser('/divisions/{divisionId}/sheet', { path: { divisionId }, signal }),
    select: (result) => result.body,
  });

/** The same for every organization and every day: asked once per visit. */
export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: [...manageKeys.all, 'setup', 'score-sheets'] as const,
    queryFn: ({ signal }) => getAsUser('/score-sheets/', { signal }),
    select: (result) => result.body.data,
    staleTime: Infinity,
  });

export const createDivision = (body: CreateDivision) => postAsUser('/divisions/', { body });

export const updateDivision = (divisionId: number, body: UpdateDivision) =>
  postAsUser('/divisions/{divisionId}', { path: { divisionId }, body });

export const refreshDivisions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: divisionsKey() });
