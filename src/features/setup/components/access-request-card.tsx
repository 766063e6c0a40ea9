import { useState, type FormEvent } from 'react';
import { LocalDateTime } from '../../../components/local-date-time';
import { Modal, primaryButton, secondaryButton, inputClass, FieldError } from '../../../components/signed-in/modal';
import { ROLE_NAMES } from '../../../lib/signed-in/get-me';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import { setupKeys } from '../api/keys';
import type { HandedLink } from './users-password-link';
import { userName } from '../utils/user-name';
import type { AccessRequest } from '../api/get-access-requests';
import { decideAccessRequest } from '../api/access-request-writes';

/** What an approval answered: a new account's one-time link, or an account that had one (the group added to it). */
export type Approved = { kind: 'link'; handed: HandedLink } | { kind: 'existing'; name: string; group: string };

const REASON_MAX = 500;

/**
 * One "find my group" request: who asks, for which group and role, their message and when; waiting ones have
 * Approve (the account is made with its link, or the group added to the account the email has) and Refuse (asked
 * first, with a reason kept with the request); decided ones say how, when, by whom and why.
 */
export function AccessRequestCard({
  request,
  onApproved,
}: {
  request: AccessRequest;
  onApproved?: (approved: Approved) => void;
}) {
  const [refusing, setRefusing] = useState(false);
  const approve = useWrite({
    write: () => decideAccessRequest({ requestId: request.id, decision: 'approve' }),
    stale: () => [setupKeys.accessRequests(), setupKeys.users()],
    onAccepted: ({ body }) => {
      if (!body.user) return;
      onApproved?.(
        body.passwordLink
          ? { kind: 'link', handed: { user: body.user, passwordLink: body.passwordLink, kind: 'added' } }
          : { kind: 'existing', name: userName(body.user), group: request.group.name },
      );
    },
  });
  const name = userName(request);
  const headingId = `access-request-${request.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700">
      <h3 id={headingId} className="font-semibold break-words">
        {name} asks to be {request.group.name}'s {ROLE_NAMES[request.role].toLowerCase()}
      </h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="text-slate-700 dark:text-slate-300">Email</dt>
        <dd className="break-all">{request.email}</dd>
        <dt className="text-slate-700 dark:text-slate-300">Group</dt>
        <dd>{request.group.name}</dd>
        <dt className="text-slate-700 dark:text-slate-300">Role asked</dt>
        <dd>{ROLE_NAMES[request.role]}</dd>
        <dt className="text-slate-700 dark:text-slate-300">Sent</dt>
        <dd>
          <LocalDateTime iso={request.createdAt} />
        </dd>
        {request.state !== 'pending' ? (
          <>
            <dt className="text-slate-700 dark:text-slate-300">
              {request.state === 'approved' ? 'Approved' : 'Refused'}
            </dt>
            <dd>
              {request.decidedAt ? <LocalDateTime iso={request.decidedAt} /> : null}
              {request.decidedBy ? ` by ${request.decidedBy.email}` : ''}
              {request.reason ? `: ${request.reason}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {request.message ? (
        <blockquote className="mt-2 border-l-4 border-slate-300 pl-2 text-sm break-words whitespace-pre-line dark:border-slate-600">
          {request.message}
        </blockquote>
      ) : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">No message.</p>
      )}
      {request.state === 'pending' ? (
        <>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={primaryButton}
              disabled={approve.isPending}
              onClick={() => approve.mutate()}
              aria-label={`Approve ${name} for ${request.group.name}`}
            >
              {approve.isPending ? 'Approving…' : 'Approve'}
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setRefusing(true)}
              aria-label={`Refuse ${name} for ${request.group.name}`}
            >
              Refuse…
            </button>
          </div>
          {approve.error ? (
            <p role="alert" className="mt-1 text-sm text-red-800 dark:text-red-300">
              Not approved: {problemText(approve.error)}
            </p>
          ) : null}
        </>
      ) : null}
      {refusing ? <RefuseDialog request={request} onClose={() => setRefusing(false)} /> : null}
    </article>
  );
}

/** Refusing is asked first, with the reason (kept with the request and in the audit trail). */
function RefuseDialog({ request, onClose }: { request: AccessRequest; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const refuse = useWrite({
    write: () =>
      decideAccessRequest({
        requestId: request.id,
        decision: 'refuse',
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }),
    stale: () => [setupKeys.accessRequests()],
    onSuccess: onClose,
  });
  const name = userName(request);
  const reasonError = fieldErrors(refuse.error).get('reason');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refuse.mutate();
  };
  return (
    <Modal title={`Refuse ${name}'s request?`} open onClose={onClose}>
      <form onSubmit={submit} className="mt-2 space-y-3">
        <p className="text-sm">
          {name} ({request.email}) gets no account for {request.group.name}. The reason is kept with the request.
        </p>
        <div>
          <label htmlFor={`refuse-reason-${request.id}`} className="block text-sm font-medium">
            Reason (optional)
          </label>
          <textarea
            id={`refuse-reason-${request.id}`}
            value={reason}
            maxLength={REASON_MAX}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `refuse-reason-${request.id}-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`refuse-reason-${request.id}-error`} message={reasonError} />
        </div>
        {refuse.error && !reasonError ? (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            Not refused: {problemText(refuse.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={refuse.isPending}>
            {refuse.isPending ? 'Refusing…' : 'Refuse the request'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
