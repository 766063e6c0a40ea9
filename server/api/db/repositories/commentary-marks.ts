/**
 * Marks on a recording's timeline: each number a judge typed while recording (its caption line and value) and each
 * "Mark" tapped, at its offset into the recording. They travel with the entries, not inside the audio
 * (docs/decisions/128-commentary-api.md): the device names its recording by its own key, so a mark may arrive
 * before the recording does, and a mark sent twice is kept once.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { commentaryMarks } from '../schema.js';
import type { CaptionDef } from '../../tabulation/types.js';
import { fromThousandths, toThousandths } from './support.js';
import { RuleViolation } from './errors.js';

export interface MarkInput {
  /** the device's key of the recording that was running */
  recordingKey: string;
  offsetMs: number;
  /** the caption line typed; absent for a tapped mark */
  subcaptionKey?: string;
  /** the number typed on that line */
  score?: number;
}

export interface Mark {
  offsetMs: number;
  subcaptionKey: string | null;
  score: number | null;
}

/**
 * Keeps the marks of a caption of a performance (checked against the caption's lines; `field` names the body's
 * list in errors). A mark already kept (same recording, offset and line) is left as it is.
 */
export async function writeMarks(
  db: DbOrTx,
  orgId: number,
  input: { performanceId: number; caption: CaptionDef; marks: readonly MarkInput[] },
  field = 'marks',
): Promise<void> {
  const rows = input.marks.map((mark, index) => {
    const typed = mark.subcaptionKey !== undefined || mark.score !== undefined;
    if (typed) {
      const line = input.caption.subcaptions.find((subcaption) => subcaption.key === mark.subcaptionKey);
      if (!line)
        throw new RuleViolation(
          `${field}[${index}].subcaptionKey`,
          mark.subcaptionKey === undefined
            ? 'a typed number names its caption line'
            : `caption "${input.caption.key}" has no line "${mark.subcaptionKey}"`,
        );
      if (mark.score === undefined || mark.score < 0 || mark.score > line.max)
        throw new RuleViolation(`${field}[${index}].score`, `a number on line "${line.key}" is from 0 to ${line.max}`);
    }
    return {
      orgId,
      recordingKey: mark.recordingKey,
      performanceId: input.performanceId,
      captionKey: input.caption.key,
      offsetMs: mark.offsetMs,
      subcaptionKey: mark.subcaptionKey ?? '',
      scoreThousandths: mark.score === undefined ? null : toThousandths(mark.score),
    };
  });
  if (rows.length === 0) return;
  await db.insert(commentaryMarks).values(rows).onConflictDoNothing();
}

/** A recording's marks, in time order: those of its key typed where it was recorded. */
export async function marksOf(
  db: DbOrTx,
  orgId: number,
  recording: { key: string; recordedPerformanceId: number; recordedCaptionKey: string },
): Promise<Mark[]> {
  const rows = await db
    .select()
    .from(commentaryMarks)
    .where(
      and(
        eq(commentaryMarks.orgId, orgId),
        eq(commentaryMarks.recordingKey, recording.key),
        eq(commentaryMarks.performanceId, recording.recordedPerformanceId),
        eq(commentaryMarks.captionKey, recording.recordedCaptionKey),
      ),
    )
    .orderBy(asc(commentaryMarks.offsetMs), asc(commentaryMarks.subcaptionKey));
  return rows.map((row) => ({
    offsetMs: row.offsetMs,
    subcaptionKey: row.subcaptionKey === '' ? null : row.subcaptionKey,
    score: row.scoreThousandths === null ? null : fromThousandths(row.scoreThousandths),
  }));
}
