/** A "find my group" request approved or refused by the circuit's administrator, through the BFF with the session. */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type DecideAccessRequest = components['schemas']['DecideAccessRequest'];

export const decideAccessRequest = ({ requestId, ...body }: DecideAccessRequest & { requestId: number }) =>
  postAsUser('/access-requests/{requestId}', { path: { requestId }, body });
