import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailure } from '../../../components/signed-in/load-failure';
import { myGroupsPaths } from '../../../config/my-groups-paths';
import { isApiError } from '../../../lib/api/core';

/**
 * Why a group's page shows nothing, in words: another group's (403), a contest not of this group (404), not
 * released yet (404 `not_released`); anything else as every signed-in page says it (an ended session: sign in again).
 */
export function GroupRefusal({ failure, what, onRetry }: { failure: unknown; what: string; onRetry?: () => void }) {
  const back = (
    <p className="mt-2">
      <Link to={myGroupsPaths.groups.href()} className="text-blue-900 underline dark:text-sky-300">
        Back to my groups
      </Link>
    </p>
  );
  if (isApiError(failure) && failure.status === 403)
    return (
      <EmptyState title="This is not one of your groups">
        Your account reads only the groups it acts for: their sheets and commentary are theirs alone.
        {back}
      </EmptyState>
    );
  if (isApiError(failure) && failure.status === 404 && failure.code === 'not_released')
    return (
      <EmptyState title="Not released yet">
        Its sheet shows here once the contest's scores are released.
        {back}
      </EmptyState>
    );
  if (isApiError(failure) && failure.status === 404)
    return (
      <EmptyState title="No such contest of this group">
        There is nothing of it for this group.
        {back}
      </EmptyState>
    );
  return <LoadFailure failure={failure} what={what} onRetry={onRetry} />;
}
