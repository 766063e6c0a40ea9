import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { getAsUser } from '../../../lib/api-user';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

export type Me = components['schemas']['Me'];
export type Permission = Me['permissions'][number];

/**
 * Who is signed in, as the API sees the user's token (`GET /api/me` through the BFF). Signed out, the BFF answers
 * 401 `sign_in_required` (or `session_expired`); before sign-in existed it answered with its own read-only key, whose
 * `user` is null: no person, so signed out too. The hosted service has no `/me` (404): contests are managed there.
 */
export type Session = { kind: 'signed-in'; me: Me } | { kind: 'signed-out'; expired: boolean } | { kind: 'hosted' };

export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<Session> {
  try {
    const { body } = await getAsUser('/me', { signal });
    return body.user === null ? { kind: 'signed-out', expired: false } : { kind: 'signed-in', me: body };
  } catch (error) {
    if (isApiError(error) && error.status === 401)
      return { kind: 'signed-out', expired: error.code === 'session_expired' };
    // The hosted service has no /me: the BFF passes on its 404 (or says its answer is not one it can use).
    if (isApiError(error) && (error.status === 404 || error.code === 'upstream_bad_response'))
      return { kind: 'hosted' };
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: manageKeys.me(),
    queryFn: ({ signal }) => getSession({ signal }),
    // A session ends or changes role rarely; a write that meets a 401 asks again (use-console-write.ts).
    staleTime: 60_000,
  });

export const can = (me: Me, permission: Permission) => me.permissions.includes(permission);

/** The sign-in page of the BFF, coming back to `returnTo` (a path of this app). */
export const signInHref = (returnTo: string) => `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`;
