/**
 * The circuit's registration form (decision 136) as the page holds it: the dates as `datetime-local` text, each of
 * the organization's divisions offered or not with its capacity and fee as typed; the request the API takes, or the
 * fields the page refuses before sending (named as the API names them).
 */
import { feeCentsOf } from '../../../../domain/registration/fees';
import type { Division } from '../api/get-divisions';
import type { Registration, RegistrationWindow } from '../api/get-registration';
import type { RegistrationWindowRequest } from '../api/registration-writes';
import { localInputValue } from './running-order-model';

export interface OfferedRow {
  divisionId: number;
  divisionName: string;
  offered: boolean;
  capacity: string;
  fee: string;
}

export interface RegistrationForm {
  opensAt: string;
  closesAt: string;
  note: string;
  divisions: OfferedRow[];
}

const DAY = 24 * 3600 * 1000;

/** The saved registration, or a first one: open from now for two weeks, closing before the contest. */
export function formFromWindow(
  window: RegistrationWindow | null,
  divisions: readonly Division[],
  contestDate: string,
  now: Date,
): RegistrationForm {
  const offered = new Map((window?.divisions ?? []).map((d) => [d.divisionId, d] as const));
  const closes = Math.min(now.getTime() + 14 * DAY, new Date(contestDate).getTime() - DAY);
  return {
    opensAt: localInputValue(window?.opensAt ?? now.toISOString()),
    closesAt: localInputValue(window?.closesAt ?? new Date(Math.max(closes, now.getTime() + DAY)).toISOString()),
    note: window?.note ?? '',
    divisions: divisions.map((division) => {
      const saved = offered.get(division.id);
      return {
        divisionId: division.id,
        divisionName: division.name,
        offered: saved !== undefined,
        capacity: String(saved?.capacity ?? 10),
        fee: saved ? (saved.feeCents / 100).toFixed(2) : '0.00',
      };
    }),
  };
}

/** The request, or each field the page refuses (`divisions.N.capacity` by the index among the offered). */
export function requestOf(
  form: RegistrationForm,
): { ok: true; request: RegistrationWindowRequest } | { ok: false; problems: Map<string, string> } {
  const problems = new Map<string, string>();
  const opens = Date.parse(form.opensAt);
  const closes = Date.parse(form.closesAt);
  if (Number.isNaN(opens)) problems.set('opensAt', 'Give the date and time registration opens.');
  if (Number.isNaN(closes)) problems.set('closesAt', 'Give the date and time registration closes.');
  else if (!Number.isNaN(opens) && closes <= opens) problems.set('closesAt', 'Registration must close after it opens.');
  const offered = form.divisions.filter((row) => row.offered);
  if (offered.length === 0) problems.set('divisions', 'Offer at least one division.');
  const divisions = offered.map((row, index) => {
    const capacity = /^\d{1,4}$/.test(row.capacity.trim()) ? Number(row.capacity.trim()) : NaN;
    if (!(capacity >= 1 && capacity <= 1000)) problems.set(`divisions.${index}.capacity`, 'From 1 to 1000 groups.');
    const feeCents = feeCentsOf(row.fee);
    if (feeCents === undefined) problems.set(`divisions.${index}.feeCents`, 'A fee in dollars, such as 150 or 150.00.');
    return { divisionId: row.divisionId, capacity, feeCents: feeCents ?? 0 };
  });
  if (problems.size > 0) return { ok: false, problems };
  return {
    ok: true,
    request: {
      opensAt: new Date(opens).toISOString(),
      closesAt: new Date(closes).toISOString(),
      ...(form.note.trim() ? { note: form.note.trim() } : {}),
      divisions,
    },
  };
}

/** The field a problem names for a row of the form (the API counts the offered divisions only). */
export function offeredIndex(form: RegistrationForm, divisionId: number): number {
  return form.divisions.filter((row) => row.offered).findIndex((row) => row.divisionId === divisionId);
}

/** Each offered division's registrations, in the order they came (the waitlist's order). */
export function byDivision(
  window: RegistrationWindow,
  registrations: readonly Registration[],
): { division: RegistrationWindow['divisions'][number]; registrations: Registration[] }[] {
  const offered = window.divisions.map((division) => ({ division, registrations: [] as Registration[] }));
  const rows = new Map(offered.map((row) => [row.division.divisionId, row] as const));
  for (const registration of registrations) {
    let row = rows.get(registration.division.id);
    if (!row) {
      // registered into a division the circuit no longer offers: still shown, to be decided
      row = {
        division: {
          divisionId: registration.division.id,
          divisionName: registration.division.name,
          capacity: 0,
          feeCents: 0,
          accepted: 0,
          waitlisted: 0,
        },
        registrations: [],
      };
      rows.set(registration.division.id, row);
      offered.push(row);
    }
    row.registrations.push(registration);
  }
  return offered;
}
