import { useState } from 'react';
import { Link } from 'react-router';
import { feeText, REGISTRATION_STATE_WORDS } from '../../../../domain/registration/fees';
import { Notice } from '../../../components/notice';
import { inputClass, secondaryButton } from '../../../components/signed-in/modal';
import { managePaths } from '../../../config/manage-paths';
import { formatDateTime } from '../../../lib/dates';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import type { Registration, RegistrationWindow } from '../api/get-registration';
import { setupKeys } from '../api/keys';
import { decideRegistration, markRegistrationPaid } from '../api/registration-writes';
import { byDivision } from '../utils/registration-model';

const linkClass = 'text-blue-900 underline dark:text-sky-300';

type Act =
  | { kind: 'decide'; registration: Registration; state: 'accepted' | 'waitlisted' | 'refused'; reason?: string }
  | { kind: 'paid'; registration: Registration; paid: boolean };

/**
 * The requests per division, in the order they came: each group's state, reason and whether it paid, and the
 * circuit's decisions (accept, waitlist, refuse with a reason; mark paid). An accepted one is the group's performance,
 * placed at the end of the running order.
 */
export function RegistrationRequests({
  guid,
  competitionId,
  window,
  registrations,
}: {
  guid: string;
  competitionId: number;
  window: RegistrationWindow;
  registrations: readonly Registration[];
}) {
  const [refusing, setRefusing] = useState<number>();
  const [reason, setReason] = useState('');
  const write = useWrite({
    write: (act: Act) =>
      act.kind === 'paid'
        ? markRegistrationPaid(act.registration.id, act.paid)
        : decideRegistration(act.registration.id, {
            state: act.state,
            ...(act.reason ? { reason: act.reason } : {}),
          }),
    // accepting or leaving accepted adds or removes a performance: the running order and schedule read it
    stale: () => [setupKeys.registration(competitionId), setupKeys.schedule(competitionId)],
    onAccepted: (_answer, act) => {
      if (act.kind === 'decide' && act.state === 'refused') {
        setRefusing(undefined);
        setReason('');
      }
    },
  });
  const sections = byDivision(window, registrations);
  const done = write.isSuccess && !write.isPending ? write.variables : undefined;
  const reasonError = fieldErrors(write.error).get('reason');

  return (
    <section aria-labelledby="registration-requests" className="mt-8">
      <h2 id="registration-requests" className="text-xl font-semibold">
        Requests
      </h2>
      {write.error && !reasonError ? (
        <Notice tone="error" role="alert">
          {problemText(write.error)}
        </Notice>
      ) : null}
      {done ? <Notice>{doneText(done)}</Notice> : null}
      {sections.map(({ division, registrations: rows }) => (
        <section key={division.divisionId} aria-label={division.divisionName} className="mt-4">
          <h3 className="text-lg font-semibold">
            {division.divisionName}{' '}
            <span className="text-sm font-normal text-slate-700 dark:text-slate-300">
              {division.accepted} of {division.capacity} places taken · {division.waitlisted} waitlisted ·{' '}
              {feeText(division.feeCents)}
            </span>
          </h3>
          {rows.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">No group has registered yet.</p>
          ) : (
            <ol className="mt-1 divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-600 dark:border-slate-600">
              {rows.map((registration) => {
                const live = ['requested', 'accepted', 'waitlisted'].includes(registration.state);
                const busy = write.isPending && write.variables?.registration.id === registration.id;
                return (
                  <li key={registration.id} className="space-y-2 px-3 py-2 text-sm" data-testid="registration-row">
                    <p>
                      <span className="font-medium">{registration.group.name}</span> ·{' '}
                      <span className="font-medium">{REGISTRATION_STATE_WORDS[registration.state]}</span>
                      {registration.reason ? <span>: {registration.reason}</span> : null} ·{' '}
                      {registration.paid ? 'Paid' : 'Not paid'} ·{' '}
                      <span className="text-slate-700 dark:text-slate-300">
                        registered {formatDateTime(registration.registeredAt)}
                      </span>
                      {registration.performanceId !== null ? (
                        <>
                          {' '}
                          ·{' '}
                          <Link to={managePaths.entries.href(guid, registration.division.id)} className={linkClass}>
                            In the running order<span className="sr-only"> for {registration.group.name}</span>
                          </Link>
                        </>
                      ) : null}
                    </p>
                    {live ? (
                      <div className="flex flex-wrap gap-2">
                        {registration.state !== 'accepted' ? (
                          <button
                            type="button"
                            className={secondaryButton}
                            disabled={busy}
                            onClick={() => write.mutate({ kind: 'decide', registration, state: 'accepted' })}
                          >
                            Accept<span className="sr-only"> {registration.group.name}</span>
                          </button>
                        ) : null}
                        {registration.state !== 'waitlisted' ? (
                          <button
                            type="button"
                            className={secondaryButton}
                            disabled={busy}
                            onClick={() => write.mutate({ kind: 'decide', registration, state: 'waitlisted' })}
                          >
                            Waitlist<span className="sr-only"> {registration.group.name}</span>
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className={secondaryButton}
                          disabled={busy}
                          aria-expanded={refusing === registration.id}
                          onClick={() => {
                            setRefusing(refusing === registration.id ? undefined : registration.id);
                            write.reset();
                          }}
                        >
                          Refuse<span className="sr-only"> {registration.group.name}</span>
                        </button>
                        <button
                          type="button"
                          className={secondaryButton}
                          disabled={busy}
                          onClick={() => write.mutate({ kind: 'paid', registration, paid: !registration.paid })}
                        >
                          {registration.paid ? 'Mark not paid' : 'Mark paid'}
                          <span className="sr-only"> {registration.group.name}</span>
                        </button>
                      </div>
                    ) : null}
                    {refusing === registration.id ? (
                      <form
                        className="flex flex-wrap items-end gap-2"
                        aria-label={`Refuse ${registration.group.name}`}
                        onSubmit={(event) => {
                          event.preventDefault();
                          write.mutate({ kind: 'decide', registration, state: 'refused', reason: reason.trim() });
                        }}
                      >
                        <div className="min-w-60 flex-1">
                          <label htmlFor={`refuse-reason-${registration.id}`} className="block text-sm font-medium">
                            Why it is refused
                          </label>
                          <input
                            id={`refuse-reason-${registration.id}`}
                            className={inputClass}
                            value={reason}
                            aria-invalid={reasonError ? true : undefined}
                            aria-describedby={reasonError ? `refuse-reason-${registration.id}-error` : undefined}
                            onChange={(event) => setReason(event.target.value)}
                          />
                          {reasonError ? (
                            <p
                              id={`refuse-reason-${registration.id}-error`}
                              className="mt-1 text-sm text-red-800 dark:text-red-300"
                            >
                              {reasonError}
                            </p>
                          ) : null}
                        </div>
                        <button type="submit" className={secondaryButton} disabled={busy}>
                          Refuse with this reason
                        </button>
                      </form>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      ))}
    </section>
  );
}

function doneText(act: Act): string {
  const name = act.registration.group.name;
  if (act.kind === 'paid') return act.paid ? `${name} is marked paid.` : `${name} is marked not paid.`;
  if (act.state === 'accepted') return `${name} is accepted: its performance is at the end of the running order.`;
  if (act.state === 'waitlisted') return `${name} is waitlisted.`;
  return `${name} is refused; the group sees the reason.`;
}
