/**
 * The critique form (decision 137) as the page holds it: what was typed, the request it sends, the plan's problems
 * the page can tell at once (the domain's own rules, the API's same ones), and the schedule read by station.
 */
import { critiqueProblems, type CritiqueMode } from '../../../../domain/critique/slots';
import { localInputValue } from '../../../lib/dates';
import type { Critique } from '../api/get-critiques';

export interface CritiqueForm {
  /** one station a line, in the order groups visit them */
  stations: string;
  slotMinutes: string;
  /** `datetime-local` values, the browser's zone */
  from: string;
  to: string;
  mode: CritiqueMode;
}

/** WGI regionals' four stations of three minutes (the issue's example), starting at the competition's time. */
export function newForm(startsAt: string): CritiqueForm {
  const from = localInputValue(startsAt);
  return {
    stations: 'Ensemble\nEffect\nMovement\nEquipment',
    slotMinutes: '3',
    from,
    to: localInputValue(new Date(Date.parse(startsAt) + 90 * 60_000).toISOString()),
    mode: 'pick',
  };
}

export function formOf(critique: Critique): CritiqueForm {
  return {
    stations: critique.stations.join('\n'),
    slotMinutes: String(critique.slotMinutes),
    from: localInputValue(critique.from),
    to: localInputValue(critique.to),
    mode: critique.mode,
  };
}

export const stationsOf = (form: CritiqueForm) =>
  form.stations
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const instant = (local: string) => (local === '' ? Number.NaN : new Date(local).getTime());

/** The plan as the API takes it, or the fields the page already knows are wrong (named as the API names them). */
export function requestOf(
  form: CritiqueForm,
):
  | { ok: true; plan: { stations: string[]; slotMinutes: number; from: string; to: string; mode: CritiqueMode } }
  | { ok: false; problems: Map<string, string> } {
  const stations = stationsOf(form);
  const plan = {
    stations,
    slotMinutes: form.slotMinutes.trim() === '' ? Number.NaN : Number(form.slotMinutes),
    from: instant(form.from),
    to: instant(form.to),
    mode: form.mode,
  };
  const problems = critiqueProblems(plan);
  if (problems.length > 0)
    return { ok: false, problems: new Map(problems.map((problem) => [problem.field, problem.message])) };
  return {
    ok: true,
    plan: {
      ...plan,
      from: new Date(plan.from).toISOString(),
      to: new Date(plan.to).toISOString(),
    },
  };
}

/** A station's problem: the list's own, or one of its lines' (`stations.N`), said with the line's number. */
export function stationsProblem(problems: ReadonlyMap<string, string>): string | undefined {
  const whole = problems.get('stations');
  if (whole) return whole;
  for (const [field, message] of problems) {
    const line = /^stations\.(\d+)$/.exec(field);
    if (line) return `Line ${Number(line[1]) + 1}: ${message}`;
  }
  return undefined;
}

export interface StationLine {
  slot: number;
  startsAt: string;
  endsAt: string;
  group: { id: number; name: string } | null;
}

/** The schedule by station (one printed page each): every slot's visit to it, with the group in the slot. */
export function byStation(critique: Critique): { station: string; lines: StationLine[] }[] {
  return critique.stations.map((station, index) => ({
    station,
    lines: critique.slots.map((slot) => ({
      slot: slot.number,
      startsAt: slot.visits[index].startsAt,
      endsAt: slot.visits[index].endsAt,
      group: slot.group,
    })),
  }));
}
