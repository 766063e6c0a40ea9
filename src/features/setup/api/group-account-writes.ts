/**
 * A group's accounts added and removed by its administrators (decision 133), through the BFF with the session. A
 * new account's one-time link is in the add's answer only: the page shows it, never stores it.
 */
import { deleteAsUser, postAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';

export type AddGroupAccount = components['schemas']['AddGroupAccount'];

export const addGroupAccount = ({ groupId, ...body }: AddGroupAccount & { groupId: number }) =>
  postAsUser('/groups/{groupId}/accounts', { path: { groupId }, body });

export const removeGroupAccount = ({ groupId, userId }: { groupId: number; userId: number }) =>
  deleteAsUser('/groups/{groupId}/accounts/{userId}', { path: { groupId, userId } });

/** A new one-time link for an account of the group that lost its own before setting a password. */
export const newGroupAccountLink = ({ groupId, userId }: { groupId: number; userId: number }) =>
  postAsUser('/groups/{groupId}/accounts/{userId}/password-link', { path: { groupId, userId }, body: {} });
