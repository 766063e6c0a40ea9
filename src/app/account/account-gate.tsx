import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';

const AccountMenu = lazy(() => import('./account-menu'));

/**
 * The banner's signed-in state, rendered into its `#account` slot, only on a browser with the BFF's signed-in flag
 * (a cookie holding "1" and no session material; the session itself is HttpOnly): a fan's page loads nothing more.
 */
export function AccountGate() {
  const slot = document.getElementById('account');
  if (!slot || !document.cookie.split('; ').includes('mr_signed_in=1')) return null;
  return createPortal(
    <Suspense fallback={null}>
      <AccountMenu />
    </Suspense>,
    slot,
  );
}
