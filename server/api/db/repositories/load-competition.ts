/**
 * The bulk write path for recap imports and the sample circuit: one whole competition (event, rounds, sheets,
 * panels, performances, scores, penalties) in one transaction with a fixed number of multi-row statements, however
 * many performances and score lines it holds. Every division+round is tabulated from the numbers being written and
 * the performances are inserted with their results (decision 006's tabulate-on-write, without reading back what
 * was just written).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../database.js';
import * as t from '../schema.js';
import type { PerformanceResult, ScoreSheet, SubcaptionScore } from '../../tabulation/types.js';
import { rowsOf } from '../migrate.js';
import { validateScores } from '../../tabulation/validate.js';
import { RuleViolation } from './errors.js';
import { tabulateDivisionRound, type DivisionRound } from './retabulate.js';
import { checkSheet } from './sheet-rules.js';
import {
  calendarDateTimestamp,
  fromThousandths,
  orgWrite,
  requireDate,
  requireOwned,
  requireText,
  toThousandths,
} from './support.js';

export interface LoadJudge {
  captionKey: string;
  firstName: string;
  lastName: string;
}

export interface LoadPerformance {
  groupName: string;
  groupLocation: string;
  performed: boolean;
  noScoreReason: string;
  /** empty for a performance not yet scored (a schedule) */
  scores: SubcaptionScore[];
  /** total penalty in points (positive) */
  penalty: number;
  /** scheduled start */
  performsAt?: Date | null;
  /** running order; defaults to the position in the section */
  order?: number;
}

/** One division of one round: the shape of the recap importer's `ImportedRecap` sections. */
export interface LoadSection {
  divisionName: string;
  roundNumber: number;
  roundName: string;
  /** group type of a division the load creates; the competition's when absent */
  groupTypeId?: number;
  sheet: ScoreSheet;
  judges: LoadJudge[];
  performances: LoadPerformance[];
}

export interface LoadCompetitionInput {
  /** event name */
  title: string;
  location: string;
  /** yyyy-mm-dd, the event's (first) day */
  date: string;
  chiefJudge?: string | null;
  /** the season to file the event under; otherwise the season containing `date` (or of `seasonYear`) */
  seasonId?: number;
  seasonYear?: number;
  /** group type of the competition, and of divisions and groups the load has to create */
  groupTypeId: number;
  /** whether the scores (and recaps) are published */
  released: boolean;
  sections: LoadSection[];
  /** add the competition to an existing event instead of creating one, or set the new event's flags */
  event?: {
    id?: number;
    guid?: string;
    eventTypeId?: number;
    practice?: boolean;
    videoEnabled?: boolean;
    commentaryEnabled?: boolean;
  };
  competition?: {
    /** defaults to the group type's name */
    name?: string;
    guid?: string;
    /** defaults to `date` as a calendar date (see `calendarDateTimestamp`) */
    startsAt?: Date;
    orgCompetitionId?: string;
    /** release only these round numbers (overrides `released` for the rounds; recaps stay unreleased) */
    releasedRounds?: number[];
  };
}

export interface LoadCompetitionOptions {
  /** guid source for created rows (the sample circuit passes a seeded one so two loads are identical) */
  newGuid?: () => string;
}

export interface LoadedCompetition {
  seasonId: number;
  eventId: number;
  competitionId: number;
  /** round number -> round id */
  roundIds: Map<number, number>;
  performances: number;
  createdDivisions: number;
  createdGroups: number;
}

/** Rows per multi-row INSERT: well under PostgreSQL's 65535 bind parameters for the widest table. */
const CHUNK = 2000;

export async function loadCompetition(
  db: DbOrTx,
  orgId: number,
  input: LoadCompetitionInput,
  options: LoadCompetitionOptions = {},
): Promise<LoadedCompetition> {
  const newGuid = options.newGuid ?? randomUUID;
  const title = requireText('title', input.title);
  const date = requireDate('date', input.date);
  checkSections(input.sections);

  // One write unit (support.ts): a savepoint in a caller's transaction, the organization's version bumped once.
  return orgWrite(db, orgId, async (tx) => {
    const groupTypeNames = await requireGroupTypes(tx, [
      input.groupTypeId,
      ...input.sections.flatMap((section) => section.groupTypeId ?? []),
    ]);
    const seasonId = await resolveSeason(tx, orgId, input, newGuid);
    const eventId = input.event?.id
      ? (await requireOwned(tx, t.events, 'event', orgId, input.event.id)).id
      : (
          await tx
            .insert(t.events)
            .values({
              orgId,
              guid: input.event?.guid ?? newGuid(),
              seasonId,
              name: title,
              location: input.location.trim(),
              eventTypeId: input.event?.eventTypeId ?? 1,
              practice: input.event?.practice ?? false,
              videoEnabled: input.event?.videoEnabled ?? false,
              commentaryEnabled: input.event?.commentaryEnabled ?? false,
              startDate: date,
            })
            .returning({ id: t.events.id })
        )[0].id;
    const competitionName = input.competition?.name ?? groupTypeNames.get(input.groupTypeId)!;
    const [competition] = await tx
      .insert(t.competitions)
      .values({
        orgId,
        eventId,
        guid: input.competition?.guid ?? newGuid(),
        name: competitionName,
        startsAt: input.competition?.startsAt ?? calendarDateTimestamp(date),
        chiefJudge: (input.chiefJudge ?? '').trim(),
        orgCompetitionId: input.competition?.orgCompetitionId ?? '',
        groupTypeId: input.groupTypeId,
        categoryRecapReleased: input.released && !input.competition?.releasedRounds,
        recapReleased: input.released && !input.competition?.releasedRounds,
      })
      .returning({ id: t.competitions.id });

    const { divisions, created: createdDivisions } = await findOrCreateDivisions(tx, orgId, input);
    const { groupIds, created: createdGroups } = await findOrCreateGroups(tx, orgId, input, divisions, newGuid);

    const roundNames = new Map<number, string>();
    for (const section of input.sections) {
      if (!roundNames.has(section.roundNumber) || section.roundName)
        roundNames.set(section.roundNumber, section.roundName);
    }
    const releasedRounds = input.competition?.releasedRounds;
    if (roundNames.size === 0) {
      return {
        seasonId,
        eventId,
        competitionId: competition.id,
        roundIds: new Map(),
        performances: 0,
        createdDivisions,
        createdGroups,
      };
    }
    const roundRows = await tx
      .insert(t.rounds)
      .values(
        [...roundNames].map(([number, name]) => ({
          orgId,
          competitionId: competition.id,
          number,
          name,
          scoresReleased: releasedRounds ? releasedRounds.includes(number) : input.released,
        })),
      )
      .returning({ id: t.rounds.id, number: t.rounds.number });
    const roundIds = new Map(roundRows.map((row) => [row.number, row.id]));

    const targets: DivisionRound[] = input.sections.map((section) => ({
      roundId: roundIds.get(section.roundNumber)!,
      divisionId: divisions.get(section.divisionName)!.id,
    }));
    await tx
      .insert(t.roundSheets)
      .values(input.sections.map((section, i) => ({ ...targets[i], orgId, definition: section.sheet })));
    const judges = input.sections.flatMap((section, i) =>
      section.judges.map((judge) => ({
        ...targets[i],
        orgId,
        captionKey: judge.captionKey,
        firstName: judge.firstName.trim(),
        lastName: judge.lastName.trim(),
      })),
    );
    for (const chunk of chunks(judges)) await tx.insert(t.panelJudges).values(chunk);

    const entries = input.sections.flatMap((section, i) =>
      section.performances.map((performance, position) => ({ section: i, performance, position })),
    );
    const performanceIds = await reservePerformanceIds(tx, entries.length);
    const results = tabulateSections(input.sections, entries, performanceIds);
    for (let start = 0; start < entries.length; start += CHUNK) {
      await tx.insert(t.performances).values(
        entries.slice(start, start + CHUNK).map(({ section, performance, position }, offset) => ({
          id: performanceIds[start + offset],
          orgId,
          ...targets[section],
          groupId: groupIds.get(
            groupKey(performance.groupName, divisions.get(input.sections[section].divisionName)!.groupTypeId),
          )!,
          performsAt: performance.performsAt ?? null,
          performanceOrder: performance.order ?? position + 1,
          performed: performance.performed,
          noScoreReason: performance.noScoreReason.trim(),
          penaltyThousandths: toThousandths(performance.penalty),
          result: results.get(performanceIds[start + offset]) ?? null,
        })),
      );
    }

    const scoreRows = entries.flatMap(({ performance }, i) =>
      performance.scores.map((score) => ({
        performance_id: performanceIds[i],
        caption_key: score.captionKey,
        subcaption_key: score.subcaptionKey,
        score_thousandths: toThousandths(score.score),
      })),
    );
    // One JSON parameter instead of four bind parameters per line: thousands of lines cost one statement.
    for (const chunk of chunks(scoreRows, 20_000)) {
      await tx.execute(sql`
        INSERT INTO subcaption_scores (performance_id, caption_key, subcaption_key, score_thousandths)
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
          AS s(performance_id integer, caption_key text, subcaption_key text, score_thousandths integer)`);
    }
    const penaltyRows = entries
      .map(({ performance }, i) => ({
        performanceId: performanceIds[i],
        amountThousandths: toThousandths(performance.penalty),
      }))
      .filter((row) => row.amountThousandths > 0);
    for (const chunk of chunks(penaltyRows)) await tx.insert(t.penalties).values(chunk);

    return {
      seasonId,
      eventId,
      competitionId: competition.id,
      roundIds,
      performances: performanceIds.length,
      createdDivisions,
      createdGroups,
    };
  });
}

/** Ids for `count` new performances, taken from their sequence in one statement so results can name them. */
async function reservePerformanceIds(tx: Tx, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence('performances', 'id'))::integer AS id FROM generate_series(1, ${count})`,
  );
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/**
 * Every section's results, tabulated from the numbers about to be stored (as the database will hold them, in
 * thousandths) by the same rule as a re-tabulation, so the load needs no read-back: performance id -> result.
 */
function tabulateSections(
  sections: readonly LoadSection[],
  entries: readonly { section: number; performance: LoadPerformance }[],
  ids: readonly number[],
): Map<number, PerformanceResult | null> {
  const results = new Map<number, PerformanceResult | null>();
  sections.forEach((section, s) => {
    const members = entries.flatMap((entry, i) =>
      entry.section === s
        ? [
            {
              id: ids[i],
              performed: entry.performance.performed,
              penaltyThousandths: toThousandths(entry.performance.penalty),
              scores: entry.performance.scores.map((score) => ({
                ...score,
                score: fromThousandths(toThousandths(score.score)),
              })),
            },
          ]
        : [],
    );
    for (const { id, result } of tabulateDivisionRound(section.sheet, members)) results.set(id, result);
  });
  return results;
}

function checkSections(sections: readonly LoadSection[]): void {
  const seen = new Set<string>();
  sections.forEach((section, s) => {
    const at = `sections[${s}]`;
    requireText(`${at}.divisionName`, section.divisionName);
    if (!Number.isInteger(section.roundNumber) || section.roundNumber < 1) {
      throw new RuleViolation(`${at}.roundNumber`, 'roundNumber must be 1 or more');
    }
    const key = `${section.roundNumber}:${section.divisionName}`;
    if (seen.has(key))
      throw new RuleViolation(at, `division "${section.divisionName}" appears twice in round ${section.roundNumber}`);
    seen.add(key);
    checkSheet(`${at}.sheet`, section.sheet);
    const groups = new Set<string>();
    section.performances.forEach((performance, p) => {
      const performanceAt = `${at}.performances[${p}]`;
      requireText(`${performanceAt}.groupName`, performance.groupName);
      if (groups.has(performance.groupName)) {
        throw new RuleViolation(
          `${performanceAt}.groupName`,
          `"${performance.groupName}" performs twice in the section`,
        );
      }
      groups.add(performance.groupName);
      const problems = validateScores(section.sheet, performance.scores);
      if (problems.length > 0) throw new RuleViolation(`${performanceAt}.${problems[0].field}`, problems[0].message);
      if (!Number.isFinite(performance.penalty) || performance.penalty < 0) {
        throw new RuleViolation(`${performanceAt}.penalty`, 'a penalty is a positive number of points');
      }
    });
  });
}

async function resolveSeason(
  tx: Tx,
  orgId: number,
  input: LoadCompetitionInput,
  newGuid: () => string,
): Promise<number> {
  if (input.event?.id) {
    const event = await requireOwned(tx, t.events, 'event', orgId, input.event.id);
    return event.seasonId;
  }
  if (input.seasonId !== undefined) return (await requireOwned(tx, t.seasons, 'season', orgId, input.seasonId)).id;
  const where =
    input.seasonYear !== undefined
      ? and(eq(t.seasons.orgId, orgId), eq(t.seasons.year, input.seasonYear))
      : and(eq(t.seasons.orgId, orgId), lte(t.seasons.startDate, input.date), gte(t.seasons.endDate, input.date));
  const found = await tx.select({ id: t.seasons.id }).from(t.seasons).where(where).limit(1);
  if (found.length > 0) return found[0].id;
  // An import from a season the organization has not set up yet files it under a calendar-year season.
  const year = input.seasonYear ?? Number(input.date.slice(0, 4));
  const name = `${year} Season`;
  const [row] = await tx
    .insert(t.seasons)
    .values({ orgId, guid: newGuid(), name, year, startDate: `${year}-01-01`, endDate: `${year}-12-31` })
    .onConflictDoUpdate({ target: [t.seasons.orgId, t.seasons.name], set: { year: sql`${t.seasons.year}` } })
    .returning({ id: t.seasons.id });
  return row.id;
}

/** Names of the group types, by id, in one query; an unknown id is refused like `requireGroupType` refuses it. */
async function requireGroupTypes(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select({ id: t.groupTypes.id, name: t.groupTypes.name })
    .from(t.groupTypes)
    .where(inArray(t.groupTypes.id, wanted));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const unknown = wanted.find((id) => !names.has(id));
  if (unknown !== undefined) throw new RuleViolation('groupTypeId', `unknown group type ${unknown}`);
  return names;
}

interface DivisionRef {
  id: number;
  groupTypeId: number;
}

/** Divisions by name within the organization; a missing one is created with the section's sheet as its sheet. */
async function findOrCreateDivisions(
  tx: Tx,
  orgId: number,
  input: LoadCompetitionInput,
): Promise<{ divisions: Map<string, DivisionRef>; created: number }> {
  const names = [...new Set(input.sections.map((section) => section.divisionName))];
  const found = await tx
    .select({ id: t.divisions.id, name: t.divisions.name, groupTypeId: t.divisions.groupTypeId })
    .from(t.divisions)
    .where(and(eq(t.divisions.orgId, orgId), inArray(t.divisions.name, names)));
  const divisions = new Map<string, DivisionRef>(found.map((row) => [row.name, row]));
  const toCreate = names
    .filter((name) => !divisions.has(name))
    .map((name) => input.sections.find((section) => section.divisionName === name)!);
  if (toCreate.length === 0) return { divisions, created: 0 };

  const sheets = await tx
    .insert(t.scoreSheets)
    .values(toCreate.map((section) => ({ orgId, name: section.sheet.name, definition: section.sheet })))
    .returning({ id: t.scoreSheets.id });
  const created = await tx
    .insert(t.divisions)
    .values(
      toCreate.map((section, i) => ({
        orgId,
        name: section.divisionName,
        initials: initialsOf(section.divisionName),
        groupTypeId: section.groupTypeId ?? input.groupTypeId,
        scoreSheetId: sheets[i].id,
        sortOrder: 1000 + i,
      })),
    )
    .returning({ id: t.divisions.id, name: t.divisions.name, groupTypeId: t.divisions.groupTypeId });
  for (const row of created) divisions.set(row.name, row);
  return { divisions, created: created.length };
}

function groupKey(name: string, groupTypeId: number): string {
  return `${groupTypeId}:${name}`;
}

/**
 * Groups by name and group type within the organization (the same school fields a guard and a drum line); a
 * missing group is created in the division it performs in.
 */
async function findOrCreateGroups(
  tx: Tx,
  orgId: number,
  input: LoadCompetitionInput,
  divisions: Map<string, DivisionRef>,
  newGuid: () => string,
): Promise<{ groupIds: Map<string, number>; created: number }> {
  const names = [...new Set(input.sections.flatMap((section) => section.performances.map((p) => p.groupName)))];
  const groupIds = new Map<string, number>();
  if (names.length === 0) return { groupIds, created: 0 };
  const found = await tx
    .select({ id: t.groups.id, name: t.groups.name, groupTypeId: t.groups.groupTypeId })
    .from(t.groups)
    .where(and(eq(t.groups.orgId, orgId), inArray(t.groups.name, names)))
    .orderBy(t.groups.id);
  for (const row of found) {
    const key = groupKey(row.name, row.groupTypeId);
    if (!groupIds.has(key)) groupIds.set(key, row.id);
  }
  const missing = new Map<string, typeof t.groups.$inferInsert>();
  for (const section of input.sections) {
    const division = divisions.get(section.divisionName)!;
    for (const performance of section.performances) {
      const key = groupKey(performance.groupName, division.groupTypeId);
      if (groupIds.has(key) || missing.has(key)) continue;
      missing.set(key, {
        orgId,
        guid: newGuid(),
        name: performance.groupName.trim(),
        location: performance.groupLocation.trim(),
        divisionId: division.id,
        groupTypeId: division.groupTypeId,
      });
    }
  }
  const keys = [...missing.keys()];
  for (let start = 0; start < keys.length; start += CHUNK) {
    const slice = keys.slice(start, start + CHUNK);
    const rows = await tx
      .insert(t.groups)
      .values(slice.map((key) => missing.get(key)!))
      .returning({ id: t.groups.id });
    slice.forEach((key, i) => groupIds.set(key, rows[i].id));
  }
  return { groupIds, created: keys.length };
}

function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  return words
    .map((word) => (/^\d/.test(word) ? word : word[0].toUpperCase()))
    .join('')
    .slice(0, 10);
}

function* chunks<T>(rows: readonly T[], size = CHUNK): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
