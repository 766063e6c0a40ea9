/**
 * A group's own commentary of one performance (decision 133): the recording heard for each caption (current, not
 * cleared, finished), and whether its division and round's commentary is released. The caller decides what to show:
 * nothing of it before release.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { commentaryRecordings, performances, rounds } from '../schema.js';
import { commentaryReleasedSql } from './commentary-slots.read.js';

export interface GroupRecording {
  id: number;
  captionKey: string;
  contentType: string;
  durationMs: number | null;
}

export async function groupPerformanceCommentary(
  db: DbOrTx,
  orgId: number,
  performanceId: number,
): Promise<{ released: boolean; recordings: GroupRecording[] }> {
  const [performance] = await db
    .select({ released: commentaryReleasedSql(performances.roundId, performances.divisionId) })
    .from(performances)
    .innerJoin(rounds, eq(rounds.id, performances.roundId))
    .where(and(eq(performances.orgId, orgId), eq(performances.id, performanceId)));
  if (!performance?.released) return { released: false, recordings: [] };
  const recordings = await db
    .select({
      id: commentaryRecordings.id,
      captionKey: commentaryRecordings.captionKey,
      contentType: commentaryRecordings.contentType,
      durationMs: commentaryRecordings.durationMs,
    })
    .from(commentaryRecordings)
    .where(
      and(
        eq(commentaryRecordings.orgId, orgId),
        eq(commentaryRecordings.performanceId, performanceId),
        eq(commentaryRecordings.isCurrent, true),
        eq(commentaryRecordings.state, 'uploaded'),
        isNull(commentaryRecordings.clearedAt),
      ),
    )
    .orderBy(asc(commentaryRecordings.captionKey));
  return { released: true, recordings };
}
