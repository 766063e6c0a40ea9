import { useState } from 'react';
import { feeText } from '../../../../domain/registration/fees';
import { LocalDate } from '../../../components/local-date-time';
import { Notice } from '../../../components/notice';
import { Field } from '../../../components/signed-in/field';
import { primaryButton } from '../../../components/signed-in/modal';
import { formatDateTime } from '../../../lib/dates';
import { problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import type { GroupRegistration, OpenRegistration } from '../api/get-group-registrations';
import { myGroupsKeys } from '../api/keys';
import { registerGroup } from '../api/registration-writes';

const LIVE = new Set(['requested', 'accepted', 'waitlisted']);

/**
 * A contest open for registration: its dates, note and the divisions the group may enter with places and fee; a
 * group's administrator registers in one (a full division waitlists at once: the page says so before sending).
 */
export function OpenContest({
  groupId,
  contest,
  registrations,
  mayRegister,
}: {
  groupId: number;
  contest: OpenRegistration;
  registrations: readonly GroupRegistration[];
  mayRegister: boolean;
}) {
  const [divisionId, setDivisionId] = useState(String(contest.divisions[0]?.divisionId ?? ''));
  const write = useWrite({
    write: (division: number) => registerGroup(groupId, contest.competition.id, division),
    stale: () => [myGroupsKeys.registrations(groupId)],
  });
  const live = registrations.find((r) => r.competition.id === contest.competition.id && LIVE.has(r.state));
  const chosen = contest.divisions.find((d) => String(d.divisionId) === divisionId);
  const full = chosen !== undefined && chosen.accepted >= chosen.capacity;
  const headingId = `open-${contest.competition.id}`;
  return (
    <li className="rounded-lg border border-slate-300 px-4 py-3 dark:border-slate-700" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {contest.competition.name}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <LocalDate iso={contest.competition.date} /> · registration closes {formatDateTime(contest.closesAt)}
      </p>
      {contest.note ? <p className="mt-1 text-sm">{contest.note}</p> : null}
      <ul className="mt-2 text-sm" aria-label={`Divisions of ${contest.competition.name}`}>
        {contest.divisions.map((division) => (
          <li key={division.divisionId}>
            {division.divisionName}: {feeText(division.feeCents)} ·{' '}
            {division.accepted >= division.capacity
              ? `full (${division.capacity} places), ${division.waitlisted} waitlisted`
              : `${division.capacity - division.accepted} of ${division.capacity} places left`}
          </li>
        ))}
      </ul>
      {live ? (
        <p className="mt-2 text-sm font-medium">Registered in {live.division.name}: see its state below.</p>
      ) : mayRegister ? (
        <form
          className="mt-2 flex flex-wrap items-end gap-3"
          aria-label={`Register for ${contest.competition.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) write.mutate(chosen.divisionId);
          }}
        >
          <Field id={`register-division-${contest.competition.id}`} label="Division" error={undefined}>
            {(control) => (
              <select {...control} value={divisionId} onChange={(event) => setDivisionId(event.target.value)}>
                {contest.divisions.map((division) => (
                  <option key={division.divisionId} value={division.divisionId}>
                    {division.divisionName} ({feeText(division.feeCents)})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className={primaryButton} disabled={write.isPending || !chosen}>
            {write.isPending ? 'Registering…' : full ? 'Join the waitlist' : 'Register'}
          </button>
          {full ? (
            <p className="w-full text-sm">This division is full: registering puts the group on its waitlist.</p>
          ) : null}
        </form>
      ) : (
        <p className="mt-2 text-sm">Your group's director registers the group.</p>
      )}
      {write.error ? (
        <Notice tone="error" role="alert">
          {problemText(write.error)}
        </Notice>
      ) : null}
    </li>
  );
}
