import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type DivisionSheet = components['schemas']['DivisionSheet'];

/** A division's score sheet: a catalogue sheet (its `key`) or the organization's own. */
export const divisionSheetQueryOptions = (divisionId: number) =>
  queryOptions({
    queryKey: setupKeys.divisionSheet(divisionId),
    queryFn: ({ signal }) => getAsUser('/divisions/{divisionId}/sheet', { path: { divisionId }, signal }),
    select: (result) => result.body,
  });
