import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Notice } from '../../components/notice';
import { PageSkeleton } from '../../components/skeleton';
import { LoadFailure } from '../../components/signed-in/load-failure';
import { SessionGate } from '../../components/signed-in/session-gate';
import { groupIdOf, myGroupsPaths } from '../../config/my-groups-paths';
import { isApiError } from '../../lib/api/core';
import { type Me } from '../../lib/signed-in/get-me';
import { problemText } from '../../lib/signed-in/problems';
import { groupAccountsQueryOptions } from '../../features/setup/api/get-group-accounts';
import { GroupAccountAddForm, type Added } from '../../features/setup/components/group-account-add-form';
import { GroupAccountsTable } from '../../features/setup/components/group-accounts-table';
import { UsersPasswordLink } from '../../features/setup/components/users-password-link';
import { useHandedLinks } from '../../features/setup/components/use-handed-links';

/**
 * `/my-groups/:groupId/people`: a group's people, for its administrators (and the circuit's): who may read the
 * group's sheets, add one by email with a one-time link to hand over, remove one (decision 133).
 */
export default function GroupPeopleRoute({ groupId: idText }: { groupId?: string }) {
  const groupId = groupIdOf(idText);
  return (
    <>
      <title>People · Marching Results</title>
      <p className="text-sm">
        <Link to={myGroupsPaths.groups.href()} className="text-blue-900 underline dark:text-sky-300">
          My groups
        </Link>
      </p>
      <h1 className="text-2xl font-bold">People</h1>
      <SessionGate
        needs={{ permission: 'manage-group-accounts', what: "A group's people are" }}
        audience={{
          signIn: 'Sign in to manage your group',
          who: "a group's administrators (its director) and the circuit's administrators",
          refused: () => "Only a group's administrators add and remove its people: ask your group's director.",
        }}
      >
        {(me) =>
          groupId === undefined ? (
            <EmptyState title="No such group">This address names no group.</EmptyState>
          ) : (
            <People me={me} groupId={groupId} />
          )
        }
      </SessionGate>
    </>
  );
}

function People({ me, groupId }: { me: Me; groupId: number }) {
  const groupName = me.groups.find((group) => group.id === groupId)?.name ?? `Group ${groupId}`;
  const accounts = useQuery(groupAccountsQueryOptions(groupId));
  const links = useHandedLinks();
  const [existing, setExisting] = useState<string | null>(null);
  const added = (result: Added) => {
    if (result.kind === 'existing') return setExisting(result.name);
    setExisting(null);
    links.hand(result.handed);
  };
  const heading = <p className="text-lg font-semibold">{groupName}</p>;
  if (accounts.isError && isApiError(accounts.error) && [403, 404].includes(accounts.error.status))
    return (
      <>
        {heading}
        <EmptyState title={accounts.error.status === 404 ? 'No such group' : 'Not a group you administer'}>
          {accounts.error.status === 404
            ? `There is no group ${groupId} in ${me.organization.name}.`
            : `You manage the people of your own groups only (${problemText(accounts.error)}).`}
        </EmptyState>
      </>
    );
  const list = accounts.data?.body.data ?? [];
  const listed = new Set(list.map((account) => account.id));
  const unlisted = [...links.held.values()].filter((held) => !listed.has(held.handed.user.id));
  return (
    <>
      {heading}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Who may read {groupName}'s sheets and hear its commentary once released. Staff read; group administrators also
        add and remove people. A group keeps at least one administrator.
      </p>
      <section aria-labelledby="add-account-heading" className="my-4">
        <h2 id="add-account-heading" className="text-lg font-semibold">
          Add a person
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No email is sent: a new person gets a one-time link to hand over, with which they set their password.
        </p>
        <GroupAccountAddForm groupId={groupId} onAdded={added} />
        {existing ? (
          <Notice tone="info" role="status">
            {existing} already had an account: they are added to {groupName} and sign in as before.
          </Notice>
        ) : null}
      </section>
      <section aria-labelledby="accounts-heading" className="my-4">
        <h2 id="accounts-heading" className="text-lg font-semibold">
          People of {groupName}
        </h2>
        {unlisted.map((held) => (
          <div key={held.handed.user.id} className="my-2">
            <UsersPasswordLink held={held} links={links} />
          </div>
        ))}
        {accounts.isPending ? (
          <PageSkeleton rows={3} />
        ) : accounts.isError ? (
          <LoadFailure failure={accounts.error} what="The group's people" onRetry={() => void accounts.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title="Nobody yet">Add the group's director or first staff member above.</EmptyState>
        ) : (
          <GroupAccountsTable
            groupId={groupId}
            groupName={groupName}
            accounts={list}
            myId={me.user?.id ?? null}
            links={links}
          />
        )}
      </section>
    </>
  );
}
