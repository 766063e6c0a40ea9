/**
 * Tabulate on write: after any change to scores, penalties, participation or the sheet of a division's round,
 * the whole division+round is tabulated again (ranks depend on every performance) and each performance's
 * `result` is stored. Reads never compute a score. See docs/decisions/006-tabulate-on-write.md.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { performances, roundSheets } from '../schema.js';
import { tabulate } from '../../tabulation/tabulate.js';
import type { PerformanceInput, PerformanceResult, ScoreSheet } from '../../tabulation/types.js';
import { fromThousandths } from './support.js';

export interface DivisionRound {
  roundId: number;
  divisionId: number;
}

/**
 * Re-tabulates one division of one round after a write to it (a score, a penalty, who performed): one read of its
 * performances with their counted numbers and one write of their results, each of that division and round only (a
 * round of six divisions is six times the rows, and every score write pays for them: `npm run bench -- --only
 * judges`), and a read of its sheet unless the caller has it (a score write read it to check the numbers). Callers
 * have already checked that both belong to the organization. The bulk loader does not come here: it tabulates the
 * numbers it is about to insert (tabulateDivisionRound) instead of reading them back.
 */
export async function retabulate(
  tx: DbOrTx,
  roundId: number,
  divisionId: number,
  knownSheet?: ScoreSheet | null,
): Promise<void> {
  const sheet =
    knownSheet !== undefined
      ? knownSheet
      : ((
          await tx
            .select({ definition: roundSheets.definition })
            .from(roundSheets)
            .where(and(eq(roundSheets.roundId, roundId), eq(roundSheets.divisionId, divisionId)))
        )[0]?.definition ?? null);
  const rows = await tx
    .select({
      id: performances.id,
      performed: performances.performed,
      penaltyThousandths: performances.penaltyThousandths,
      scores: sql<[string, string, number][]>`(SELECT coalesce(json_agg(json_build_array(s.caption_key,
        s.subcaption_key, s.score_thousandths)), '[]'::json) FROM subcaption_scores s
        WHERE s.performance_id = performances.id AND ${countedLine('s')})`,
    })
    .from(performances)
    .where(and(eq(performances.roundId, roundId), eq(performances.divisionId, divisionId)));
  if (rows.length === 0) return;

  const updates = tabulateDivisionRound(
    sheet ?? undefined,
    rows.map((row) => ({
      id: row.id,
      performed: row.performed,
      penaltyThousandths: row.penaltyThousandths,
      scores: row.scores.map(([captionKey, subcaptionKey, thousandths]) => ({
        captionKey,
        subcaptionKey,
        score: fromThousandths(thousandths),
      })),
    })),
  );
  await tx.execute(sql`
    UPDATE performances AS p SET result = v.result
    FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(id integer, result jsonb)
    WHERE p.id = v.id`);
}

/**
 * The condition that a subcaption_scores row (by its alias in the query) counts in a tabulation: its caption entry
 * is not a judge's draft (a draft is not a score yet; docs/decisions/080-entry-states-and-conflicts.md).
 */
export const countedLine = (lines: string) => sql`NOT EXISTS (SELECT 1 FROM score_entries e
  WHERE e.performance_id = ${sql.identifier(lines)}.performance_id AND e.caption_key = ${sql.identifier(lines)}.caption_key
    AND e.state = 'draft')`;

/** One performance of a division and round as stored: its raw numbers as the database holds them. */
export interface StoredPerformance {
  id: number;
  performed: boolean;
  penaltyThousandths: number;
  scores: PerformanceInput['scores'];
}

/**
 * The results to store for a division and round. A performance that is to perform but has no scores yet is simply
 * not scored: it keeps a null result and takes no rank, so a half-entered round ranks only what has been entered.
 * The bulk loader calls this too, on the numbers it is about to insert, instead of reading them back.
 */
export function tabulateDivisionRound(
  sheet: ScoreSheet | undefined,
  members: readonly StoredPerformance[],
): { id: number; result: PerformanceResult | null }[] {
  const results: { id: number; result: PerformanceResult | null }[] = [];
  const inputs: PerformanceInput[] = [];
  for (const member of members) {
    if (!sheet || (member.performed && member.scores.length === 0)) {
      results.push({ id: member.id, result: null });
      continue;
    }
    inputs.push({
      id: member.id,
      performed: member.performed,
      scores: member.performed ? member.scores : [],
      penalty: fromThousandths(member.penaltyThousandths),
    });
  }
  if (sheet && inputs.length > 0)
    for (const result of tabulate(sheet, inputs)) results.push({ id: Number(result.id), result });
  return results;
}
