import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase, type Database, type Db } from '../../server/api/db/database.js';
import { applyMigrations } from '../../server/api/db/migrate.js';
import * as t from '../../server/api/db/schema.js';
import { RuleViolation } from '../../server/api/db/repositories/errors.js';
import {
  loadCompetition,
  type LoadCompetitionInput,
  type LoadSection,
} from '../../server/api/db/repositories/load-competition.js';
import { colorGuardSheet, percussionSheet } from '../../domain/score-sheets/index.js';
import type { ScoreSheet } from '../../server/api/tabulation/types.js';
import { newOrganization, versionOf } from './factory.js';
import { createDivision, createSeason } from '../helpers/setup-writes.js';

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

/** Every line of the sheet at `score`. */
function sheetScores(sheet: ScoreSheet, score: number) {
  return sheet.categories.flatMap((category) =>
    category.captions.flatMap((caption) =>
      caption.subcaptions.map((line) => ({ captionKey: caption.key, subcaptionKey: line.key, score })),
    ),
  );
}

function section(
  divisionName: string,
  sheet: ScoreSheet,
  scores: number[],
  overrides: Partial<LoadSection> = {},
): LoadSection {
  return {
    divisionName,
    roundNumber: 1,
    roundName: 'Finals',
    sheet,
    judges: sheet.categories.flatMap((category) =>
      category.captions.map((caption) => ({ captionKey: caption.key, firstName: 'Judge', lastName: caption.initials })),
    ),
    performances: scores.map((score, i) => ({
      groupName: `${divisionName} Group ${i + 1}`,
      groupLocation: 'Katy, TX',
      performed: true,
      noScoreReason: '',
      scores: sheetScores(sheet, score),
      penalty: 0,
    })),
    ...overrides,
  };
}

function recap(overrides: Partial<LoadCompetitionInput> = {}): LoadCompetitionInput {
  return {
    title: 'Katy Invitational',
    location: 'Katy, TX',
    date: '2027-02-13',
    chiefJudge: 'Pat Chief',
    seasonYear: 2027,
    groupTypeId: 1,
    released: true,
    sections: [
      section('Scholastic A', colorGuardSheet, [70, 80, 75]),
      section('Scholastic Open', colorGuardSheet, [85, 85]),
    ],
    ...overrides,
  };
}

it('writes a whole recap in one transaction, tabulated, with one version bump', async () => {
  const org = await newOrganization(db);
  await createSeason(db, org.id, {
    name: '2026-27 Season',
    year: 2027,
    startDate: '2026-08-01',
    endDate: '2027-05-31',
  });
  await createDivision(db, org.id, { name: 'Scholastic A', initials: 'SA', groupTypeId: 1 });
  const input = recap();
  input.sections[0].performances[0].penalty = 0.5;
  input.sections[0].performances[2] = {
    ...input.sections[0].performances[2],
    performed: false,
    noScoreReason: 'Withdrew',
    scores: [],
  };
  const version = await versionOf(db, org.id);

  const loaded = await loadCompetition(db, org.id, input);
  expect(loaded).toMatchObject({ performances: 5, createdDivisions: 1, createdGroups: 5 });
  expect(await versionOf(db, org.id)).toBe(version + 1);

  const [event] = await db.select().from(t.events).where(eq(t.events.id, loaded.eventId));
  const [season] = await db.select().from(t.seasons).where(eq(t.seasons.id, event.seasonId));
  expect(season.name).toBe('2026-27 Season');
  const [competition] = await db.select().from(t.competitions).where(eq(t.competitions.id, loaded.competitionId));
  expect(competition).toMatchObject({ name: 'Color Guard', chiefJudge: 'Pat Chief', recapReleased: true });
  const rounds = await db.select().from(t.rounds).where(eq(t.rounds.competitionId, competition.id));
  expect(rounds.map((round) => [round.number, round.name, round.scoresReleased])).toEqual([[1, 'Finals', true]]);

  const rows = await db
    .select({
      group: t.groups.name,
      performed: t.performances.performed,
      reason: t.performances.noScoreReason,
      result: t.performances.result,
      order: t.performances.performanceOrder,
    })
    .from(t.performances)
    .innerJoin(t.groups, eq(t.groups.id, t.performances.groupId))
    .where(inArray(t.performances.roundId, [...loaded.roundIds.values()]))
    .orderBy(t.groups.name);
  expect(rows.map((row) => [row.group, row.result?.total.score ?? null, row.result?.total.rank ?? null])).toEqual([
    ['Scholastic A Group 1', 69.5, 2],
    ['Scholastic A Group 2', 80, 1],
    // did not perform: last, shared, as published recaps rank such a group
    ['Scholastic A Group 3', 0, 3],
    ['Scholastic Open Group 1', 85, 1],
    ['Scholastic Open Group 2', 85, 1],
  ]);
  expect(rows[2]).toMatchObject({ performed: false, reason: 'Withdrew', order: 3 });
  const judges = await db
    .select()
    .from(t.panelJudges)
    .where(eq(t.panelJudges.roundId, loaded.roundIds.get(1)!));
  expect(judges).toHaveLength(10);
  const lines = await db
    .select()
    .from(t.subcaptionScores)
    .innerJoin(t.performances, eq(t.performances.id, t.subcaptionScores.performanceId))
    .where(eq(t.performances.roundId, loaded.roundIds.get(1)!));
  expect(lines).toHaveLength(4 * 10);
  const penalties = await db
    .select({ amount: t.penalties.amountThousandths })
    .from(t.penalties)
    .innerJoin(t.performances, eq(t.performances.id, t.penalties.performanceId))
    .where(eq(t.performances.roundId, loaded.roundIds.get(1)!));
  expect(penalties).toEqual([{ amount: 500 }]);
});

it('finds divisions and groups by name on a second load and adds to an existing event', async () => {
  const org = await newOrganization(db);
  const first = await loadCompetition(db, org.id, recap());
  const second = await loadCompetition(db, org.id, {
    ...recap({ groupTypeId: 2, released: false }),
    event: { id: first.eventId },
    sections: [
      section('Scholastic A', colorGuardSheet, [60]),
      section('Percussion Scholastic A', percussionSheet, [71, 72], { groupTypeId: 2 }),
    ],
    competition: { name: 'Percussion & Winds' },
  });
  expect(second).toMatchObject({ eventId: first.eventId, createdDivisions: 1, createdGroups: 2 });
  const divisions = await db.select().from(t.divisions).where(eq(t.divisions.orgId, org.id)).orderBy(t.divisions.name);
  expect(divisions.map((division) => [division.name, division.groupTypeId])).toEqual([
    ['Percussion Scholastic A', 2],
    ['Scholastic A', 1],
    ['Scholastic Open', 1],
  ]);
  // The same name in another group type is another group (a school's drum line is not its guard).
  const groups = await db
    .select()
    .from(t.groups)
    .where(and(eq(t.groups.orgId, org.id), eq(t.groups.name, 'Scholastic A Group 1')));
  expect(groups).toHaveLength(1);
  const [round] = await db
    .select()
    .from(t.rounds)
    .where(eq(t.rounds.id, second.roundIds.get(1)!));
  expect(round.scoresReleased).toBe(false);
  const seasons = await db.select().from(t.seasons).where(eq(t.seasons.orgId, org.id));
  expect(seasons.map((season) => [season.name, season.year])).toEqual([['2027 Season', 2027]]);
});

it('releases only the named rounds and keeps schedules without scores unranked', async () => {
  const org = await newOrganization(db);
  const prelims = section('Scholastic A', colorGuardSheet, [70, 72]);
  const finals = section('Scholastic A', colorGuardSheet, [0, 0], { roundNumber: 2, roundName: 'Finals' });
  finals.performances = finals.performances.map((performance, i) => ({
    ...performance,
    scores: [],
    performsAt: new Date(Date.UTC(2027, 1, 13, 20, i * 8)),
  }));
  const loaded = await loadCompetition(db, org.id, {
    ...recap({ sections: [prelims, finals] }),
    competition: { releasedRounds: [1] },
  });
  const rounds = await db
    .select()
    .from(t.rounds)
    .where(eq(t.rounds.competitionId, loaded.competitionId))
    .orderBy(t.rounds.number);
  expect(rounds.map((round) => round.scoresReleased)).toEqual([true, false]);
  const scheduled = await db
    .select()
    .from(t.performances)
    .where(eq(t.performances.roundId, loaded.roundIds.get(2)!));
  expect(scheduled.map((row) => [row.result, row.performsAt?.toISOString()])).toEqual([
    [null, '2027-02-13T20:00:00.000Z'],
    [null, '2027-02-13T20:08:00.000Z'],
  ]);
  const [competition] = await db.select().from(t.competitions).where(eq(t.competitions.id, loaded.competitionId));
  expect(competition.recapReleased).toBe(false);
});

it('refuses a bad score with the path of the field and writes nothing', async () => {
  const org = await newOrganization(db);
  const input = recap();
  input.sections[1].performances[1].scores[3].score = 140;
  const version = await versionOf(db, org.id);
  const error = await loadCompetition(db, org.id, input).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RuleViolation);
  expect((error as RuleViolation).field).toBe('sections[1].performances[1].scores[3].score');
  expect(await db.select().from(t.events).where(eq(t.events.orgId, org.id))).toEqual([]);
  expect(await db.select().from(t.groups).where(eq(t.groups.orgId, org.id))).toEqual([]);
  expect(await versionOf(db, org.id)).toBe(version);
});

it('refuses a sheet with an unknown rounding rule or a nonsense scale, naming the field', async () => {
  const org = await newOrganization(db);
  const rounding = recap();
  rounding.sections[0].sheet = { ...rounding.sections[0].sheet, rounding: 'carry-sideways' as never };
  await expect(loadCompetition(db, org.id, rounding)).rejects.toMatchObject({ field: 'sections[0].sheet.rounding' });
  const scale = recap();
  scale.sections[1].sheet = { ...scale.sections[1].sheet, subtotalScale: -1.25 };
  await expect(loadCompetition(db, org.id, scale)).rejects.toMatchObject({ field: 'sections[1].sheet.subtotalScale' });
  expect(await db.select().from(t.events).where(eq(t.events.orgId, org.id))).toEqual([]);
});

it('rolls everything back when the database refuses part of the load', async () => {
  const org = await newOrganization(db);
  const input = recap();
  // the caption key is not on the judges' sheet: the sheet check passes, the unique panel key does not
  input.sections[0].judges.push({ ...input.sections[0].judges[0] });
  await expect(loadCompetition(db, org.id, input)).rejects.toThrow();
  expect(await db.select().from(t.events).where(eq(t.events.orgId, org.id))).toEqual([]);
  expect(await db.select().from(t.divisions).where(eq(t.divisions.orgId, org.id))).toEqual([]);
});

it('loads 100 performances of 30 score lines each in a few dozen statements', async () => {
  // A database of its own whose drizzle handle counts the statements sent.
  const client = new PGlite();
  let statements = 0;
  const counted = drizzle(client, { schema: t, logger: { logQuery: () => void (statements += 1) } });
  await applyMigrations({ db: counted });
  const org = await newOrganization(counted);
  const wide: ScoreSheet = {
    name: 'Wide',
    categories: [
      {
        key: 'all',
        name: 'All',
        combine: 'sum',
        captions: Array.from({ length: 10 }, (_, c) => ({
          key: `c${c}`,
          name: `Caption ${c}`,
          initials: `C${c}`,
          weighted: false,
          subcaptions: ['a', 'b', 'c'].map((key) => ({ key, name: key, initials: key, max: 100, weight: 0.0333 })),
        })),
      },
    ],
  };
  const sections = Array.from({ length: 4 }, (_, d) =>
    section(
      `Class ${d}`,
      wide,
      Array.from({ length: 25 }, (_, i) => 50 + i),
    ),
  );
  statements = 0;
  const loaded = await loadCompetition(counted, org.id, recap({ sections }));
  const sent = statements;
  expect(loaded.performances).toBe(100);
  const lines = await counted
    .select()
    .from(t.subcaptionScores)
    .innerJoin(t.performances, eq(t.performances.id, t.subcaptionScores.performanceId))
    .where(eq(t.performances.orgId, org.id));
  expect(lines).toHaveLength(3000);
  const ranked = await counted
    .select({ result: t.performances.result })
    .from(t.performances)
    .where(eq(t.performances.orgId, org.id));
  expect(ranked.filter((row) => row.result?.total.rank === 1)).toHaveLength(4);
  // one statement per table and a handful of look-ups, however many performances and lines
  expect(sent).toBeLessThan(30);
  await client.close();
});
