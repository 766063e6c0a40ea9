/**
 * The schedule page's editing (decision 138), pure: the draft as the form holds it, moving items (each division and
 * round keeping its running order), blocks added, changed and removed, and the plan the page previews with the
 * same function the API computes with (domain/schedule/times.ts), and the request it saves.
 */
import {
  computeSchedule,
  type BlockKind,
  type Conflict,
  type ScheduleItem,
  type TimedItem,
} from '../../../../domain/schedule/times';
import { itineraryConflicts } from '../../../../domain/schedule/itinerary-conflicts';
import type { TemplateStep } from '../../../../domain/schedule/itinerary';
import type { ScheduleDraft } from '../api/get-schedule-draft';
import type { ScheduleDraftRequest } from '../api/schedule-writes';
import { formatTime } from '../../../lib/dates';
import { localInputValue } from './running-order-model';

export interface PerformanceRow {
  kind: 'performance';
  performanceId: number;
  groupId: number;
  groupName: string;
  divisionId: number;
  divisionName: string;
  roundName: string;
  /** division and round */
  section: string;
  order: number;
  /** its time in the latest published version */
  published: string | null;
}

export interface BlockRow {
  kind: 'block';
  /** a key for React, stable while the page is open */
  key: string;
  blockKind: BlockKind;
  title: string;
  minutes: string;
}

export type Row = PerformanceRow | BlockRow;

export interface ScheduleForm {
  /** `datetime-local` values */
  startsAt: string;
  endsAt: string;
  gapMinutes: string;
  intervals: { divisionId: number; divisionName: string; minutes: string }[];
  rows: Row[];
}

export const BLOCK_DEFAULTS: Record<BlockKind, { title: string; minutes: number; label: string }> = {
  break: { title: 'Break', minutes: 15, label: 'Break' },
  meal: { title: 'Meal', minutes: 45, label: 'Meal' },
  awards: { title: 'Awards', minutes: 20, label: 'Awards' },
  other: { title: '', minutes: 10, label: 'Other' },
};

let blockCount = 0;
const blockKey = () => `block-${++blockCount}`;

export function formFromDraft(draft: ScheduleDraft): ScheduleForm {
  return {
    startsAt: localInputValue(draft.startsAt),
    endsAt: draft.endsAt ? localInputValue(draft.endsAt) : '',
    gapMinutes: String(draft.gapMinutes),
    intervals: draft.intervals.map((interval) => ({
      divisionId: interval.divisionId,
      divisionName: interval.divisionName,
      minutes: String(interval.minutes),
    })),
    rows: draft.items.map((item): Row =>
      item.kind === 'block'
        ? {
            kind: 'block',
            key: blockKey(),
            blockKind: item.blockKind,
            title: item.title,
            minutes: String(item.minutes),
          }
        : {
            kind: 'performance',
            performanceId: item.performanceId,
            groupId: item.group.id,
            groupName: item.group.name,
            divisionId: item.division.id,
            divisionName: item.division.name,
            roundName: item.round.name,
            section: `${item.round.number}:${item.division.id}`,
            order: item.order,
            published: item.published,
          },
    ),
  };
}

/** Moves row `index` one place up (-1) or down (+1); refused when it would pass a performance of its own division and round. */
export function moveRow(
  form: ScheduleForm,
  index: number,
  delta: -1 | 1,
): { form: ScheduleForm } | { refusal: string } {
  const other = index + delta;
  if (other < 0 || other >= form.rows.length) return { refusal: 'It is already at that end.' };
  const a = form.rows[index];
  const b = form.rows[other];
  if (a.kind === 'performance' && b.kind === 'performance' && a.section === b.section && a.order !== b.order)
    return {
      refusal: `${a.groupName} and ${b.groupName} keep their running order in ${a.divisionName} (${a.roundName}): change it on the entries page or by a draw.`,
    };
  const rows = [...form.rows];
  rows[index] = b;
  rows[other] = a;
  return { form: { ...form, rows } };
}

/** A block of `kind` put in before row `at` (the end when `at` is the number of rows). */
export function addBlock(form: ScheduleForm, at: number, kind: BlockKind): ScheduleForm {
  const defaults = BLOCK_DEFAULTS[kind];
  const block: BlockRow = {
    kind: 'block',
    key: blockKey(),
    blockKind: kind,
    title: defaults.title,
    minutes: String(defaults.minutes),
  };
  return { ...form, rows: [...form.rows.slice(0, at), block, ...form.rows.slice(at)] };
}

export function changeBlock(form: ScheduleForm, index: number, change: Partial<Omit<BlockRow, 'kind' | 'key'>>) {
  return {
    ...form,
    rows: form.rows.map((row, i) => (i === index && row.kind === 'block' ? { ...row, ...change } : row)),
  };
}

export function removeBlock(form: ScheduleForm, index: number): ScheduleForm {
  return { ...form, rows: form.rows.filter((row, i) => i !== index || row.kind !== 'block') };
}

/** A whole number typed, or NaN (the rules then name the field). */
const wholeNumber = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const instant = (local: string) => (local ? new Date(local).getTime() : Number.NaN);

/** The request the page saves: the API checks it whole. */
export function requestOf(form: ScheduleForm): ScheduleDraftRequest {
  return {
    startsAt: new Date(instant(form.startsAt)).toISOString(),
    endsAt: form.endsAt ? new Date(instant(form.endsAt)).toISOString() : null,
    gapMinutes: wholeNumber(form.gapMinutes),
    intervals: form.intervals.map((interval) => ({
      divisionId: interval.divisionId,
      minutes: wholeNumber(interval.minutes),
    })),
    items: form.rows.map((row) =>
      row.kind === 'performance'
        ? { performanceId: row.performanceId }
        : { block: { kind: row.blockKind, title: row.title, minutes: wholeNumber(row.minutes) } },
    ),
  };
}

export type Preview =
  { ok: true; items: TimedItem[]; conflicts: Conflict[] } | { ok: false; problems: Map<string, string> };

/**
 * The form's times and conflicts as the API will compute them (with the saved logistical `templates`, by division
 * id), or its problems by the request's field names.
 */
export function previewOf(
  form: ScheduleForm,
  templates: ReadonlyMap<number, readonly TemplateStep[]> = new Map(),
): Preview {
  const problems = new Map<string, string>();
  const startsAt = instant(form.startsAt);
  if (!Number.isFinite(startsAt)) problems.set('startsAt', 'give the start time');
  const endsAt = form.endsAt ? instant(form.endsAt) : null;
  if (endsAt !== null && !Number.isFinite(endsAt)) problems.set('endsAt', "give the venue's end time, or none");
  if (problems.size > 0) return { ok: false, problems };
  const computed = computeSchedule({
    startsAt,
    endsAt,
    gapMinutes: wholeNumber(form.gapMinutes),
    intervals: new Map(form.intervals.map((interval) => [interval.divisionId, wholeNumber(interval.minutes)])),
    items: form.rows.map((row): ScheduleItem =>
      row.kind === 'block'
        ? { kind: 'block', blockKind: row.blockKind, title: row.title, minutes: wholeNumber(row.minutes) }
        : {
            kind: 'performance',
            performanceId: row.performanceId,
            groupId: row.groupId,
            groupName: row.groupName,
            divisionId: row.divisionId,
          },
    ),
  });
  if (computed.ok)
    return {
      ...computed,
      conflicts: [...computed.conflicts, ...itineraryConflicts(endsAt, computed.items, templates)],
    };
  for (const problem of computed.problems) {
    const interval = /^intervals\.(\d+)$/.exec(problem.field);
    const field = interval
      ? `intervals.${form.intervals.findIndex((one) => one.divisionId === Number(interval[1]))}.minutes`
      : problem.field.replace(/^items\.(\d+)\./, 'items.$1.block.');
    if (!problems.has(field)) problems.set(field, problem.message);
  }
  return { ok: false, problems };
}

/** A move in words: "Bravo HS: 3:10 PM → 3:25 PM". */
export function moveText(move: { groupName: string; from: string | null; to: string | null }): string {
  if (move.from === null && move.to !== null) return `${move.groupName}: new, at ${formatTime(move.to)}`;
  if (move.to === null && move.from !== null)
    return `${move.groupName}: no longer scheduled (was ${formatTime(move.from)})`;
  return `${move.groupName}: ${formatTime(move.from!)} → ${formatTime(move.to!)}`;
}
