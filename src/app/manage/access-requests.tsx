import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Notice } from '../../components/notice';
import { PageSkeleton } from '../../components/skeleton';
import { LoadFailure } from '../../components/signed-in/load-failure';
import { roleLabel, SessionGate } from '../../components/signed-in/session-gate';
import { managePaths } from '../../config/manage-paths';
import { paths } from '../../config/paths';
import { can, type Me } from '../../lib/signed-in/get-me';
import { accessRequestsQueryOptions } from '../../features/setup/api/get-access-requests';
import { AccessRequestCard, type Approved } from '../../features/setup/components/access-request-card';
import { UsersPasswordLink } from '../../features/setup/components/users-password-link';
import { useHandedLinks } from '../../features/setup/components/use-handed-links';

/**
 * `/manage/access-requests`: "find my group" requests (issue 39), for the circuit's administrators: the waiting ones
 * to approve or refuse, the decided ones below, newest first.
 */
export default function ManageAccessRequestsRoute() {
  return (
    <>
      <title>Access requests · Marching Results</title>
      <p className="text-sm">
        <Link to={paths.manage.href()} className="text-blue-900 underline dark:text-sky-300">
          Manage contests
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Access requests</h1>
      <SessionGate>
        {(me) =>
          can(me, 'manage-users') ? (
            <AccessRequests me={me} />
          ) : (
            <EmptyState title="Only an administrator decides access requests">
              You are signed in as {roleLabel(me)}: one of {me.organization.name}'s administrators approves or refuses
              them.
            </EmptyState>
          )
        }
      </SessionGate>
    </>
  );
}

function AccessRequests({ me }: { me: Me }) {
  const pending = useQuery(accessRequestsQueryOptions('pending'));
  const approved = useQuery(accessRequestsQueryOptions('approved'));
  const refused = useQuery(accessRequestsQueryOptions('refused'));
  // Every link made on this page until dismissed (an approval's new account): shown only now, never stored.
  const links = useHandedLinks();
  const [existing, setExisting] = useState<string | null>(null);
  const onApproved = (result: Approved) => {
    if (result.kind === 'existing')
      return setExisting(`${result.name} had an account: ${result.group} is added to it.`);
    links.hand(result.handed);
  };
  const decided = [...(approved.data?.body.data ?? []), ...(refused.data?.body.data ?? [])].sort((a, b) =>
    (b.decidedAt ?? '').localeCompare(a.decidedAt ?? ''),
  );
  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        People ask for a group's account from the sign-in page ("Find my group"). Approving makes their account with a
        one-time link to hand over (no email is sent), or adds the group to the account they have. To invite a group's
        director yourself, add them in{' '}
        <Link to={managePaths.users.href()} className="text-blue-900 underline dark:text-sky-300">
          Users
        </Link>{' '}
        with a group role.
      </p>
      {[...links.held.values()].map((held) => (
        <div key={held.handed.user.id} className="my-2">
          <UsersPasswordLink held={held} links={links} />
        </div>
      ))}
      {existing ? (
        <Notice tone="info" role="status">
          {existing}
        </Notice>
      ) : null}
      <section aria-labelledby="pending-heading" className="my-4">
        <h2 id="pending-heading" className="text-lg font-semibold">
          Waiting
        </h2>
        {pending.isPending ? (
          <PageSkeleton rows={3} />
        ) : pending.isError ? (
          <LoadFailure failure={pending.error} what="The requests" onRetry={() => void pending.refetch()} />
        ) : pending.data.body.data.length === 0 ? (
          <EmptyState title="No requests waiting">
            {me.organization.name} has no "find my group" request to decide.
          </EmptyState>
        ) : (
          <ul className="mt-2 space-y-3">
            {pending.data.body.data.map((request) => (
              <li key={request.id}>
                <AccessRequestCard request={request} onApproved={onApproved} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="decided-heading" className="my-4">
        <h2 id="decided-heading" className="text-lg font-semibold">
          Decided
        </h2>
        {approved.isPending || refused.isPending ? (
          <PageSkeleton rows={2} />
        ) : approved.isError || refused.isError ? (
          <LoadFailure
            failure={approved.error ?? refused.error}
            what="The decided requests"
            onRetry={() => void Promise.all([approved.refetch(), refused.refetch()])}
          />
        ) : decided.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">None decided yet.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {decided.map((request) => (
              <li key={request.id}>
                <AccessRequestCard request={request} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
