/**
 * The running order of one division and round as the entries page edits it: rows moved up and down, times filled
 * from a start, an interval and breaks, and what differs from the saved schedule (each a POST /performances/{id}).
 * Pure functions: the page keeps the draft, these compute it.
 */

export interface OrderRow {
  performanceId: number;
  group: string;
  /** ISO 8601 instant, null while not set */
  time: string | null;
  order: number;
}

/** A break in the schedule: `minutes` more after the `afterRow`-th performance (1-based, as the page numbers rows). */
export interface ScheduleBreak {
  afterRow: number;
  minutes: number;
}

export interface TimePlan {
  /** the first performance's instant, in ms since the epoch */
  start: number;
  intervalMinutes: number;
  breaks: readonly ScheduleBreak[];
}

/** The limits the page accepts: a day's show, not a typo's thousand-hour gap. */
export const MAX_INTERVAL_MINUTES = 240;
export const MAX_BREAK_MINUTES = 600;

/** `rows` with the row at `index` moved one place (`-1` up, `1` down); the same array when it cannot move. */
export function moveRow<T>(rows: readonly T[], index: number, step: -1 | 1): readonly T[] {
  const target = index + step;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return rows;
  const moved = [...rows];
  [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved;
}

/**
 * A group moved one place in the running order: the times stay with the places (the slots of the schedule) and the
 * groups move through them, so the order and the times never disagree. The rows are numbered again.
 */
export function moveGroup(rows: readonly OrderRow[], index: number, step: -1 | 1): readonly OrderRow[] {
  const moved = moveRow(rows, index, step);
  if (moved === rows) return rows;
  return moved.map((row, position) => ({ ...row, order: position + 1, time: rows[position].time }));
}

/**
 * Each of `count` performances' time: the start, then one interval after another, with each break's minutes added
 * after its row. Breaks after the last row (or before the first) change nothing; two breaks after one row add up.
 */
export function fillTimes(count: number, plan: TimePlan): string[] {
  const extraAfter = new Map<number, number>();
  for (const pause of plan.breaks)
    extraAfter.set(pause.afterRow, (extraAfter.get(pause.afterRow) ?? 0) + pause.minutes);
  const times: string[] = [];
  let at = plan.start;
  for (let row = 1; row <= count; row++) {
    times.push(new Date(at).toISOString());
    at += (plan.intervalMinutes + (extraAfter.get(row) ?? 0)) * 60_000;
  }
  return times;
}

/** What is wrong with a plan, by field (`start`, `interval`, `breaks[0].afterRow`...); empty when it can be used. */
export function checkPlan(
  plan: { start: string; intervalMinutes: string; breaks: readonly { afterRow: string; minutes: string }[] },
  rowCount: number,
): Map<string, string> {
  const problems = new Map<string, string>();
  if (plan.start === '' || Number.isNaN(new Date(plan.start).getTime()))
    problems.set('start', 'Give the first performance’s date and time.');
  const interval = Number(plan.intervalMinutes);
  if (plan.intervalMinutes === '' || !Number.isInteger(interval) || interval < 1 || interval > MAX_INTERVAL_MINUTES)
    problems.set('interval', `A whole number of minutes from 1 to ${MAX_INTERVAL_MINUTES}.`);
  plan.breaks.forEach((pause, index) => {
    const after = Number(pause.afterRow);
    if (pause.afterRow === '' || !Number.isInteger(after) || after < 1 || after >= Math.max(rowCount, 2))
      problems.set(`breaks[${index}].afterRow`, `A row from 1 to ${Math.max(rowCount - 1, 1)}.`);
    const minutes = Number(pause.minutes);
    if (pause.minutes === '' || !Number.isInteger(minutes) || minutes < 1 || minutes > MAX_BREAK_MINUTES)
      problems.set(`breaks[${index}].minutes`, `A whole number of minutes from 1 to ${MAX_BREAK_MINUTES}.`);
  });
  return problems;
}

/** The draft's rows with their new order (1, 2, 3... as listed) and, when given, the filled times. */
export function numbered(rows: readonly OrderRow[], times?: readonly string[]): OrderRow[] {
  return rows.map((row, index) => ({ ...row, order: index + 1, time: times ? times[index] : row.time }));
}

export interface RowChange {
  performanceId: number;
  group: string;
  /** the row's position in the draft, 1-based (what a refusal names) */
  position: number;
  order: number;
  time: string | null;
}

const sameInstant = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && new Date(a).getTime() === new Date(b).getTime());

/** The draft's rows whose order or time differ from the saved ones: what saving sends, in the draft's order. */
export function changedRows(saved: readonly OrderRow[], draft: readonly OrderRow[]): RowChange[] {
  const before = new Map(saved.map((row) => [row.performanceId, row]));
  return draft.flatMap((row, index) => {
    const old = before.get(row.performanceId);
    if (old && old.order === row.order && sameInstant(old.time, row.time)) return [];
    return [
      { performanceId: row.performanceId, group: row.group, position: index + 1, order: row.order, time: row.time },
    ];
  });
}

/** in lib/dates, where critique's form (another feature) reads it too */
export { localInputValue } from '../../../lib/dates';
