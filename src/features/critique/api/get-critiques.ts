import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { critiqueKeys } from './keys';

export type Critique = components['schemas']['Critique'];
export type GroupCritique = components['schemas']['GroupCritique'];
export type CritiqueSlot = components['schemas']['CritiqueSlot'];

/** A competition's critiques, every slot with its group (the tabulator's and the judges' schedule). */
export const competitionCritiquesQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: critiqueKeys.competition(competitionId),
    queryFn: ({ signal }) => getAsUser('/competitions/{competitionId}/critiques', { path: { competitionId }, signal }),
  });

/** A group's critiques: its slot in each, and the free ones while sign-up is open. */
export const groupCritiquesQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: critiqueKeys.group(groupId),
    queryFn: ({ signal }) => getAsUser('/groups/{groupId}/critiques', { path: { groupId }, signal }),
  });
