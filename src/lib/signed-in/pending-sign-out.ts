/**
 * A sign-out made without a network: the device is cleared at once (account-menu.tsx) and the BFF is told when the
 * network is back (POST /auth/sign-out, which revokes the token: a copy of the cookie works nowhere after). Until
 * then this device treats the person as signed out: whoever asks who is signed in sends the sign-out first, and
 * while it cannot be sent the answer is "nobody". Kept in localStorage: a reload or a closed tab does not forget it.
 */
import { browserFetch } from '../api/core';

const PENDING_KEY = 'mr_sign_out_pending';

export function markSignOutPending(): void {
  localStorage.setItem(PENDING_KEY, '1');
}

export function isSignOutPending(): boolean {
  return typeof localStorage !== 'undefined' && localStorage.getItem(PENDING_KEY) !== null;
}

/**
 * Sends the pending sign-out, if any: true once none is pending. It stays pending while the BFF cannot be reached
 * or answers otherwise (503 `sign_out_failed`: the API did not revoke the token, so the session still works).
 */
export async function sendPendingSignOut(): Promise<boolean> {
  if (!isSignOutPending()) return true;
  try {
    // Not text/html: the BFF answers 204 (with the cookies cleared) instead of redirecting to its home page.
    const response = await browserFetch('/auth/sign-out', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return false;
  } catch {
    return false;
  }
  localStorage.removeItem(PENDING_KEY);
  return true;
}
