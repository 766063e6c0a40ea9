import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * View and sort live in the query string and change nothing the loader reads; the queries keep themselves fresh
 * (refetchInterval on a live competition), so switching views never waits on the loader.
 */
export function recapShouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
