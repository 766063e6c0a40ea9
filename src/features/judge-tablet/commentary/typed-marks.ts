/**
 * The numbers typed while a recording runs, stamped with their offsets into it (issue 38's "the numbers on the
 * recording's timeline"). A number is stamped when it first appears on its line; typing on within a few seconds
 * (8, then 8.5) changes that mark's number and keeps its moment, so a group hears where the judge began to weigh
 * it; a later change is a new mark. Every entry of the sheet carries all its marks (a draft replaces the draft
 * before it; the API keeps a mark once however often sent).
 */
import type { LineScore } from '../utils/sheet';
import type { TypedMark } from '../device/commentary-bridge';

/** A line's number typed on within this long is the same mark. */
export const SAME_MARK_MS = 5_000;
/** The API takes at most this many marks with one entry. */
export const MAX_MARKS = 500;

export interface StampedMark extends TypedMark {
  subcaptionKey: string;
  score: number;
  /** when it was last typed (the device's clock): whether the next keystroke is the same mark */
  typedAt: number;
}

/** The marks after a keystroke: `before`, with each line whose number changed stamped at `offsetMs`. */
export function stampMarks(
  before: readonly StampedMark[],
  recordingKey: string,
  scores: readonly LineScore[],
  offsetMs: number,
  now: number,
): StampedMark[] {
  let marks = [...before];
  for (const { subcaptionKey, score } of scores) {
    const last = marks.findLast((mark) => mark.subcaptionKey === subcaptionKey);
    if (last?.score === score) continue;
    if (last && now - last.typedAt < SAME_MARK_MS) {
      marks = marks.map((mark) => (mark === last ? { ...mark, score, typedAt: now } : mark));
    } else {
      marks.push({ recordingKey, offsetMs: Math.max(0, Math.round(offsetMs)), subcaptionKey, score, typedAt: now });
    }
  }
  return marks.slice(-MAX_MARKS);
}

/** As the API takes them (`marks` of a score entry). */
export const marksOnWire = (marks: readonly StampedMark[]): TypedMark[] =>
  marks.map(({ recordingKey, offsetMs, subcaptionKey, score }) => ({ recordingKey, offsetMs, subcaptionKey, score }));
