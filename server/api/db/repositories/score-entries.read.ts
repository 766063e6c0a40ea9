/**
 * Caption entries as stored (numbers per line, with their state, version and who wrote them last): what a write
 * plans against, answers, and GET /me/seats shows.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EntryState } from '../../../../domain/score-entries.js';
import type { DbOrTx } from '../database.js';
import { rowsOf } from '../migrate.js';
import type { AuditActor } from '../schema.js';
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
 * The stored entries of these (performance, caption) pairs, by `${performanceId}\0${captionKey}`, in one query that
 * reads those pairs' rows only: numbers with no entry row (imported) are a submitted entry at version 1, by nobody
 * known; a pair with neither is left out.
 */
export async function currentEntries(
  tx: DbOrTx,
  pairs: readonly { performanceId: number; captionKey: string }[],
): Promise<Map<string, CaptionEntry>> {
  const entries = new Map<string, CaptionEntry>();
  if (pairs.length === 0) return entries;
  const wanted = pairs.map((pair) => ({ performance_id: pair.performanceId, caption_key: pair.captionKey }));
  const result = await tx.execute(sql`
    SELECT k.performance_id, k.caption_key, e.state, e.version, e.actor, ${isoText(sql`e.updated_at`)} AS at,
      (SELECT json_agg(json_build_array(s.subcaption_key, s.score_thousandths) ORDER BY s.subcaption_key)
        FROM subcaption_scores s
        WHERE s.performance_id = k.performance_id AND s.caption_key = k.caption_key) AS lines
    FROM (SELECT DISTINCT * FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
      AS v(performance_id integer, caption_key text)) AS k
    LEFT JOIN score_entries e ON e.performance_id = k.performance_id AND e.caption_key = k.caption_key`);
  for (const row of rowsOf<StoredEntryRow>(result)) {
    if (row.state === null && row.lines === null) continue;
    entries.set(`${row.performance_id}\u0000${row.caption_key}`, {
      performanceId: row.performance_id,
      captionKey: row.caption_key,
      scores: (row.lines ?? []).map(([subcaptionKey, thousandths]) => ({
        subcaptionKey,
        score: fromThousandths(thousandths),
      })),
      state: row.state ?? 'submitted',
      version: row.version ?? 1,
      by: row.actor,
      at: row.at,
    });
  }
  return entries;
}

interface StoredEntryRow {
  performance_id: number;
  caption_key: string;
  state: EntryState | null;
  version: number | null;
  actor: AuditActor | null;
  at: string | null;
  lines: [string, number][] | null;
}

/**
 * A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds): what a drizzle-mapped column gives
 * after `.toISOString()`, for a raw statement whose driver hands timestamps back as text.
 */
export const isoText = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
