/**
 * The organization's users created and changed (administrator only), through the BFF with the user's session. A
 * one-time password link is in the answer of a create and of a new link only: the page shows it, never stores it.
 */
import { postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type CreateUser = components['schemas']['CreateUser'];
export type UpdateUser = components['schemas']['UpdateUser'];

export const createUser = (body: CreateUser) => postAsUser('/users/', { body });

export const updateUser = (userId: number, body: UpdateUser) =>
  postAsUser('/users/{userId}', { path: { userId }, body });

/** A new link in place of the user's last one, which stops working. */
export const newPasswordLink = (userId: number) =>
  postAsUser('/users/{userId}/password-link', { path: { userId }, body: {} });
