/**
 * Caption entries as stored (numbers per line, with their state, version and who wrote them last): what a write
 * plans against, answers, and GET /me/seats shows.
 */
import { inArray } from 'drizzle-orm';
import type { EntryState } from '../../../../domain/score-entries.js';
import type { DbOrTx } from '../database.js';
import { scoreEntries, subcaptionScores, type AuditActor } from '../schema.js';
import { fromThousandths } from './support.js';

export interface ScoreLine {
  subcaptionKey: string;
  score: number;
}

/** A caption entry as stored: what the conflict answer, the write's answer and GET /me/seats carry. */
export interface CaptionEntry {
  performanceId: number;
  captionKey: string;
  scores: ScoreLine[];
  /** null: nothing entered (version 0) */
  state: EntryState | null;
  version: number;
  /** who wrote it last; null for numbers entered before versions were kept (imported) */
  by: AuditActor | null;
  /** when, ISO 8601; null as `by` */
  at: string | null;
}

export function emptyEntry(performanceId: number, captionKey: string): CaptionEntry {
  return { performanceId, captionKey, scores: [], state: null, version: 0, by: null, at: null };
}

/**
 * The stored entries of these (performance, caption) pairs, by `${performanceId}\0${captionKey}`: numbers with
 * no entry row (imported) are a submitted entry at version 1, by nobody known.
 */
export async function currentEntries(
  tx: DbOrTx,
  pairs: readonly { performanceId: number; captionKey: string }[],
): Promise<Map<string, CaptionEntry>> {
  const ids = [...new Set(pairs.map((pair) => pair.performanceId))];
  const wanted = new Set(pairs.map((pair) => `${pair.performanceId}\u0000${pair.captionKey}`));
  const entries = new Map<string, CaptionEntry>();
  if (ids.length === 0) return entries;
  const [lines, rows] = await Promise.all([
    tx
      .select()
      .from(subcaptionScores)
      .where(inArray(subcaptionScores.performanceId, ids))
      .orderBy(subcaptionScores.performanceId, subcaptionScores.captionKey, subcaptionScores.subcaptionKey),
    tx.select().from(scoreEntries).where(inArray(scoreEntries.performanceId, ids)),
  ]);
  for (const row of rows) {
    const key = `${row.performanceId}\u0000${row.captionKey}`;
    if (!wanted.has(key)) continue;
    entries.set(key, {
      performanceId: row.performanceId,
      captionKey: row.captionKey,
      scores: [],
      state: row.state,
      version: row.version,
      by: row.actor,
      at: row.updatedAt.toISOString(),
    });
  }
  for (const line of lines) {
    const key = `${line.performanceId}\u0000${line.captionKey}`;
    if (!wanted.has(key)) continue;
    let entry = entries.get(key);
    if (!entry) {
      entry = { ...emptyEntry(line.performanceId, line.captionKey), state: 'submitted', version: 1 };
      entries.set(key, entry);
    }
    entry.scores.push({ subcaptionKey: line.subcaptionKey, score: fromThousandths(line.scoreThousandths) });
  }
  return entries;
}
