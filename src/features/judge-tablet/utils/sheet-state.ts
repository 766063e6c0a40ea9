/**
 * What the page shows of one performance's sheet, derived from the device store (pure): the numbers in the fields,
 * whether the judge can still change them, what waits to be sent, and who else changed the entry.
 */
import type { CaptionEntry, Me, MySeat } from '../../../lib/api-models';
import { sheetKeyOf, type HeldEntry, type QueuedEntry } from '../queue/judge-records';
import type { JudgeSnapshot } from '../queue/judge-store';
import type { LiveLines } from './live-lines';
import { checkSheet, typedFromScores, type TypedLine } from './sheet';
import { ownRanks, type OwnNumber, type OwnRank } from './own-ranks';

export type SeatPerformance = MySeat['performances'][number];

export type SheetStatus =
  | 'not-performed'
  | 'not-started'
  | 'draft'
  | 'draft-waiting'
  | 'submitted-waiting'
  | 'submitted'
  | 'corrected'
  | 'held';

export interface SheetState {
  key: string;
  lines: TypedLine[];
  status: SheetStatus;
  /** the judge can no longer change the numbers here (submitted, or held for a decision) */
  locked: boolean;
  waiting: QueuedEntry[];
  held: HeldEntry | undefined;
  server: CaptionEntry | null;
  /** the entry's last writer when it is not this judge: a tabulator's correction */
  changedBy: { name: string; at: string | null } | null;
}

export const STATUS_LABELS: Readonly<Record<SheetStatus, string>> = {
  'not-performed': 'Did not perform',
  'not-started': 'Not started',
  draft: 'Draft',
  'draft-waiting': 'Draft, waiting to send',
  'submitted-waiting': 'Submitted, waiting to send',
  submitted: 'Submitted',
  corrected: 'Corrected',
  held: 'Needs your decision',
};

const byOther = (entry: CaptionEntry | null, me: Me | null) =>
  entry?.by && me?.user ? !(entry.by.kind === 'user' && entry.by.id === String(me.user.id)) : false;

export function sheetState(snapshot: JudgeSnapshot, seat: MySeat, performance: SeatPerformance): SheetState {
  const key = sheetKeyOf({ performanceId: performance.id, captionKey: seat.caption.key });
  const record = snapshot.sheets.get(key);
  const server = record?.server ?? performance.entry;
  const waiting = snapshot.outbox.filter((entry) => entry.sheetKey === key);
  const held = snapshot.held.get(key);
  const other = byOther(server, snapshot.me);
  // What was typed here shows unless someone else wrote the entry since and nothing of the judge's waits on it.
  const typedFirst = record?.typed && (waiting.length > 0 || held !== undefined || !other);
  const lines = held
    ? typedFromScores(held.mine.scores)
    : typedFirst
      ? record.typed!.lines
      : typedFromScores(server?.scores ?? []);
  const submittedWaiting = waiting.some((entry) => entry.state === 'submitted');
  const status: SheetStatus = held
    ? 'held'
    : submittedWaiting
      ? 'submitted-waiting'
      : waiting.length > 0
        ? 'draft-waiting'
        : server?.state === 'submitted'
          ? other
            ? 'corrected'
            : 'submitted'
          : server?.state === 'draft' || lines.some((line) => line.text !== '')
            ? 'draft'
            : performance.performed
              ? 'not-started'
              : 'not-performed';
  return {
    key,
    lines,
    status,
    locked: held !== undefined || submittedWaiting || server?.state === 'submitted',
    waiting,
    held,
    server,
    changedBy: other && server?.by ? { name: server.by.name, at: server.at } : null,
  };
}

/** The one to score next: the first in running order that performed and is not submitted. */
export function nextToScore(snapshot: JudgeSnapshot, seat: MySeat): SeatPerformance | undefined {
  return seat.performances.find((performance) => {
    if (!performance.performed) return false;
    const { status } = sheetState(snapshot, seat, performance);
    return !['submitted', 'submitted-waiting', 'corrected'].includes(status);
  });
}

/**
 * The judge's own numbers in this seat, ranked: every performance with a number, the open sheet as it is being
 * typed (`live`), so the rank moves with each keystroke.
 */
export function seatRanks(snapshot: JudgeSnapshot, seat: MySeat, live: LiveLines): OwnRank[] {
  return ranksWithLive(storedNumbers(snapshot, seat), seat, live);
}

/**
 * Each performance's number as the device store has it, in running order (null: none yet). Worked out once per
 * store change: a keystroke then works out only its own sheet's number (ranksWithLive).
 */
export function storedNumbers(snapshot: JudgeSnapshot, seat: MySeat): (OwnNumber | null)[] {
  return seat.performances.map((performance) =>
    ownNumberOf(seat, performance, sheetState(snapshot, seat, performance).lines),
  );
}

/** The stored numbers ranked, the open sheet's as typed (`live`) in place of its stored one. */
export function ranksWithLive(stored: readonly (OwnNumber | null)[], seat: MySeat, live: LiveLines): OwnRank[] {
  return ownRanks(
    seat.performances.flatMap((performance, i) => {
      const number = live?.performanceId === performance.id ? ownNumberOf(seat, performance, live.lines) : stored[i];
      return number ? [number] : [];
    }),
  );
}

function ownNumberOf(seat: MySeat, performance: SeatPerformance, typed: readonly TypedLine[]): OwnNumber | null {
  const check = checkSheet(seat.caption.subcaptions, typed, seat.caption.digits);
  if (check.scores.length === 0) return null;
  return {
    performanceId: performance.id,
    groupName: performance.group.name,
    // weighted as the tabulation weighs the caption: the rank the recap will show from these numbers
    total: check.score,
    incomplete: !check.complete,
  };
}

/** A seat's address in the page's URL: competition, division, round and caption. */
export const seatId = (seat: MySeat) =>
  `${seat.competition.id}.${seat.division.id}.${seat.round.number}.${seat.caption.key}`;
