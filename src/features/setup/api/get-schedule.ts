import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import { setupKeys } from './keys';

/** The competition's performances in running order, each with its division, round and time. */
export const entriesScheduleQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: setupKeys.schedule(competitionId),
    queryFn: ({ signal }) => getAsUser('/competitions/{competitionId}/schedule', { path: { competitionId }, signal }),
  });
