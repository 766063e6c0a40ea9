import { useRef } from 'react';
import { LocalDateTime } from '../../../components/local-date-time';
import { primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { userName } from '../utils/user-name';
import type { User } from '../api/get-users';
import type { CopyOutcome, HandedLinks, HeldLink } from './use-handed-links';

/** A one-time link the API answered, for one user: made with the user, or a new one in place of a lost one. */
export interface HandedLink {
  user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName'>;
  passwordLink: { url: string; expiresAt: string };
  kind: 'added' | 'new';
}

/**
 * A user's one-time password link, to hand over (no email is sent), beside the user in the list. The API shows it
 * once: it lives only in the page's state, until the administrator closes it or leaves the page, so several users
 * added in a row each keep theirs on screen. Whether it was copied is the page's too (useHandedLinks says why).
 */
export function UsersPasswordLink({ held, links }: { held: HeldLink; links: HandedLinks }) {
  const { handed, copied } = held;
  const { user, passwordLink, kind } = handed;
  const onCopied = (outcome: CopyOutcome) => links.copied(user.id, outcome);
  const input = useRef<HTMLInputElement>(null);
  const name = userName(user);
  const id = `password-link-${user.id}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(passwordLink.url);
      onCopied('yes');
    } catch {
      // No clipboard (an insecure origin, or refused): the link is selected to copy by hand.
      input.current?.select();
      onCopied('no');
    }
  };
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-md border border-emerald-700/50 bg-emerald-50 p-3 text-emerald-950 dark:border-emerald-300/40 dark:bg-emerald-950 dark:text-emerald-50"
    >
      <h3 id={`${id}-heading`} className="font-semibold">
        {kind === 'added' ? `${name} is added: hand over their password link` : `A new password link for ${name}`}
      </h3>
      <p className="mt-1 text-sm">
        With this link {name} sets their own password, then signs in with their email. It works once and for 24 hours
        (until <LocalDateTime iso={passwordLink.expiresAt} />)
        {kind === 'new' ? '; the link made before no longer works' : ''}. It is shown only now: copy it before you close
        this.
      </p>
      <label htmlFor={id} className="mt-2 block text-sm font-medium">
        One-time password link for {name}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          ref={input}
          readOnly
          value={passwordLink.url}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 basis-64 rounded border border-slate-400 bg-white px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        />
        <button type="button" className={primaryButton} onClick={() => void copy()}>
          Copy link
        </button>
        <button type="button" className={secondaryButton} onClick={() => links.dismiss(user.id)}>
          Done
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Could not copy: the link is selected, press Ctrl+C.' : ''}
      </p>
    </section>
  );
}
