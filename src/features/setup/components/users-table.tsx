import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_NAMES } from '../../../lib/signed-in-fetch';
import { problemText } from '../../manage/api/problems';
import { inputClass, Modal, primaryButton, secondaryButton } from '../../manage/components/modal';
import { refreshUsers, ROLES, updateUser, userName, type Role, type User } from '../api/users-api';

/** The organization's users, oldest first: each role can be changed, each user disabled (asked first) or enabled. */
export function UsersTable({ users, myId }: { users: User[]; myId: number | null }) {
  const [disabling, setDisabling] = useState<User | null>(null);
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
            {users.map((user) => (
              <UserRow key={user.id} user={user} isMe={user.id === myId} onDisable={() => setDisabling(user)} />
            ))}
          </tbody>
        </table>
      </div>
      {disabling ? <DisableDialog user={disabling} onClose={() => setDisabling(null)} /> : null}
    </>
  );
}

function UserRow({ user, isMe, onDisable }: { user: User; isMe: boolean; onDisable: () => void }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Role>(user.role);
  const [state, setState] = useState<{ sending: boolean; error: unknown; saved: boolean }>({
    sending: false,
    error: null,
    saved: false,
  });
  const send = async (change: { role?: Role; disabled?: boolean }) => {
    setState({ sending: true, error: null, saved: false });
    try {
      await updateUser(user.id, change);
      await refreshUsers(queryClient);
      setState({ sending: false, error: null, saved: true });
    } catch (error) {
      // The role picked stays on screen with why it was refused.
      setState({ sending: false, error, saved: false });
    }
  };
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
        <div className="flex flex-wrap gap-1">
          <label htmlFor={`user-${user.id}-role`} className="sr-only">
            Role of {name}
          </label>
          <select
            id={`user-${user.id}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? errorId : undefined}
            className={inputClass.replace('w-full', 'w-auto max-w-full')}
          >
            {ROLES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {ROLE_NAMES[candidate]}
              </option>
            ))}
          </select>
          {role !== user.role ? (
            <button
              type="button"
              className={secondaryButton}
              disabled={state.sending}
              onClick={() => void send({ role })}
              aria-label={`Change ${name}'s role to ${ROLE_NAMES[role]}`}
            >
              {state.sending ? 'Saving…' : 'Change role'}
            </button>
          ) : null}
        </div>
        {state.error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
            {problemText(state.error)}
          </p>
        ) : state.saved ? (
          <p role="status" className="mt-1 text-sm">
            Saved.
          </p>
        ) : null}
      </td>
      <td className="py-2">
        {user.disabled ? (
          <>
            <span className="block">Disabled</span>
            <button
              type="button"
              className={`${secondaryButton} mt-1`}
              disabled={state.sending}
              onClick={() => void send({ disabled: false })}
              aria-label={`Enable ${name}`}
            >
              Enable
            </button>
          </>
        ) : (
          <>
            <span className="block">Can sign in</span>
            {isMe ? null : (
              <button
                type="button"
                className={`${secondaryButton} mt-1`}
                onClick={onDisable}
                aria-label={`Disable ${name}`}
              >
                Disable
              </button>
            )}
          </>
        )}
      </td>
    </tr>
  );
}

/** Disabling stops the user's sign-ins and tokens within seconds: asked before it is sent. */
function DisableDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const name = userName(user);
  const confirm = async () => {
    setSending(true);
    setError(null);
    try {
      await updateUser(user.id, { disabled: true });
      await refreshUsers(queryClient);
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setSending(false);
    }
  };
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
        <button type="button" className={primaryButton} disabled={sending} onClick={() => void confirm()}>
          {sending ? 'Disabling…' : `Disable ${name}`}
        </button>
      </div>
    </Modal>
  );
}
