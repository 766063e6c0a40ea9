import { useState, type FormEvent } from 'react';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { fieldErrors } from '../../../lib/signed-in/problems';
import { DialogActions, FieldError, inputClass, Modal, RefusalNotice } from '../../../components/signed-in/modal';
import { signedInKeys } from '../../../lib/signed-in/keys';
import { useWrite } from '../../../lib/signed-in/use-write';
import { useChecks } from '../../../lib/signed-in/use-checks';
import { seatJudge, type SeatJudge } from '../api/panel-writes';
import { userName } from '../utils/user-name';
import type { User } from '../api/get-users';

export interface SeatTarget {
  round: number;
  divisionId: number;
  captionKey: string;
  captionName: string;
  section: string;
  judge: { firstName: string; lastName: string; userId: number | null } | null;
}

/**
 * Seat a judge on one caption: a judge user of the organization (who then enters it on their tablet), or a printed
 * name only (paper judging). The API's refusal shows at the field it names; what was typed stays.
 */
export function PanelSeatDialog({
  competitionId,
  target,
  judges,
  onClose,
}: {
  competitionId: number;
  target: SeatTarget;
  /** the organization's judge users; null when this role cannot list users (seat by name only) */
  judges: User[] | null;
  onClose: () => void;
}) {
  const [userId, setUserId] = useState(target.judge?.userId ? String(target.judge.userId) : '');
  const [firstName, setFirstName] = useState(target.judge?.firstName ?? '');
  const [lastName, setLastName] = useState(target.judge?.lastName ?? '');
  useUnsaved(
    userId !== (target.judge?.userId ? String(target.judge.userId) : '') ||
      firstName !== (target.judge?.firstName ?? '') ||
      lastName !== (target.judge?.lastName ?? '')
      ? `the judge seated on ${target.captionName}`
      : null,
  );
  const seat = useWrite({
    write: (body: SeatJudge) => seatJudge(competitionId, body),
    stale: () => [signedInKeys.competition(competitionId)],
    onSuccess: onClose,
  });
  const { error, isPending: sending } = seat;
  const errors = fieldErrors(error);
  const chosen = judges?.find((judge) => String(judge.id) === userId) ?? null;
  // A role that cannot list users (a tabulator) renames a user's seat without dropping the user from it.
  const keptUserId = judges === null ? (target.judge?.userId ?? null) : null;
  const checks = useChecks(() => ({
    ...(!chosen && !keptUserId && firstName.trim() === ''
      ? { firstName: 'Give the judge’s first name, or pick a judge user.' }
      : {}),
    ...(!chosen && !keptUserId && lastName.trim() === ''
      ? { lastName: 'Give the judge’s last name, or pick a judge user.' }
      : {}),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checks.passes()) return;
    seat.mutate({
      round: target.round,
      divisionId: target.divisionId,
      captionKey: target.captionKey,
      ...(chosen ? { userId: chosen.id } : keptUserId ? { userId: keptUserId } : {}),
      // A user's own names are printed unless other names are given.
      ...(firstName.trim() && lastName.trim() ? { firstName: firstName.trim(), lastName: lastName.trim() } : {}),
    });
  };

  const userError = errors.get('userId');
  const firstError = checks.errors.get('firstName') ?? errors.get('firstName');
  const lastError = checks.errors.get('lastName') ?? errors.get('lastName');
  const named = ['userId', 'firstName', 'lastName'];
  const general = [...errors].filter(([name]) => !named.includes(name));
  return (
    <Modal title={`Seat ${target.captionName}`} open onClose={onClose}>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{target.section}</p>
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        {judges ? (
          <div>
            <label htmlFor="seat-user" className="block text-sm font-medium">
              Judge user
            </label>
            <select
              id="seat-user"
              value={userId}
              onChange={(event) => {
                setUserId(event.target.value);
                const user = judges.find((judge) => String(judge.id) === event.target.value);
                // The printed name follows the user picked; it can still be changed below.
                setFirstName(user?.firstName ?? '');
                setLastName(user?.lastName ?? '');
              }}
              aria-invalid={userError ? true : undefined}
              aria-describedby={userError ? 'seat-user-error' : undefined}
              className={inputClass}
            >
              <option value="">None: a name only (paper judging)</option>
              {judges.map((judge) => (
                <option key={judge.id} value={judge.id}>
                  {userName(judge)} ({judge.email})
                </option>
              ))}
            </select>
            <FieldError id="seat-user-error" message={userError} />
          </div>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {keptUserId
              ? 'Seated as a judge user: the seat keeps that user, with the names you give here. Only an administrator can pick another judge user.'
              : 'Only an administrator can pick judge users: seat a name here, or ask an administrator to seat the judge’s account.'}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="seat-first" className="block text-sm font-medium">
              First name{chosen ? ' (as printed)' : ''}
            </label>
            <input
              id="seat-first"
              value={firstName}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setFirstName(event.target.value)}
              aria-invalid={firstError ? true : undefined}
              aria-describedby={firstError ? 'seat-first-error' : undefined}
              className={inputClass}
            />
            <FieldError id="seat-first-error" message={firstError} />
          </div>
          <div>
            <label htmlFor="seat-last" className="block text-sm font-medium">
              Last name{chosen ? ' (as printed)' : ''}
            </label>
            <input
              id="seat-last"
              value={lastName}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setLastName(event.target.value)}
              aria-invalid={lastError ? true : undefined}
              aria-describedby={lastError ? 'seat-last-error' : undefined}
              className={inputClass}
            />
            <FieldError id="seat-last-error" message={lastError} />
          </div>
        </div>
        <RefusalNotice error={error} general={general} fieldsNamed={errors.size - general.length} />
        <DialogActions onClose={onClose} sending={sending} />
      </form>
    </Modal>
  );
}
