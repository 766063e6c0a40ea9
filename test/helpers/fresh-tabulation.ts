/**
 * A division and round's stored results beside a fresh tabulation of its stored raw numbers (the pure
 * tabulateDivisionRound over the counted subcaption scores (no judge's drafts), penalties and participation as stored): what every read serves
 * must equal what tabulating the stored scores gives now (issue 30's concurrent score entry).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/api/db/database.js';
import { performances, subcaptionScores } from '../../server/api/db/schema.js';
import { roundSheetOf } from '../../server/api/db/repositories/rounds.write.js';
import { countedLine, tabulateDivisionRound } from '../../server/api/db/repositories/retabulate.js';

/** Per performance id, the stored and the fresh result, each in one canonical form (jsonb orders keys its own way). */
export async function storedAndFresh(db: Db, roundId: number, divisionId: number) {
  const rows = await db.select().from(performances).where(eq(performances.roundId, roundId));
  const members = rows.filter((row) => row.divisionId === divisionId);
  const ids = members.map((member) => member.id);
  const scores =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(subcaptionScores)
          .where(and(inArray(subcaptionScores.performanceId, ids), countedLine('subcaption_scores')));
  const sheet = (await roundSheetOf(db, roundId, divisionId)) ?? undefined;
  const fresh = tabulateDivisionRound(
    sheet,
    members.map((member) => ({
      id: member.id,
      performed: member.performed,
      penaltyThousandths: member.penaltyThousandths,
      scores: scores
        .filter((score) => score.performanceId === member.id)
        .map((score) => ({
          captionKey: score.captionKey,
          subcaptionKey: score.subcaptionKey,
          score: score.scoreThousandths / 1000,
        })),
    })),
  );
  const byId = (list: { id: number; result: unknown }[]) =>
    Object.fromEntries([...list].sort((a, b) => a.id - b.id).map((entry) => [entry.id, canonical(entry.result)]));
  return { stored: byId(members), fresh: byId(fresh) };
}

/** How many performances' stored results differ from the fresh tabulation. */
export async function wrongResults(db: Db, roundId: number, divisionId: number): Promise<number> {
  const { stored, fresh } = await storedAndFresh(db, roundId, divisionId);
  return Object.keys(fresh).filter((id) => JSON.stringify(stored[id]) !== JSON.stringify(fresh[id])).length;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  return value;
}
