/**
 * The organization's users (administrator only: the API's `manage-users`), through the BFF with the user's session.
 * A new user's one-time password link is in the create's answer only: the page shows it once, never stores it.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getAsUser, postAsUser } from '../../../lib/api-user';
import type { components } from '../../../lib/api-types';

export type User = components['schemas']['User'];
export type Role = User['role'];
export type CreateUser = components['schemas']['CreateUser'];
export type UpdateUser = components['schemas']['UpdateUser'];

export const ROLES: readonly Role[] = ['administrator', 'tabulator', 'chief-judge', 'judge'];

export const usersKey = ['manage', 'setup', 'users'] as const;

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: usersKey,
    queryFn: ({ signal }) => getAsUser('/users/', { signal }),
    // Users change when this page (or another administrator) changes them: no polling, asked again after a write.
    staleTime: 30_000,
  });

export const createUser = (body: CreateUser) => postAsUser('/users/', { body });

export const updateUser = (userId: number, body: UpdateUser) =>
  postAsUser('/users/{userId}', { path: { userId }, body });

export const refreshUsers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: usersKey });

export const userName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;
