import type { QueryKey } from '@tanstack/react-query';
import { problemText } from '../../../lib/signed-in/problems';
import { Modal, primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { useWrite } from '../../../lib/signed-in/use-write';
import { userName } from '../utils/user-name';
import type { HandedLink } from './users-password-link';

type Person = HandedLink['user'] & { passwordSet: boolean };

/**
 * A new one-time link replaces the one the person has, which stops working: asked before it is made (the circuit's
 * users page for any user, a group's people page for an account that lost its link). The link is handed to the page.
 */
export function NewLinkDialog({
  person,
  write,
  stale,
  onMade,
  onClose,
}: {
  person: Person;
  write: () => Promise<{ body: HandedLink['user'] & { passwordLink: HandedLink['passwordLink'] } }>;
  stale: () => readonly QueryKey[];
  onMade: (handed: HandedLink) => void;
  onClose: () => void;
}) {
  const make = useWrite({
    write,
    stale,
    onAccepted: ({ body }) => {
      const { passwordLink, ...made } = body;
      onMade({ user: made, passwordLink, kind: 'new' });
      onClose();
    },
  });
  const name = userName(person);
  return (
    <Modal title={`A new password link for ${name}?`} open onClose={onClose}>
      <p className="mt-2 text-sm">
        The link made before stops working. With the new one {name} sets a password
        {person.passwordSet ? '; the password they have works until then' : ''}. It works once and for 24 hours.
      </p>
      {make.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
          No new link: {problemText(make.error)}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={primaryButton} disabled={make.isPending} onClick={() => make.mutate()}>
          {make.isPending ? 'Making…' : 'Make a new link'}
        </button>
      </div>
    </Modal>
  );
}
