/**
 * A caption's numbers (its lines): compared as review records them, and written in place, the lines given inserted
 * or updated and the lines it held that are not among them gone (scores.write.ts writes them beside the entry rows,
 * or alone for the operator's way in).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import type { ScoreLine } from './score-entries.read.js';
import { toThousandths } from './support.js';

/** A caption's numbers in subcaption order, as review compares and records them. */
export function byLine(lines: readonly ScoreLine[]): ScoreLine[] {
  return lines
    .map((line) => ({ subcaptionKey: line.subcaptionKey, score: line.score }))
    .sort((a, b) => (a.subcaptionKey < b.subcaptionKey ? -1 : a.subcaptionKey > b.subcaptionKey ? 1 : 0));
}

/** The same numbers line for line, to the thousandth as they are stored, in any order. */
export function sameLines(a: readonly ScoreLine[], b: readonly ScoreLine[]): boolean {
  const key = (lines: readonly ScoreLine[]) =>
    JSON.stringify(byLine(lines).map((line) => [line.subcaptionKey, toThousandths(line.score)]));
  return key(a) === key(b);
}

/**
 * The CTEs (for a `WITH`) that make each (performance, caption) given hold exactly the lines given: the lines it held
 * that are not among them go, the others are inserted or updated in place. Run in one statement whose main part
 * may be anything (it sees none of this): the two touch different rows.
 */
export function linesWritten(
  entries: readonly { performanceId: number; captionKey: string; scores: readonly ScoreLine[] }[],
) {
  const pairs = entries.map((entry) => ({ performance_id: entry.performanceId, caption_key: entry.captionKey }));
  const lines = entries.flatMap((entry) =>
    entry.scores.map((line) => ({
      performance_id: entry.performanceId,
      caption_key: entry.captionKey,
      subcaption_key: line.subcaptionKey,
      score_thousandths: toThousandths(line.score),
    })),
  );
  return sql`
    new_lines AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
        AS v(performance_id integer, caption_key text, subcaption_key text, score_thousandths integer)),
    lines_gone AS (
      DELETE FROM subcaption_scores AS s
      USING jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS p(performance_id integer, caption_key text)
      WHERE s.performance_id = p.performance_id AND s.caption_key = p.caption_key
        AND NOT EXISTS (SELECT 1 FROM new_lines n WHERE n.performance_id = s.performance_id
          AND n.caption_key = s.caption_key AND n.subcaption_key = s.subcaption_key)),
    lines_kept AS (
      INSERT INTO subcaption_scores (performance_id, caption_key, subcaption_key, score_thousandths)
      SELECT performance_id, caption_key, subcaption_key, score_thousandths FROM new_lines
      ON CONFLICT (performance_id, caption_key, subcaption_key)
      DO UPDATE SET score_thousandths = excluded.score_thousandths)`;
}

/** Replaces the numbers of each (performance, caption) given, in one statement. */
export async function replaceLines(
  tx: DbOrTx,
  entries: readonly { performanceId: number; captionKey: string; scores: readonly ScoreLine[] }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.execute(sql`WITH ${linesWritten(entries)} SELECT 1`);
}
