/**
 * The schedule builder's arithmetic (issue 40, item 2; docs/decisions/138-the-schedule-builder.md): from the day's
 * sequence (performances in running order, blocks put in anywhere), the start time and each division's interval,
 * every item's time; then what conflicts before publishing. Pure: the API, the page and the tests compute the same.
 * Times are epoch milliseconds, so no time zone enters: a message speaks in minutes, never in clock times.
 */

export const BLOCK_KINDS = ['break', 'meal', 'awards', 'other'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const MAX_INTERVAL_MINUTES = 120;
export const MAX_BLOCK_MINUTES = 600;
export const MAX_GAP_MINUTES = 240;
export const MAX_TITLE = 100;
/** A published version's reason, at most. */
export const MAX_REASON = 500;
/** The gap the circuit keeps unless it sets another: a group between performances, shared members between groups. */
export const DEFAULT_GAP_MINUTES = 30;

export interface SchedulePerformance {
  kind: 'performance';
  performanceId: number;
  groupId: number;
  groupName: string;
  divisionId: number;
}

export interface ScheduleBlock {
  kind: 'block';
  blockKind: BlockKind;
  title: string;
  minutes: number;
}

export type ScheduleItem = SchedulePerformance | ScheduleBlock;

export interface SchedulePlan {
  /** when the first item starts */
  startsAt: number;
  /** when the venue closes: nothing may run past it (null: no end given) */
  endsAt: number | null;
  /** each division's interval in minutes: a performance's slot, from its start to the next item's */
  intervals: ReadonlyMap<number, number>;
  /** the least time between two performances of one group, or of two groups sharing members */
  gapMinutes: number;
  items: readonly ScheduleItem[];
}

export type TimedItem = ScheduleItem & { startsAt: number; endsAt: number };

/** The schedule's own conflicts, then the logistical templates' (itinerary-conflicts.ts). */
export const CONFLICT_KINDS = ['past-end', 'group-twice', 'shared-members', 'step-overlap', 'step-past-end'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

export interface Conflict {
  kind: ConflictKind;
  /** the items' places in the sequence (0 is the first) */
  items: number[];
  message: string;
}

const MINUTE = 60_000;

/** A problem with the plan itself, named by its field (the API answers it as a 422). */
export interface PlanProblem {
  field: string;
  message: string;
}

/**
 * What makes a plan impossible to compute: an interval that is not a whole number of minutes from 1 to 120 (for
 * every division with a performance), a block without a title or a length, an end not after the start, a gap out of
 * range. `items` fields are named by their place in the sequence (`items.3.title`).
 */
export function planProblems(plan: SchedulePlan): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const whole = (value: number, low: number, high: number) => Number.isInteger(value) && value >= low && value <= high;
  if (!Number.isFinite(plan.startsAt)) problems.push({ field: 'startsAt', message: 'give the start time' });
  if (plan.endsAt !== null && Number.isFinite(plan.startsAt) && plan.endsAt <= plan.startsAt)
    problems.push({ field: 'endsAt', message: "the venue's end time must be after the start time" });
  if (!whole(plan.gapMinutes, 0, MAX_GAP_MINUTES))
    problems.push({
      field: 'gapMinutes',
      message: `the gap is a whole number of minutes from 0 to ${MAX_GAP_MINUTES}`,
    });
  for (const [divisionId, minutes] of plan.intervals)
    if (!whole(minutes, 1, MAX_INTERVAL_MINUTES))
      problems.push({
        field: `intervals.${divisionId}`,
        message: `an interval is a whole number of minutes from 1 to ${MAX_INTERVAL_MINUTES}`,
      });
  const missing = new Set<number>();
  plan.items.forEach((item, index) => {
    if (item.kind === 'performance') {
      if (!plan.intervals.has(item.divisionId)) missing.add(item.divisionId);
      return;
    }
    if (item.title.trim() === '') problems.push({ field: `items.${index}.title`, message: 'a block needs a title' });
    else if (item.title.length > MAX_TITLE)
      problems.push({ field: `items.${index}.title`, message: `a title is at most ${MAX_TITLE} characters` });
    if (!whole(item.minutes, 1, MAX_BLOCK_MINUTES))
      problems.push({
        field: `items.${index}.minutes`,
        message: `a block's length is a whole number of minutes from 1 to ${MAX_BLOCK_MINUTES}`,
      });
  });
  for (const divisionId of missing)
    problems.push({ field: `intervals.${divisionId}`, message: "give the division's interval" });
  return problems;
}

/** Each item's start and end: one after another from the start time, a performance as long as its division's interval. */
export function scheduleTimes(plan: SchedulePlan): TimedItem[] {
  let at = plan.startsAt;
  return plan.items.map((item) => {
    const minutes = item.kind === 'block' ? item.minutes : (plan.intervals.get(item.divisionId) ?? 0);
    const timed = { ...item, startsAt: at, endsAt: at + minutes * MINUTE };
    at = timed.endsAt;
    return timed;
  });
}

const nameOf = (item: TimedItem) => (item.kind === 'block' ? item.title : item.groupName);
const minutesBetween = (a: number, b: number) => Math.round((b - a) / MINUTE);

/** Words that name the ensemble or its level, not the school: "Kingwood HS JV" and "Kingwood HS Winds" share "kingwood hs". */
const ENSEMBLE_WORDS = new Set([
  'a',
  'b',
  'i',
  'ii',
  'iii',
  'jv',
  'varsity',
  'open',
  'world',
  'cadet',
  'junior',
  'senior',
  'black',
  'gold',
  'blue',
  'red',
  'white',
  'winds',
  'wind',
  'percussion',
  'drumline',
  'indoor',
  'guard',
  'winterguard',
  'colorguard',
  'color',
  'winter',
  'band',
  'ensemble',
  'visual',
  'dance',
  'team',
]);

/**
 * A group's name stem, the school or organization it most likely comes from: its words in lower case with trailing
 * ensemble and level words ("JV", "Winds", "Guard", "II") taken off, keeping at least one word.
 */
export function nameStem(name: string): string {
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  while (words.length > 1 && ENSEMBLE_WORDS.has(words[words.length - 1])) words.pop();
  return words.join(' ');
}

/**
 * What would go wrong on the day: an item running past the venue's end time; one group performing twice with less
 * than the gap between the end of one performance and the start of the next (a group in two places); two groups of
 * one name stem (decision 138: the data knows no school) performing with less than the gap between them (shared
 * members cannot change and move).
 */
export function scheduleConflicts(plan: SchedulePlan, timed: readonly TimedItem[]): Conflict[] {
  const conflicts: Conflict[] = [];
  if (plan.endsAt !== null) {
    const endsAt = plan.endsAt;
    timed.forEach((item, index) => {
      if (item.endsAt > endsAt)
        conflicts.push({
          kind: 'past-end',
          items: [index],
          message:
            item.startsAt >= endsAt
              ? `${nameOf(item)} starts ${minutesBetween(endsAt, item.startsAt)} minutes after the venue's end time.`
              : `${nameOf(item)} ends ${minutesBetween(endsAt, item.endsAt)} minutes after the venue's end time.`,
        });
    });
  }
  const gap = plan.gapMinutes * MINUTE;
  const performances = timed.flatMap((item, index) => (item.kind === 'performance' ? [{ item, index }] : []));
  for (let i = 0; i < performances.length; i++)
    for (let j = i + 1; j < performances.length; j++) {
      const a = performances[i];
      const b = performances[j];
      const apart = b.item.startsAt - a.item.endsAt;
      if (apart >= gap) continue;
      if (a.item.groupId === b.item.groupId)
        conflicts.push({
          kind: 'group-twice',
          items: [a.index, b.index],
          message: `${a.item.groupName} performs twice with ${minutesBetween(a.item.endsAt, b.item.startsAt)} minutes between (the gap is ${plan.gapMinutes}).`,
        });
      else if (nameStem(a.item.groupName) === nameStem(b.item.groupName))
        conflicts.push({
          kind: 'shared-members',
          items: [a.index, b.index],
          message: `${a.item.groupName} and ${b.item.groupName} may share members and perform with ${minutesBetween(a.item.endsAt, b.item.startsAt)} minutes between (the gap is ${plan.gapMinutes}).`,
        });
    }
  return conflicts;
}

/** The plan's times and conflicts, or its problems when it cannot be computed. */
export function computeSchedule(
  plan: SchedulePlan,
): { ok: true; items: TimedItem[]; conflicts: Conflict[] } | { ok: false; problems: PlanProblem[] } {
  const problems = planProblems(plan);
  if (problems.length > 0) return { ok: false, problems };
  const items = scheduleTimes(plan);
  return { ok: true, items, conflicts: scheduleConflicts(plan, items) };
}

export interface PublishedTime {
  performanceId: number;
  startsAt: number;
}

export interface Move {
  performanceId: number;
  /** its time in the earlier version; null: it was not in it */
  from: number | null;
  /** its time now; null: it is no longer scheduled */
  to: number | null;
}

/** Each performance whose time differs between an earlier version and now, in the order of `now`, then the dropped. */
export function movedSince(before: readonly PublishedTime[], now: readonly PublishedTime[]): Move[] {
  const earlier = new Map(before.map((entry) => [entry.performanceId, entry.startsAt]));
  const later = new Set(now.map((entry) => entry.performanceId));
  const moves: Move[] = [];
  for (const entry of now) {
    const from = earlier.get(entry.performanceId) ?? null;
    if (from !== entry.startsAt) moves.push({ performanceId: entry.performanceId, from, to: entry.startsAt });
  }
  for (const entry of before)
    if (!later.has(entry.performanceId))
      moves.push({ performanceId: entry.performanceId, from: entry.startsAt, to: null });
  return moves;
}
