import { LoadFailure } from '../../components/signed-in/load-failure';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageSkeleton } from '../../components/skeleton';
import { paths } from '../../config/paths';
import { can, type Me } from '../../lib/signed-in/get-me';
import { roleLabel, SessionGate } from '../../components/signed-in/session-gate';
import { usersQueryOptions } from '../../features/setup/api/get-users';
import { UsersAddForm } from '../../features/setup/components/users-add-form';
import { UsersPasswordLink } from '../../features/setup/components/users-password-link';
import { useHandedLinks } from '../../features/setup/components/use-handed-links';
import { UsersTable } from '../../features/setup/components/users-table';

/** `/manage/users`: the organization's users and roles, for its administrators (issue 27). */
export default function ManageUsersRoute() {
  return (
    <>
      <title>Users · Marching Results</title>
      <p className="text-sm">
        <Link to={paths.manage.href()} className="text-blue-900 underline dark:text-sky-300">
          Manage contests
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Users</h1>
      <SessionGate>
        {(me) =>
          can(me, 'manage-users') ? (
            <Users me={me} />
          ) : (
            <EmptyState title="Only an administrator manages users">
              You are signed in as {roleLabel(me)}: ask one of {me.organization.name}'s administrators to add a user or
              change a role.
            </EmptyState>
          )
        }
      </SessionGate>
    </>
  );
}

function Users({ me }: { me: Me }) {
  const users = useQuery(usersQueryOptions());
  const links = useHandedLinks();
  const listed = new Set((users.data?.body.data ?? []).map((user) => user.id));
  // A link whose user the list does not show (not read again yet, or the read failed) waits above it.
  const unlisted = [...links.held.values()].filter((held) => !listed.has(held.handed.user.id));
  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {me.organization.name}: who may sign in, and what each may do. Tabulators set up and run the console, chief
        judges sign off, judges enter their own captions.
      </p>
      <section aria-labelledby="add-user-heading" className="my-4">
        <h2 id="add-user-heading" className="text-lg font-semibold">
          Add a user
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No email is sent: you get a one-time link to hand over, with which they set their password.
        </p>
        <UsersAddForm onCreated={links.hand} />
      </section>
      <section aria-labelledby="users-heading" className="my-4">
        <h2 id="users-heading" className="text-lg font-semibold">
          Users
        </h2>
        {unlisted.map((held) => (
          <div key={held.handed.user.id} className="my-2">
            <UsersPasswordLink held={held} links={links} />
          </div>
        ))}
        {users.isPending ? (
          <PageSkeleton rows={4} />
        ) : users.isError ? (
          <LoadFailure failure={users.error} what="The users" onRetry={() => void users.refetch()} />
        ) : users.data.body.data.length === 0 ? (
          <EmptyState title="No users yet">Add the first one above.</EmptyState>
        ) : (
          <UsersTable users={users.data.body.data} myId={me.user?.id ?? null} links={links} />
        )}
      </section>
    </>
  );
}
