import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import { setupKeys } from './keys';

/** A competition's rounds and chief judge: its scores' read names them (its released sections are not needed here). */
export const competitionRoundsQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: setupKeys.competitionRounds(competitionId),
    queryFn: ({ signal }) => getAsUser('/competitions/{competitionId}/scores', { path: { competitionId }, signal }),
  });
