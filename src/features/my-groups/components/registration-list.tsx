import { REGISTRATION_STATE_WORDS } from '../../../../domain/registration/fees';
import { Notice } from '../../../components/notice';
import { secondaryButton } from '../../../components/signed-in/modal';
import { formatDateTime } from '../../../lib/dates';
import { problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import type { GroupRegistration } from '../api/get-group-registrations';
import { myGroupsKeys } from '../api/keys';
import { withdrawRegistration } from '../api/registration-writes';

const WITHDRAWABLE = new Set(['requested', 'accepted', 'waitlisted']);

/** What each state means for the group, after its name. */
function stateText(registration: GroupRegistration): string {
  switch (registration.state) {
    case 'requested':
      return 'the circuit has not decided yet';
    case 'accepted':
      return registration.paid ? 'in the running order; paid' : 'in the running order; not paid yet';
    case 'waitlisted':
      return 'the group gets the place when one is freed';
    case 'withdrawn':
      return 'withdrawn';
    case 'refused':
      return registration.reason ? `refused: ${registration.reason}` : 'refused';
  }
}

/** The group's registrations, newest first: each state in words, and Withdraw while it is live. */
export function GroupRegistrationList({
  groupId,
  registrations,
  mayWithdraw,
}: {
  groupId: number;
  registrations: readonly GroupRegistration[];
  mayWithdraw: boolean;
}) {
  const write = useWrite({
    write: (registration: GroupRegistration) => withdrawRegistration(groupId, registration.id),
    stale: () => [myGroupsKeys.registrations(groupId)],
  });
  if (registrations.length === 0)
    return <p className="mt-2 text-sm">The group has not registered for a contest yet.</p>;
  return (
    <>
      {write.error ? (
        <Notice tone="error" role="alert">
          {problemText(write.error)}
        </Notice>
      ) : null}
      {write.isSuccess && !write.isPending ? <Notice>Withdrawn from {write.variables.competition.name}.</Notice> : null}
      <ul className="mt-2 space-y-2" aria-label="The group's registrations">
        {registrations.map((registration) => (
          <li
            key={registration.id}
            className="rounded-lg border border-slate-300 px-4 py-3 text-sm dark:border-slate-700"
            data-testid="group-registration"
          >
            <p>
              <span className="font-semibold">{registration.competition.name}</span> · {registration.division.name}
            </p>
            <p>
              <span className="font-medium">{REGISTRATION_STATE_WORDS[registration.state]}</span>:{' '}
              {stateText(registration)}
              {registration.state !== 'refused' && registration.reason ? ` (${registration.reason})` : ''}
            </p>
            <p className="text-slate-700 dark:text-slate-300">Registered {formatDateTime(registration.registeredAt)}</p>
            {mayWithdraw && WITHDRAWABLE.has(registration.state) ? (
              <button
                type="button"
                className={`${secondaryButton} mt-2`}
                disabled={write.isPending}
                onClick={() => {
                  if (
                    window.confirm(`Withdraw from ${registration.competition.name}? The place goes to the next group.`)
                  )
                    write.mutate(registration);
                }}
              >
                Withdraw<span className="sr-only"> from {registration.competition.name}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
