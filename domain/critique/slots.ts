/**
 * Critique's arithmetic (issue 39, item 4; docs/decisions/137-critique-sign-up.md): from what the circuit opens for a
 * division and round (the stations, a slot's length, the window, pick or performance order), the slots; which group
 * is in which; whether a group's pick is allowed. Pure: the API, the pages and the tests compute the same. Times are
 * epoch milliseconds, so no time zone enters: a message speaks in minutes, never in clock times.
 *
 * WGI style: every group visits every station in turn, one station a slot's length. Slot n (1 is the first) starts
 * at the window's start plus (n - 1) lengths and is at station s (1 is the first) from its start plus (s - 1)
 * lengths: groups follow one another round the stations, so no station ever has two groups at once, and the last
 * slot is the last whose final station ends by the window's end.
 */

export const CRITIQUE_MODES = ['pick', 'performance-order'] as const;
export type CritiqueMode = (typeof CRITIQUE_MODES)[number];

export const MAX_SLOT_MINUTES = 60;
export const MAX_STATIONS = 12;
export const MAX_STATION_NAME = 60;
/** A window longer than this is a mistake (a day's date typed wrong), not a critique. */
export const MAX_WINDOW_MINUTES = 24 * 60;

const MINUTE = 60_000;

export interface CritiquePlan {
  /** the panels, in the order a group visits them (e.g. the judges' captions) */
  stations: readonly string[];
  slotMinutes: number;
  /** when critique runs: its first slot starts at `from`; sign-up closes then */
  from: number;
  to: number;
  mode: CritiqueMode;
}

export interface CritiqueProblem {
  field: string;
  message: string;
}

export interface StationVisit {
  station: string;
  startsAt: number;
  endsAt: number;
}

export interface CritiqueSlot {
  /** 1 is the first */
  number: number;
  /** at its first station */
  startsAt: number;
  /** at its last station */
  endsAt: number;
  visits: StationVisit[];
}

/** Every rule of a plan broken, each naming its field (the API's 422s). */
export function critiqueProblems(plan: CritiquePlan): CritiqueProblem[] {
  const problems: CritiqueProblem[] = [];
  if (plan.stations.length === 0) problems.push({ field: 'stations', message: 'name at least one station' });
  if (plan.stations.length > MAX_STATIONS)
    problems.push({ field: 'stations', message: `at most ${MAX_STATIONS} stations` });
  const seen = new Set<string>();
  plan.stations.forEach((name, index) => {
    const key = name.trim().toLowerCase();
    if (key === '') problems.push({ field: `stations.${index}`, message: 'a station needs a name' });
    else if (name.trim().length > MAX_STATION_NAME)
      problems.push({
        field: `stations.${index}`,
        message: `a station's name is at most ${MAX_STATION_NAME} characters`,
      });
    else if (seen.has(key)) problems.push({ field: `stations.${index}`, message: `"${name.trim()}" is named twice` });
    seen.add(key);
  });
  if (!Number.isInteger(plan.slotMinutes) || plan.slotMinutes < 1 || plan.slotMinutes > MAX_SLOT_MINUTES)
    problems.push({
      field: 'slotMinutes',
      message: `a slot is a whole number of minutes from 1 to ${MAX_SLOT_MINUTES}`,
    });
  if (!Number.isFinite(plan.from)) problems.push({ field: 'from', message: 'give when critique starts' });
  if (!Number.isFinite(plan.to)) problems.push({ field: 'to', message: 'give when critique ends' });
  if (problems.length > 0) return problems;
  if (plan.to <= plan.from) return [{ field: 'to', message: 'the window must end after it starts' }];
  if (plan.to - plan.from > MAX_WINDOW_MINUTES * MINUTE)
    return [{ field: 'to', message: `the window is at most ${MAX_WINDOW_MINUTES / 60} hours` }];
  const round = plan.stations.length * plan.slotMinutes;
  if (plan.to - plan.from < round * MINUTE)
    return [
      {
        field: 'to',
        message: `the window is too short for one group to visit every station: ${plan.stations.length} of ${plan.slotMinutes} minutes need ${round} minutes`,
      },
    ];
  return [];
}

/** The slots of a plan without problems (critiqueProblems), first to last. */
export function critiqueSlots(plan: CritiquePlan): CritiqueSlot[] {
  const length = plan.slotMinutes * MINUTE;
  const count = Math.floor((plan.to - plan.from) / length) - plan.stations.length + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => {
    const startsAt = plan.from + index * length;
    const visits = plan.stations.map((station, s) => ({
      station,
      startsAt: startsAt + s * length,
      endsAt: startsAt + (s + 1) * length,
    }));
    return { number: index + 1, startsAt, endsAt: visits[visits.length - 1].endsAt, visits };
  });
}

export interface PlacedGroup {
  groupId: number;
  /** null: more groups than slots (the window is too short for them all) */
  slot: number | null;
}

/** Performance order: the groups, in running order, take the slots in turn; those past the last slot have none. */
export function placeInPerformanceOrder(plan: CritiquePlan, groupIdsInOrder: readonly number[]): PlacedGroup[] {
  const count = critiqueSlots(plan).length;
  return groupIdsInOrder.map((groupId, index) => ({ groupId, slot: index < count ? index + 1 : null }));
}

export type PickRefusal =
  | { kind: 'placed'; message: string }
  | { kind: 'closed'; message: string }
  | { kind: 'no-such-slot'; message: string }
  | { kind: 'taken'; message: string };

/**
 * Whether a group may take a slot now: first come (a slot another group holds is taken), one per group (taking
 * another gives up its own, so the group's own slot is never "taken"), changeable until the window opens, and never
 * in performance order (the groups are placed).
 */
export function pickRefusal(
  plan: CritiquePlan,
  now: number,
  slot: number,
  groupId: number,
  holders: ReadonlyMap<number, number>,
): PickRefusal | null {
  if (plan.mode === 'performance-order')
    return { kind: 'placed', message: 'groups are placed in performance order here: a slot cannot be picked' };
  if (now >= plan.from) return { kind: 'closed', message: 'critique sign-up has closed: the window has opened' };
  const count = critiqueSlots(plan).length;
  if (!Number.isInteger(slot) || slot < 1 || slot > count)
    return { kind: 'no-such-slot', message: `there is no slot ${slot}: the slots are 1 to ${count}` };
  const holder = holders.get(slot);
  if (holder !== undefined && holder !== groupId)
    return { kind: 'taken', message: `slot ${slot} is taken by another group: pick another` };
  return null;
}

export interface StationLine {
  slot: number;
  startsAt: number;
  endsAt: number;
  /** null: nobody in that slot */
  groupId: number | null;
}

/** The schedule by station (one printed page each): every slot's visit to it, with the group in the slot. */
export function scheduleByStation(
  plan: CritiquePlan,
  holders: ReadonlyMap<number, number>,
): { station: string; lines: StationLine[] }[] {
  const slots = critiqueSlots(plan);
  return plan.stations.map((station, s) => ({
    station,
    lines: slots.map((slot) => ({
      slot: slot.number,
      startsAt: slot.visits[s].startsAt,
      endsAt: slot.visits[s].endsAt,
      groupId: holders.get(slot.number) ?? null,
    })),
  }));
}
