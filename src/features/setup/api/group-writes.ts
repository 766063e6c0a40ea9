/** A group created while registering it (the entries page), through the BFF with the user's session. */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type CreateGroup = components['schemas']['CreateGroup'];

export const createGroup = (body: CreateGroup) => postAsUser('/groups/', { body });
