import { Link, Navigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { SessionGate } from '../../components/signed-in/session-gate';
import { myGroupsPaths } from '../../config/my-groups-paths';
import { GROUP_READERS } from '../../features/my-groups/utils/group-readers';
import { ROLE_NAMES } from '../../lib/signed-in/get-me';

/** `/my-groups`: the groups the signed-in account acts for, each with its role there and its pages; one: straight to it. */
export default function MyGroupsRoute() {
  return (
    <>
      <title>My groups · Marching Results</title>
      <h1 className="text-2xl font-bold">My groups</h1>
      <SessionGate
        needs={{ permission: 'read-group', what: "A group's pages are" }}
        audience={{
          signIn: 'Sign in to your group',
          who: "a group's director and staff",
          refused: () => "These pages are for a group's own accounts: the circuit's people work in Manage contests.",
          hosted: GROUP_READERS.hosted,
        }}
      >
        {(me) =>
          me.groups.length === 1 ? (
            <Navigate to={myGroupsPaths.group.href(me.groups[0].id)} replace />
          ) : me.groups.length === 0 ? (
            <EmptyState title="No groups yet">
              Your account acts for no group: ask the circuit's administrator, or your group's director.
            </EmptyState>
          ) : (
            <ul className="mt-3 space-y-2">
              {me.groups.map((group) => (
                <li key={group.id} className="rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700">
                  <Link
                    to={myGroupsPaths.group.href(group.id)}
                    className="font-semibold text-blue-900 underline dark:text-sky-300"
                  >
                    {group.name}
                  </Link>{' '}
                  <span className="text-sm text-slate-700 dark:text-slate-300">({ROLE_NAMES[group.role]})</span>
                  {group.role === 'group-administrator' ? (
                    <Link
                      to={myGroupsPaths.people.href(group.id)}
                      className="ml-3 text-blue-900 underline dark:text-sky-300"
                    >
                      People<span className="sr-only"> of {group.name}</span>
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </SessionGate>
    </>
  );
}
