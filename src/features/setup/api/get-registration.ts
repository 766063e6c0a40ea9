import { queryOptions } from '@tanstack/react-query';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { setupKeys } from './keys';

export type CompetitionRegistration = components['schemas']['CompetitionRegistration'];
// the document marks the named schema nullable where a competition's registration may be absent
export type RegistrationWindow = NonNullable<components['schemas']['RegistrationWindow']>;
export type Registration = components['schemas']['Registration'];

/** A competition's registration (null before it is opened) and the groups' registrations, oldest first. */
export const competitionRegistrationQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: setupKeys.registration(competitionId),
    queryFn: ({ signal }) =>
      getAsUser('/competitions/{competitionId}/registration', { path: { competitionId }, signal }),
  });
