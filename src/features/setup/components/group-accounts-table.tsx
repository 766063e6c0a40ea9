import { Fragment, useState } from 'react';
import { ROLE_NAMES } from '../../../lib/signed-in/get-me';
import { problemText } from '../../../lib/signed-in/problems';
import { Modal, primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { useWrite } from '../../../lib/signed-in/use-write';
import { setupKeys } from '../api/keys';
import { UsersPasswordLink } from './users-password-link';
import type { HandedLinks } from './use-handed-links';
import { NewLinkDialog } from './new-link-dialog';
import { userName } from '../utils/user-name';
import type { GroupAccount } from '../api/get-group-accounts';
import { newGroupAccountLink, removeGroupAccount } from '../api/group-account-writes';

/**
 * A group's accounts, administrators first: each with its role and whether it can sign in yet, "Remove" (asked
 * first), and for one that has not set a password yet "New link" (its link lost or expired). A link the page holds
 * shows under its account until dismissed.
 */
export function GroupAccountsTable({
  groupId,
  groupName,
  accounts,
  myId,
  links,
}: {
  groupId: number;
  groupName: string;
  accounts: GroupAccount[];
  myId: number | null;
  links: HandedLinks;
}) {
  const [removing, setRemoving] = useState<GroupAccount | null>(null);
  const [relinking, setRelinking] = useState<GroupAccount | null>(null);
  return (
    <>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{groupName}'s people and their roles</caption>
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
            {accounts.map((account) => {
              const held = links.held.get(account.id);
              const name = userName(account);
              return (
                <Fragment key={account.id}>
                  <tr className="border-b border-slate-200 align-top dark:border-slate-800">
                    <td className="py-2 pr-2">
                      <span className="font-medium break-words">{name}</span>
                      {account.id === myId ? ' (you)' : ''}
                      <span className="block break-all text-slate-700 dark:text-slate-300">{account.email}</span>
                    </td>
                    <td className="py-2 pr-2">{ROLE_NAMES[account.role]}</td>
                    <td className="py-2">
                      <span className="block">
                        {account.disabled
                          ? 'Disabled by the circuit'
                          : account.passwordSet
                            ? 'Can sign in'
                            : 'Has not set a password yet'}
                      </span>
                      {!account.passwordSet && !account.disabled ? (
                        <button
                          type="button"
                          className={`${secondaryButton} mt-1 mr-2`}
                          onClick={() => setRelinking(account)}
                          aria-label={`New password link for ${name}`}
                        >
                          New link
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className={`${secondaryButton} mt-1`}
                        onClick={() => setRemoving(account)}
                        aria-label={`Remove ${name} from ${groupName}`}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
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
      {removing ? (
        <RemoveDialog
          groupId={groupId}
          groupName={groupName}
          account={removing}
          isMe={removing.id === myId}
          onClose={() => setRemoving(null)}
        />
      ) : null}
      {relinking ? (
        <NewLinkDialog
          person={relinking}
          write={() => newGroupAccountLink({ groupId, userId: relinking.id })}
          stale={() => [setupKeys.groupAccounts(groupId)]}
          onMade={links.hand}
          onClose={() => setRelinking(null)}
        />
      ) : null}
    </>
  );
}

/** Taking a person off the group: asked first; a refusal (the last administrator, for one) says why in the dialog. */
function RemoveDialog({
  groupId,
  groupName,
  account,
  isMe,
  onClose,
}: {
  groupId: number;
  groupName: string;
  account: GroupAccount;
  isMe: boolean;
  onClose: () => void;
}) {
  const remove = useWrite({
    write: () => removeGroupAccount({ groupId, userId: account.id }),
    stale: () => [setupKeys.groupAccounts(groupId)],
    onSuccess: onClose,
  });
  const name = userName(account);
  return (
    <Modal title={isMe ? `Leave ${groupName}?` : `Remove ${name}?`} open onClose={onClose}>
      <p className="mt-2 text-sm">
        {isMe
          ? `You will no longer read ${groupName}'s sheets nor manage its people.`
          : `${name} (${account.email}) no longer reads ${groupName}'s sheets nor hears its commentary, from their next click on.`}{' '}
        Their account stays for any other group they belong to.
      </p>
      {remove.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
          Not removed: {problemText(remove.error)}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={primaryButton} disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? 'Removing…' : isMe ? `Leave ${groupName}` : `Remove ${name}`}
        </button>
      </div>
    </Modal>
  );
}
