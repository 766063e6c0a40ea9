import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../server/api/db/database.js';
import { createOrganization } from '../../server/api/db/repositories/organizations.js';
import * as t from '../../server/api/db/schema.js';
import { loadSample, type SampleSummary } from '../../server/api/sample/load-sample.js';
import type { PerformanceResult } from '../../server/api/tabulation/types.js';

const TODAY = new Date('2026-11-21T17:30:00Z');

let database: Database;
let db: Db;
let first: { id: number; summary: SampleSummary };
let second: { id: number; summary: SampleSummary };

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  db = database.db;
  const load = async (name: string) => {
    const organization = await createOrganization(db, { name });
    return { id: organization.id, summary: await loadSample(database, organization.id, { today: TODAY }) };
  };
  first = await load('Sample A');
  second = await load('Sample B');
});
afterAll(async () => {
  await database?.close();
});

/** Everything an organization's sample holds, by names instead of ids, in a stable order. */
async function snapshot(orgId: number) {
  const performances = await db
    .select({
      event: t.events.name,
      competition: t.competitions.name,
      round: t.rounds.number,
      released: t.rounds.scoresReleased,
      division: t.divisions.name,
      group: t.groups.name,
      performsAt: t.performances.performsAt,
      order: t.performances.performanceOrder,
      performed: t.performances.performed,
      reason: t.performances.noScoreReason,
      penalty: t.performances.penaltyThousandths,
      result: t.performances.result,
      lines: sql<string>`(SELECT string_agg(caption_key || '.' || subcaption_key || '=' || score_thousandths, ',' ORDER BY caption_key, subcaption_key) FROM subcaption_scores WHERE performance_id = ${t.performances.id})`,
    })
    .from(t.performances)
    .innerJoin(t.rounds, eq(t.rounds.id, t.performances.roundId))
    .innerJoin(t.competitions, eq(t.competitions.id, t.rounds.competitionId))
    .innerJoin(t.events, eq(t.events.id, t.competitions.eventId))
    .innerJoin(t.divisions, eq(t.divisions.id, t.performances.divisionId))
    .innerJoin(t.groups, eq(t.groups.id, t.performances.groupId))
    .where(eq(t.performances.orgId, orgId))
    .orderBy(
      t.events.startDate,
      t.competitions.name,
      t.rounds.number,
      t.divisions.sortOrder,
      t.performances.performanceOrder,
    );
  const groups = await db
    .select({
      name: t.groups.name,
      location: t.groups.location,
      circuitId: t.groups.circuitId,
      active: t.groups.active,
      pending: t.groups.pending,
      division: t.divisions.name,
    })
    .from(t.groups)
    .innerJoin(t.divisions, eq(t.divisions.id, t.groups.divisionId))
    .where(eq(t.groups.orgId, orgId))
    .orderBy(t.groups.id);
  const events = await db
    .select({
      name: t.events.name,
      location: t.events.location,
      type: t.events.eventTypeId,
      practice: t.events.practice,
      date: t.events.startDate,
      season: t.seasons.name,
    })
    .from(t.events)
    .innerJoin(t.seasons, eq(t.seasons.id, t.events.seasonId))
    .where(eq(t.events.orgId, orgId))
    .orderBy(t.events.id);
  const judges = await db
    .select({ caption: t.panelJudges.captionKey, first: t.panelJudges.firstName, last: t.panelJudges.lastName })
    .from(t.panelJudges)
    .where(eq(t.panelJudges.orgId, orgId))
    .orderBy(t.panelJudges.id);
  return {
    groups,
    events,
    judges,
    // the result echoes the performance id; everything else in it must match
    performances: performances.map(({ result, ...row }) => ({ ...row, result: result && { ...result, id: 0 } })),
  };
}

type Row = Awaited<ReturnType<typeof snapshot>>['performances'][number];
const rowsOf = async (orgId: number) => (await snapshot(orgId)).performances;

describe('the sample circuit', () => {
  it('reports its counts, which match the database', async () => {
    expect(first.summary).toMatchObject({ seasons: 2, divisions: 18, groups: 150, events: 12, competitions: 24 });
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.performances)
      .where(eq(t.performances.orgId, first.id));
    expect(first.summary.performances).toBe(count);
    expect(count).toBeGreaterThan(500);
  });

  it('is deterministic: two loads hold the same data apart from ids', async () => {
    expect(second.summary).toEqual(first.summary);
    expect(await snapshot(second.id)).toEqual(await snapshot(first.id));
  });

  it('has a current season holding today and the season before it', async () => {
    const seasons = await db.select().from(t.seasons).where(eq(t.seasons.orgId, first.id)).orderBy(t.seasons.startDate);
    expect(seasons.map((season) => [season.name, season.startDate, season.endDate])).toEqual([
      ['2025-26 Season', '2025-08-01', '2026-05-31'],
      ['2026-27 Season', '2026-08-01', '2027-05-31'],
    ]);
  });

  it('has real class names, a practice event, inactive and pending groups', async () => {
    const divisions = await db
      .select()
      .from(t.divisions)
      .where(eq(t.divisions.orgId, first.id))
      .orderBy(t.divisions.sortOrder);
    expect(divisions.map((division) => division.name)).toEqual(
      expect.arrayContaining(['Scholastic World', 'Percussion Independent World', 'Concert', 'Winds Independent']),
    );
    const { events, groups } = await snapshot(first.id);
    expect(events.filter((event) => event.practice)).toEqual([
      expect.objectContaining({ type: 3, season: '2026-27 Season' }),
    ]);
    expect(groups.filter((group) => !group.active).length).toBeGreaterThanOrEqual(3);
    expect(groups.filter((group) => group.pending)).toHaveLength(2);
    expect(
      groups.every((group) => /^\d+$/.test(group.circuitId) && /^[A-Za-z .]+, [A-Z]{2}$/.test(group.location)),
    ).toBe(true);
    const rows = await rowsOf(first.id);
    const pending = new Set(groups.filter((group) => group.pending).map((group) => group.name));
    expect(rows.some((row) => pending.has(row.group))).toBe(false);
  });

  it('releases every past competition and seats a full panel', async () => {
    const rows = await rowsOf(first.id);
    const past = rows.filter((row) => row.performsAt! < new Date('2026-11-21T00:00:00Z'));
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((row) => row.released && (row.result !== null || !row.performed))).toBe(true);
    const { judges } = await snapshot(first.id);
    expect(new Set(judges.map((judge) => `${judge.first} ${judge.last}`)).size).toBeGreaterThan(10);
  });

  it('schedules the future competitions every 8 to 12 minutes, without scores', async () => {
    const future = (await rowsOf(first.id)).filter((row) => row.performsAt! > new Date('2026-11-22T00:00:00Z'));
    expect(future.length).toBeGreaterThan(20);
    expect(future.every((row) => row.result === null && row.lines === null && !row.released)).toBe(true);
    const gaps = new Set<number>();
    for (let i = 1; i < future.length; i++) {
      const [a, b] = [future[i - 1], future[i]];
      if (a.event === b.event && a.competition === b.competition && a.division === b.division) {
        gaps.add((b.performsAt!.getTime() - a.performsAt!.getTime()) / 60_000);
      }
    }
    expect([...gaps].every((gap) => gap >= 8 && gap <= 12)).toBe(true);
  });

  it('has a competition today with prelims released, finals scored but held back, and classes still to perform', async () => {
    const today = (await rowsOf(first.id)).filter((row) => row.performsAt!.toISOString().startsWith('2026-11-21'));
    const prelims = today.filter((row) => row.competition === 'Color Guard' && row.round === 1);
    const finals = today.filter((row) => row.competition === 'Color Guard' && row.round === 2);
    expect(prelims.length).toBeGreaterThan(0);
    expect(prelims.every((row) => row.released)).toBe(true);
    expect(finals.length).toBeGreaterThan(0);
    expect(finals.every((row) => !row.released && row.result !== null)).toBe(true);
    const percussion = today.filter((row) => row.competition === 'Percussion & Winds');
    expect(percussion.every((row) => !row.released)).toBe(true);
    expect(percussion.some((row) => row.result !== null)).toBe(true);
    expect(percussion.some((row) => row.result === null)).toBe(true);
  });

  it('scores better classes higher and rises through the season', async () => {
    const rows = (await rowsOf(first.id)).filter((row) => row.result?.performed);
    const mean = (pick: (row: Row) => boolean) => {
      const totals = rows.filter(pick).map((row) => (row.result as PerformanceResult).total.score);
      return totals.reduce((sum, total) => sum + total, 0) / totals.length;
    };
    expect(mean((row) => row.division === 'Scholastic World')).toBeGreaterThan(
      mean((row) => row.division === 'Scholastic A') + 5,
    );
    expect(mean((row) => row.division === 'Scholastic A' && row.event === 'Circuit Championships')).toBeGreaterThan(
      mean((row) => row.division === 'Scholastic A' && row.event === 'Winter Kickoff') + 8,
    );
  });

  it('includes penalties and ties', async () => {
    const rows = await rowsOf(first.id);
    expect(rows.filter((row) => row.penalty > 0).length).toBeGreaterThan(5);
    const ranks = new Map<string, number[]>();
    for (const row of rows) {
      if (row.result?.total.rank == null) continue;
      const key = `${row.event}|${row.competition}|${row.round}|${row.division}`;
      ranks.set(key, [...(ranks.get(key) ?? []), row.result.total.rank]);
    }
    const tied = [...ranks.values()].filter((list) => new Set(list).size < list.length);
    expect(tied.length).toBeGreaterThan(2);
  });

  it('keeps inactive groups out of the current season', async () => {
    const inactive = await db
      .select({ name: t.groups.name, division: t.divisions.name })
      .from(t.groups)
      .innerJoin(t.divisions, eq(t.divisions.id, t.groups.divisionId))
      .where(and(eq(t.groups.orgId, first.id), eq(t.groups.active, false)));
    const keys = new Set(inactive.map((group) => `${group.division}|${group.name}`));
    const rows = await rowsOf(first.id);
    const current = rows.filter((row) => row.performsAt! > new Date('2026-08-01T00:00:00Z'));
    expect(current.some((row) => keys.has(`${row.division}|${row.group}`))).toBe(false);
    // they did compete last season
    expect(rows.some((row) => keys.has(`${row.division}|${row.group}`))).toBe(true);
  });
});
