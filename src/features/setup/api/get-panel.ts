import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { signedInKeys } from '../../../lib/signed-in/keys';

export type SectionProgress = components['schemas']['SectionProgress'];

/**
 * A competition's panel: who sits on each caption of each division and round, read from the console's progress read
 * (its sections, each caption of the sheet with its seated judge and judge user), asked once here rather than
 * polled: a form being filled in is not redrawn.
 */
export const panelQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: signedInKeys.progress(competitionId),
    queryFn: ({ signal }) => getAsUser('/competitions/{competitionId}/progress', { path: { competitionId }, signal }),
    staleTime: 10_000,
  });
