import { queryOptions } from '@tanstack/react-query';
import type { Role } from '../../../domain/roles';
import { isApiError } from '../api/core';
import { getAsUser } from '../api/signed-in';
import type { components } from '../api-types';
import { signedInKeys } from './keys';
import { sendPendingSignOut } from './pending-sign-out';

export type Me = components['schemas']['Me'];
export type Permission = Me['permissions'][number];

/**
 * Who is signed in, as the API sees the user's token (`GET /api/me` through the BFF, decision 086). Without a session
 * the BFF answers /me with its own read-only key, whose `user` is null: nobody signed in; where its pages say people
 * can sign in here (`<html data-sign-in>`) that is "sign in", elsewhere sign-in is not set up. An ended session is
 * 401 `session_expired`. The hosted service has no `/me` (404): contests are managed there. A sign-out made offline is
 * sent first; while it cannot be, nobody is signed in on this device (pending-sign-out.ts).
 */
export type Session =
  | { kind: 'signed-in'; me: Me }
  | { kind: 'signed-out'; expired: boolean }
  | { kind: 'no-sign-in' }
  | { kind: 'hosted' };

const signInExists = () => typeof document !== 'undefined' && document.documentElement.hasAttribute('data-sign-in');

export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<Session> {
  if (!(await sendPendingSignOut())) return { kind: 'signed-out', expired: false };
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
    queryKey: signedInKeys.me(),
    queryFn: ({ signal }) => getSession({ signal }),
    // A session ends or changes role rarely; a read or write that meets a 401 says so where it happens.
    staleTime: 60_000,
  });

export const can = (me: Me, permission: Permission) => me.permissions.includes(permission);

export const ROLE_NAMES: Record<Role, string> = {
  administrator: 'Administrator',
  tabulator: 'Tabulator',
  'chief-judge': 'Chief judge',
  judge: 'Judge',
  'group-administrator': 'Group administrator',
  'group-staff': 'Group staff',
};

/** The page to sign in from, coming back to `returnTo` (this site's path; the BFF refuses anything else). */
export function signInHref(returnTo = `${location.pathname}${location.search}`): string {
  return `/auth/sign-in?returnTo=${encodeURIComponent(returnTo)}`;
}
