import { and, eq, sql } from 'drizzle-orm';
import type { JudgedCaption } from '../../../../domain/judges.js';
import type { DbOrTx } from '../database.js';
import { competitions, divisions, events, panelJudges, rounds } from '../schema.js';

/**
 * The captions judged in a season's released rounds, as v2's performance records show them: only in a division
 * and round with a score sheet and at least one group that performed and was scored (v2 prints the captions of
 * those performances only), practice events included (v2's listing names them too).
 */
export async function seasonJudgedCaptions(db: DbOrTx, orgId: number, seasonId: number): Promise<JudgedCaption[]> {
  const rows = await db
    .select({
      firstName: panelJudges.firstName,
      lastName: panelJudges.lastName,
      competition: competitions.guid,
      round: rounds.number,
      division: divisions.name,
      captionKey: panelJudges.captionKey,
    })
    .from(panelJudges)
    .innerJoin(rounds, eq(rounds.id, panelJudges.roundId))
    .innerJoin(competitions, eq(competitions.id, rounds.competitionId))
    .innerJoin(events, eq(events.id, competitions.eventId))
    .innerJoin(divisions, eq(divisions.id, panelJudges.divisionId))
    .where(
      and(
        eq(panelJudges.orgId, orgId),
        eq(events.seasonId, seasonId),
        eq(rounds.scoresReleased, true),
        sql`EXISTS (SELECT 1 FROM round_sheets s WHERE s.round_id = ${panelJudges.roundId} AND s.division_id = ${panelJudges.divisionId})`,
        sql`EXISTS (SELECT 1 FROM performances p WHERE p.round_id = ${panelJudges.roundId} AND p.division_id = ${panelJudges.divisionId}
          AND p.performed AND coalesce((p.result->>'performed')::boolean, false))`,
      ),
    );
  return rows.map((row) => ({
    firstName: row.firstName,
    lastName: row.lastName,
    competition: row.competition,
    caption: `${row.round}\u0000${row.division}\u0000${row.captionKey}`,
  }));
}
