import { useRef, useState } from 'react';
import { LocalDateTime } from '../../../components/local-date-time';
import { primaryButton, secondaryButton } from '../../manage/components/modal';
import { userName } from '../api/users-api';
import type { CreatedUser } from './users-add-form';

/**
 * The new user's one-time password link, to hand over (no email is sent). The API shows it once: it lives only in
 * this component's state, gone when the administrator closes it or leaves the page.
 */
export function UsersPasswordLink({ user, onDone }: { user: CreatedUser; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(user.passwordLink.url);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, or refused): the link is selected to copy by hand.
      input.current?.select();
      setCopied('no');
    }
  };
  return (
    <section
      aria-labelledby="password-link-heading"
      className="my-4 rounded-md border border-emerald-700/50 bg-emerald-50 p-3 text-emerald-950 dark:border-emerald-300/40 dark:bg-emerald-950 dark:text-emerald-50"
    >
      <h2 id="password-link-heading" className="font-semibold">
        {userName(user)} is added: hand over their password link
      </h2>
      <p className="mt-1 text-sm">
        With this link {userName(user)} sets their own password, then signs in with {user.email}. It works once and for
        24 hours (until <LocalDateTime iso={user.passwordLink.expiresAt} />
        ). It is shown only now: copy it before you close this.
      </p>
      <label htmlFor="password-link" className="mt-2 block text-sm font-medium">
        One-time password link
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="password-link"
          ref={input}
          readOnly
          value={user.passwordLink.url}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded border border-slate-400 bg-white px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        />
        <button type="button" className={primaryButton} onClick={() => void copy()}>
          Copy link
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Could not copy: the link is selected, press Ctrl+C.' : ''}
      </p>
    </section>
  );
}
