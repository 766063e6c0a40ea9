import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import {
  competitions,
  divisions,
  events,
  groups,
  organizations,
  panelJudges,
  performances,
  roundSheets,
  rounds,
  seasons,
} from '../schema.js';
import type { PerformanceResult, ScoreSheet } from '../../tabulation/types.js';
import { servedCircuitId } from './groups.read.js';
import {
  roundReleasedSql,
  sectionCorrections,
  sectionKey,
  sectionStates,
  type Correction,
  type SignOff,
} from './sections.read.js';

const competitionColumns = {
  id: competitions.id,
  guid: competitions.guid,
  /** the address of the competition's published pages holds it (routes/pages/addresses.ts) */
  orgGuid: organizations.guid,
  name: competitions.name,
  startsAt: competitions.startsAt,
  chiefJudge: competitions.chiefJudge,
  orgCompetitionId: competitions.orgCompetitionId,
  groupTypeId: competitions.groupTypeId,
  eventId: events.id,
  eventGuid: events.guid,
  eventName: events.name,
  location: events.location,
  practice: events.practice,
  seasonId: seasons.id,
  seasonGuid: seasons.guid,
  seasonName: seasons.name,
  seasonYear: seasons.year,
};

export type CompetitionRecord = Awaited<ReturnType<typeof findCompetition>> & {};

function baseQuery(db: DbOrTx) {
  return db
    .select(competitionColumns)
    .from(competitions)
    .innerJoin(events, eq(events.id, competitions.eventId))
    .innerJoin(seasons, eq(seasons.id, events.seasonId))
    .innerJoin(organizations, eq(organizations.id, competitions.orgId));
}

export async function findCompetition(db: DbOrTx, orgId: number, by: { id: number } | { guid: string }) {
  const match = 'id' in by ? eq(competitions.id, by.id) : eq(competitions.guid, by.guid);
  const [row] = await baseQuery(db).where(and(eq(competitions.orgId, orgId), match));
  return row;
}

export async function listCompetitions(
  db: DbOrTx,
  orgId: number,
  filters: { seasonYear?: number; includePractice: boolean },
) {
  const conditions: SQL[] = [eq(competitions.orgId, orgId)];
  if (filters.seasonYear !== undefined) conditions.push(eq(seasons.year, filters.seasonYear));
  if (!filters.includePractice) conditions.push(eq(events.practice, false));
  return baseQuery(db)
    .where(and(...conditions))
    .orderBy(asc(competitions.startsAt), asc(competitions.id));
}

export type RoundRow = typeof rounds.$inferSelect;

/**
 * A competition's rounds; `scoresReleased` says whether some division of the round is released (divisions are
 * released one by one: decision 082), as v4's rounds and v2's recap flags show it.
 */
export async function roundsOf(db: DbOrTx, orgId: number, competitionIds: number[]): Promise<RoundRow[]> {
  if (competitionIds.length === 0) return [];
  return db
    .select({
      id: rounds.id,
      orgId: rounds.orgId,
      competitionId: rounds.competitionId,
      number: rounds.number,
      name: rounds.name,
      scoresReleased: roundReleasedSql,
    })
    .from(rounds)
    .where(and(eq(rounds.orgId, orgId), inArray(rounds.competitionId, competitionIds)))
    .orderBy(asc(rounds.competitionId), asc(rounds.number));
}

export interface SectionPerformance {
  id: number;
  group: { id: number; guid: string; name: string; location: string; circuitId: string };
  performed: boolean;
  noScoreReason: string;
  performsAt: Date | null;
  order: number;
  result: PerformanceResult | null;
}

export interface CompetitionSection {
  round: RoundRow;
  division: { id: number; name: string; initials: string; sortOrder: number };
  sheet: ScoreSheet | null;
  judges: Map<string, { firstName: string; lastName: string }>;
  performances: SectionPerformance[];
  /** whether this division and round is released (decision 082): only released sections reach fans */
  released: boolean;
  /** the chief judge's sign-off, null when not signed off */
  signOff: SignOff | null;
  /** changes to its numbers after release, oldest first (decision 083) */
  corrections: Correction[];
}

/**
 * Every division and round of a competition with its sheet, judges and performances (results included as
 * stored by the last tabulation), its release, sign-off and corrections. Callers decide what is visible: unreleased
 * sections (`released` false) must not be shown outside the show's own review.
 */
export async function competitionSections(
  db: DbOrTx,
  orgId: number,
  competitionId: number,
): Promise<CompetitionSection[]> {
  const roundRows = await roundsOf(db, orgId, [competitionId]);
  if (roundRows.length === 0) return [];
  const roundIds = roundRows.map((r) => r.id);
  const [sheetRows, judgeRows, performanceRows, corrections] = await Promise.all([
    db.select().from(roundSheets).where(inArray(roundSheets.roundId, roundIds)),
    db.select().from(panelJudges).where(inArray(panelJudges.roundId, roundIds)),
    db
      .select({
        id: performances.id,
        roundId: performances.roundId,
        performed: performances.performed,
        noScoreReason: performances.noScoreReason,
        performsAt: performances.performsAt,
        order: performances.performanceOrder,
        result: performances.result,
        group: {
          id: groups.id,
          guid: groups.guid,
          name: groups.name,
          location: groups.location,
          circuitId: servedCircuitId,
        },
        division: {
          id: divisions.id,
          name: divisions.name,
          initials: divisions.initials,
          sortOrder: divisions.sortOrder,
        },
      })
      .from(performances)
      .innerJoin(groups, eq(groups.id, performances.groupId))
      .innerJoin(divisions, eq(divisions.id, performances.divisionId))
      .where(and(eq(performances.orgId, orgId), inArray(performances.roundId, roundIds)))
      .orderBy(asc(performances.performanceOrder), asc(performances.id)),
    sectionCorrections(db, orgId, roundIds),
  ]);
  const states = await sectionStates(
    db,
    orgId,
    performanceRows.map((row) => ({ roundId: row.roundId, divisionId: row.division.id })),
  );

  const sections = new Map<string, CompetitionSection>();
  const roundById = new Map(roundRows.map((r) => [r.id, r]));
  for (const row of performanceRows) {
    const key = sectionKey(row.roundId, row.division.id);
    let section = sections.get(key);
    if (!section) {
      const sheet =
        sheetRows.find((s) => s.roundId === row.roundId && s.divisionId === row.division.id)?.definition ?? null;
      const judges = new Map(
        judgeRows
          .filter((j) => j.roundId === row.roundId && j.divisionId === row.division.id)
          .map((j) => [j.captionKey, { firstName: j.firstName, lastName: j.lastName }]),
      );
      const state = states.get(key);
      section = {
        round: roundById.get(row.roundId)!,
        division: row.division,
        sheet,
        judges,
        performances: [],
        released: state?.released ?? false,
        signOff: state?.signOff ?? null,
        corrections: corrections.get(key) ?? [],
      };
      sections.set(key, section);
    }
    section.performances.push({
      id: row.id,
      group: row.group,
      performed: row.performed,
      noScoreReason: row.noScoreReason,
      performsAt: row.performsAt,
      order: row.order,
      result: row.result,
    });
  }
  return [...sections.values()].sort(
    (a, b) =>
      a.round.number - b.round.number ||
      a.division.sortOrder - b.division.sortOrder ||
      a.division.name.localeCompare(b.division.name),
  );
}
