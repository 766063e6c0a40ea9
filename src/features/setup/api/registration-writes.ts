/** The circuit's registration writes (decision 136): the registration saved whole, a decision, paid or not. */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type RegistrationWindowRequest = components['schemas']['RegistrationWindowRequest'];
export type RegistrationDecisionRequest = components['schemas']['RegistrationDecisionRequest'];

export const saveRegistration = (competitionId: number, body: RegistrationWindowRequest) =>
  postAsUser('/competitions/{competitionId}/registration', { path: { competitionId }, body });

export const decideRegistration = (registrationId: number, body: RegistrationDecisionRequest) =>
  postAsUser('/registrations/{registrationId}/decision', { path: { registrationId }, body });

export const markRegistrationPaid = (registrationId: number, paid: boolean) =>
  postAsUser('/registrations/{registrationId}/paid', { path: { registrationId }, body: { paid } });
