import { and, eq, sql, type SQL } from 'drizzle-orm';
import { judgeName, type JudgedCaption } from '../../../../domain/judges.js';
import type { DbOrTx } from '../database.js';
import { competitions, divisions, events, panelJudges, rounds } from '../schema.js';
import { sectionReleasedSql } from './sections.read.js';

/**
 * The captions judged in a season's released rounds, as v2's performance records show them: only in a division
 * and round with a score sheet and at least one group that performed and was scored (v2 prints the captions of
 * those performances only), practice events included (v2's listing names them too).
 */
export async function seasonJudgedCaptions(db: DbOrTx, orgId: number, seasonId: number): Promise<JudgedCaption[]> {
  return judgedCaptions(db, orgId, eq(events.seasonId, seasonId));
}

/**
 * The captions judged by the judge of this name (domain/judges.ts judgeName) in every season, each with its season:
 * the same rule as a season's list, so a season's entry here equals the judge's entry in that season's list.
 */
export async function judgeJudgedCaptions(
  db: DbOrTx,
  orgId: number,
  name: string,
): Promise<(JudgedCaption & { seasonId: number })[]> {
  // Postgres trims spaces where judgeName trims all white space: the SQL narrows, the one rule decides after it.
  const named = sql`trim(trim(${panelJudges.firstName}) || ' ' || trim(${panelJudges.lastName})) = ${name}`;
  return (await judgedCaptions(db, orgId, named)).filter(
    (judged) => judgeName(judged.firstName, judged.lastName) === name,
  );
}

async function judgedCaptions(db: DbOrTx, orgId: number, which: SQL | undefined) {
  const rows = await db
    .select({
      seasonId: events.seasonId,
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
        which,
        sectionReleasedSql(panelJudges.roundId, panelJudges.divisionId),
        sql`EXISTS (SELECT 1 FROM round_sheets s WHERE s.round_id = ${panelJudges.roundId} AND s.division_id = ${panelJudges.divisionId})`,
        sql`EXISTS (SELECT 1 FROM performances p WHERE p.round_id = ${panelJudges.roundId} AND p.division_id = ${panelJudges.divisionId}
          AND p.performed AND coalesce((p.result->>'performed')::boolean, false))`,
      ),
    );
  return rows.map((row) => ({
    seasonId: row.seasonId,
    firstName: row.firstName,
    lastName: row.lastName,
    competition: row.competition,
    caption: `${row.round}\u0000${row.division}\u0000${row.captionKey}`,
  }));
}
