import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { getAsUser } from '../../../lib/api-user';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

export type Me = components['schemas']['Me'];
export type Permission = Me['permissions'][number];

/**
 * Who is signed in, as the API sees the user's token (`GET /api/me` through the BFF, decision 086). Without a session
 * the BFF answers /me with its own read-only key, whose `user` is null: nobody signed in; where its pages say people
 * can sign in here (`<html data-sign-in>`) that is "sign in", elsewhere sign-in is not set up. An ended session is
 * 401 `session_expired`. The hosted service has no `/me` (404): contests are managed there.
 */
export type Session =
  | { kind: 'signed-in'; me: Me }
  | { kind: 'signed-out'; expired: boolean }
  | { kind: 'no-sign-in' }
  | { kind: 'hosted' };

const signInExists = () => typeof document !== 'undefined' && document.documentElement.hasAttribute('data-sign-in');

export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<Session> {
  try {
    const { body } = await getAsUser('/me', { signal });
    if (body.user !== null) return { kind: 'signed-in', me: body };
    return signInExists() ? { kind: 'signed-out', expired: false } : { kind: 'no-sign-in' };
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
    // A session ends or changes role rarely; a read or write that meets a 401 says so where it happens.
    staleTime: 60_000,
  });

export const can = (me: Me, permission: Permission) => me.permissions.includes(permission);

export { signInHref } from '../../../lib/signed-in-fetch';
