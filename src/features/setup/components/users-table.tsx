import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { myGroupsPaths } from '../../../config/my-groups-paths';
import { ROLE_NAMES } from '../../../lib/signed-in/get-me';
import { problemText } from '../../../lib/signed-in/problems';
import { inputClass, Modal, primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { useWrite } from '../../../lib/signed-in/use-write';
import { setupKeys } from '../api/keys';
import { newPasswordLink, updateUser, type UpdateUser } from '../api/user-writes';
import { CIRCUIT_ROLES, isGroupRole, type Role } from '../../../../domain/roles';
import { userName } from '../utils/user-name';
import type { User } from '../api/get-users';
import { UsersPasswordLink } from './users-password-link';
import type { HandedLinks } from './use-handed-links';
import { NewLinkDialog } from './new-link-dialog';

/**
 * The organization's users, oldest first: each role can be changed, each user disabled (asked first) or enabled,
 * and given a new password link (asked first: the one made before stops working). A link the page holds shows
 * under its user until dismissed.
 */
export function UsersTable({ users, myId, links }: { users: User[]; myId: number | null; links: HandedLinks }) {
  const [disabling, setDisabling] = useState<User | null>(null);
  const [linking, setLinking] = useState<User | null>(null);
  return (
    <>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Users and their roles</caption>
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-700">
              <th scope="col" className="py-1 pr-2">
                Name and email
              </th>
              <th scope="col" className="py-1 pr-2">
                Role
              </th>
              <th scope="col" className="py-1">
                Access
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const held = links.held.get(user.id);
              return (
                <Fragment key={user.id}>
                  <UserRow
                    user={user}
                    isMe={user.id === myId}
                    onDisable={() => setDisabling(user)}
                    onNewLink={() => setLinking(user)}
                  />
                  {held ? (
                    <tr className="border-b border-slate-200 dark:border-slate-800">
                      <td colSpan={3} className="pb-3">
                        <UsersPasswordLink held={held} links={links} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {disabling ? <DisableDialog user={disabling} onClose={() => setDisabling(null)} /> : null}
      {linking ? (
        <NewLinkDialog
          person={linking}
          write={() => newPasswordLink(linking.id)}
          stale={() => [setupKeys.users()]}
          onMade={links.hand}
          onClose={() => setLinking(null)}
        />
      ) : null}
    </>
  );
}

function UserRow({
  user,
  isMe,
  onDisable,
  onNewLink,
}: {
  user: User;
  isMe: boolean;
  onDisable: () => void;
  onNewLink: () => void;
}) {
  const [role, setRole] = useState<Role>(user.role);
  // The role picked stays on screen with why it was refused.
  const change = useWrite({
    write: (body: UpdateUser) => updateUser(user.id, body),
    stale: () => [setupKeys.users()],
  });
  const name = userName(user);
  const errorId = `user-${user.id}-error`;
  return (
    <tr className="border-b border-slate-200 align-top dark:border-slate-800">
      <td className="py-2 pr-2">
        <span className="font-medium break-words">{name}</span>
        {isMe ? ' (you)' : ''}
        <span className="block break-all text-slate-700 dark:text-slate-300">{user.email}</span>
      </td>
      <td className="py-2 pr-2">
        {isGroupRole(user.role) ? (
          <GroupAccountRole user={user} />
        ) : (
          <>
            <div className="flex flex-wrap gap-1">
              <label htmlFor={`user-${user.id}-role`} className="sr-only">
                Role of {name}
              </label>
              <select
                id={`user-${user.id}-role`}
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
                aria-invalid={change.error ? true : undefined}
                aria-describedby={change.error ? errorId : undefined}
                className={inputClass.replace('w-full', 'w-auto max-w-full')}
              >
                {CIRCUIT_ROLES.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {ROLE_NAMES[candidate]}
                  </option>
                ))}
              </select>
              {role !== user.role ? (
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ role })}
                  aria-label={`Change ${name}'s role to ${ROLE_NAMES[role]}`}
                >
                  {change.isPending ? 'Saving…' : 'Change role'}
                </button>
              ) : null}
            </div>
            {change.error ? (
              <p id={errorId} role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
                {problemText(change.error)}
              </p>
            ) : change.isSuccess ? (
              <p role="status" className="mt-1 text-sm">
                Saved.
              </p>
            ) : null}
          </>
        )}
      </td>
      <td className="py-2">
        {user.disabled ? (
          <>
            <span className="block">Disabled</span>
            <button
              type="button"
              className={`${secondaryButton} mt-1`}
              disabled={change.isPending}
              onClick={() => change.mutate({ disabled: false })}
              aria-label={`Enable ${name}`}
            >
              Enable
            </button>
          </>
        ) : (
          <>
            <span className="block">{user.passwordSet ? 'Can sign in' : 'Has not set a password yet'}</span>
            <span className="mt-1 flex flex-wrap gap-1">
              <button
                type="button"
                className={secondaryButton}
                onClick={onNewLink}
                aria-label={`New password link for ${name}`}
              >
                New password link
              </button>
              {isMe ? null : (
                <button type="button" className={secondaryButton} onClick={onDisable} aria-label={`Disable ${name}`}>
                  Disable
                </button>
              )}
            </span>
          </>
        )}
      </td>
    </tr>
  );
}

/** Disabling stops the user's sign-ins and tokens within seconds: asked before it is sent. */
function DisableDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const disable = useWrite({
    write: () => updateUser(user.id, { disabled: true }),
    stale: () => [setupKeys.users()],
    onSuccess: onClose,
  });
  const { error, isPending: sending } = disable;
  const name = userName(user);
  return (
    <Modal title={`Disable ${name}?`} open onClose={onClose}>
      <p className="mt-2 text-sm">
        {name} ({user.email}) can no longer sign in, and a session they have open ends within seconds. Their entries and
        seats stay. You can enable them again later.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
          Not disabled: {problemText(error)}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={primaryButton} disabled={sending} onClick={() => disable.mutate()}>
          {sending ? 'Disabling…' : `Disable ${name}`}
        </button>
      </div>
    </Modal>
  );
}

/**
 * A group's account (decision 133): its role in each of its groups, each group's people page a link away (where its
 * administrators, or the circuit's, add and remove them). Its role is not one of the circuit's to pick here.
 */
function GroupAccountRole({ user }: { user: User }) {
  return (
    <>
      <span className="block">{ROLE_NAMES[user.role]}</span>
      {user.groups.length === 0 ? (
        <span className="block text-slate-700 dark:text-slate-300">In no group: reads nothing</span>
      ) : (
        <ul className="text-slate-700 dark:text-slate-300">
          {user.groups.map((group) => (
            <li key={group.id}>
              <Link to={myGroupsPaths.people.href(group.id)} className="text-blue-900 underline dark:text-sky-300">
                {group.name}
              </Link>{' '}
              ({ROLE_NAMES[group.role]})
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
