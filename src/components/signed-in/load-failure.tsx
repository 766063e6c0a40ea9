import { useLocation } from 'react-router';
import { EmptyState } from '../empty-state';
import { Notice } from '../notice';
import { isApiError } from '../../lib/api/core';
import { signInHref } from '../../lib/signed-in/get-me';
import { problemText } from '../../lib/signed-in/problems';

/**
 * Why a management page's reads failed, said the same way on every page: an ended session asks to sign in again and
 * come back to this address; a competition that is not the organization's (404, when `organization` is given) says
 * so; anything else says what could not load and why, with "Try again" when the page can ask again.
 */
export function LoadFailure({
  failure,
  what,
  organization,
  onRetry,
}: {
  failure: unknown;
  /** what could not load: "The console" */
  what: string;
  /** the organization's name, on a page of one competition */
  organization?: string;
  onRetry?: () => void;
}) {
  const location = useLocation();
  if (isApiError(failure) && failure.status === 401)
    return (
      <Notice tone="warning" role="alert">
        Your session has ended.{' '}
        <a className="underline" href={signInHref(`${location.pathname}${location.search}`)}>
          Sign in again
        </a>
      </Notice>
    );
  if (organization !== undefined && isApiError(failure) && failure.status === 404)
    return <EmptyState title="No such competition">It is not one of {organization}'s competitions.</EmptyState>;
  return (
    <Notice tone="error" role="alert">
      {what} could not load: {problemText(failure)}
      {onRetry ? (
        <>
          {' '}
          <button type="button" className="underline" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : null}
    </Notice>
  );
}
