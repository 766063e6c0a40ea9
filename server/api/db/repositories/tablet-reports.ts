/**
 * What each judge's tablet last said of itself (a heartbeat of the judge's page: device, build, battery, what waits
 * to be sent, what it records), one row per user and device, and a competition's seated judges with theirs for the
 * tablet status page (docs/decisions/128-commentary-api.md).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { groups, panelJudges, performances, rounds, tabletReports, users, type TabletReport } from '../schema.js';

/** a user's devices kept: a judge with more tablets than this keeps the ones heard from last */
const DEVICES_PER_USER = 5;

export async function recordTabletReport(
  db: DbOrTx,
  input: { orgId: number; userId: number; deviceId: string; report: TabletReport },
): Promise<Date> {
  const [row] = await db
    .insert(tabletReports)
    .values(input)
    .onConflictDoUpdate({
      target: [tabletReports.userId, tabletReports.deviceId],
      set: { report: input.report, lastSeenAt: sql`now()` },
    })
    .returning({ lastSeenAt: tabletReports.lastSeenAt });
  await db.execute(sql`
    DELETE FROM tablet_reports t WHERE t.user_id = ${input.userId} AND t.device_id NOT IN (
      SELECT k.device_id FROM tablet_reports k WHERE k.user_id = ${input.userId}
      ORDER BY k.last_seen_at DESC LIMIT ${DEVICES_PER_USER})`);
  return row.lastSeenAt;
}

export interface SeatedJudge {
  userId: number;
  name: string;
  email: string;
  seats: { round: number; divisionId: number; captionKey: string }[];
  tablets: { deviceId: string; lastSeenAt: Date; report: TabletReport }[];
}

/** The competition's judges seated by user, each with their seats and their tablets' last reports (newest first). */
export async function competitionTablets(db: DbOrTx, orgId: number, competitionId: number): Promise<SeatedJudge[]> {
  const seats = await db
    .select({
      userId: panelJudges.userId,
      round: rounds.number,
      divisionId: panelJudges.divisionId,
      captionKey: panelJudges.captionKey,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(panelJudges)
    .innerJoin(rounds, eq(rounds.id, panelJudges.roundId))
    .innerJoin(users, eq(users.id, panelJudges.userId))
    .where(and(eq(panelJudges.orgId, orgId), eq(rounds.competitionId, competitionId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id), asc(rounds.number), asc(panelJudges.id));
  const judges = new Map<number, SeatedJudge>();
  for (const seat of seats) {
    const userId = seat.userId!;
    let judge = judges.get(userId);
    if (!judge) {
      const name = `${seat.firstName} ${seat.lastName}`.trim() || seat.email;
      judges.set(userId, (judge = { userId, name, email: seat.email, seats: [], tablets: [] }));
    }
    judge.seats.push({ round: seat.round, divisionId: seat.divisionId, captionKey: seat.captionKey });
  }
  if (judges.size === 0) return [];
  const reports = await db
    .select()
    .from(tabletReports)
    .where(and(eq(tabletReports.orgId, orgId), inArray(tabletReports.userId, [...judges.keys()])))
    .orderBy(desc(tabletReports.lastSeenAt));
  for (const report of reports)
    judges.get(report.userId)?.tablets.push({
      deviceId: report.deviceId,
      lastSeenAt: report.lastSeenAt,
      report: report.report,
    });
  return [...judges.values()];
}

/** Reports not renewed for a week: a tablet put away. */
export async function purgeOldTabletReports(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(tabletReports)
    .where(sql`${tabletReports.lastSeenAt} < now() - interval '7 days'`)
    .returning({ deviceId: tabletReports.deviceId });
  return deleted.length;
}

/** The group of each performance named (a tablet's "recording now"), of the organization's performances only. */
export async function groupsOfPerformances(
  db: DbOrTx,
  orgId: number,
  performanceIds: readonly number[],
): Promise<Map<number, string>> {
  if (performanceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: performances.id, name: groups.name })
    .from(performances)
    .innerJoin(groups, eq(groups.id, performances.groupId))
    .where(and(eq(performances.orgId, orgId), inArray(performances.id, [...performanceIds])));
  return new Map(rows.map((row) => [row.id, row.name]));
}
