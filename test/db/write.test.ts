import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../server/api/db/database.js';
import * as t from '../../server/api/db/schema.js';
import { releaseScores, unreleaseScores } from '../../server/api/db/repositories/competitions.write.js';
import { NotFoundError, RuleViolation } from '../../server/api/db/repositories/errors.js';
import { createGroup, updateGroup } from '../../server/api/db/repositories/groups.write.js';
import { ORG_CHANGED_CHANNEL } from '../../server/api/db/repositories/org-version.js';
import {
  addPerformance,
  deletePerformance,
  setPerformed,
} from '../../server/api/db/repositories/performances.write.js';
import { ensureRound, setPanelJudge } from '../../server/api/db/repositories/rounds.write.js';
import { setPenalty } from '../../server/api/db/repositories/penalties.write.js';
import { setSubcaptionScores } from '../../server/api/db/repositories/scores.write.js';
import { colorGuardSheetSingleGe } from '../../domain/score-sheets/index.js';
import * as tabulation from '../../server/api/tabulation/tabulate.js';
import { newOrganization, resultOf, roundWithThreeGroups, scoreEveryCaption, versionOf } from './factory.js';
import { createDivision, createSeason, setRoundSheet } from '../helpers/setup-writes.js';

// Lets one test make the tabulation fail half-way through a write; every other test runs the real one.
vi.mock('../../server/api/tabulation/tabulate.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/api/tabulation/tabulate.js')>();
  return { ...actual, tabulate: vi.fn(actual.tabulate) };
});

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

describe("creating an organization's records", () => {
  it('creates a whole round and bumps the organization version on every write', async () => {
    const before = await newOrganization(db);
    const start = await versionOf(db, before.id);
    const made = await roundWithThreeGroups(db);
    expect(made.groups.map((group) => group.groupTypeId)).toEqual([1, 1, 1]);
    expect(made.performances.map((p) => p.performanceOrder)).toEqual([1, 2, 3]);
    // season, sheet, division, 3 groups, event, competition, round, 3 performances
    expect(await versionOf(db, made.org.id)).toBe(1 + 12);
    expect(await versionOf(db, before.id)).toBe(start);
    const [roundSheet] = await db.select().from(t.roundSheets).where(eq(t.roundSheets.roundId, made.round.id));
    expect(roundSheet.definition.name).toBe('Color Guard');
  });

  it('announces each committed change on the org_changed channel with the new version', async () => {
    const org = await newOrganization(db);
    const heard: string[] = [];
    await database.listen(ORG_CHANGED_CHANNEL, (payload) => heard.push(payload));
    await createSeason(db, org.id, { name: 'S', year: 2026, startDate: '2025-08-01', endDate: '2026-05-31' });
    await expect(
      createSeason(db, org.id, { name: 'S', year: 2026, startDate: '2025-08-01', endDate: '2026-05-31' }),
    ).rejects.toBeInstanceOf(RuleViolation);
    await vi.waitFor(() => expect(heard).toContain(`${org.id}:2`));
    expect(heard.filter((payload) => payload.startsWith(`${org.id}:`))).toEqual([`${org.id}:2`]);
  });

  it('refuses bad input as rule violations naming the field', async () => {
    const { org, division } = await roundWithThreeGroups(db);
    await expect(createGroup(db, org.id, { name: ' ', divisionId: division.id })).rejects.toMatchObject({
      field: 'name',
    });
    await expect(
      createGroup(db, org.id, { name: 'X', circuitId: 'A12', divisionId: division.id }),
    ).rejects.toMatchObject({
      field: 'circuitId',
    });
    await expect(
      createDivision(db, org.id, { name: 'Scholastic A', initials: 'SA', groupTypeId: 1 }),
    ).rejects.toMatchObject({ field: 'name' });
    await expect(createDivision(db, org.id, { name: 'New', initials: 'N', groupTypeId: 99 })).rejects.toMatchObject({
      field: 'groupTypeId',
    });
  });

  it('updates a group, its type following a new division', async () => {
    const { org, groups } = await roundWithThreeGroups(db);
    const percussion = await createDivision(db, org.id, {
      name: 'Percussion Scholastic A',
      initials: 'PSA',
      groupTypeId: 2,
    });
    const updated = await updateGroup(db, org.id, {
      groupId: groups[0].id,
      name: 'Alpha High School',
      active: false,
      pending: true,
      divisionId: percussion.id,
    });
    expect(updated).toMatchObject({
      name: 'Alpha High School',
      active: false,
      pending: true,
      divisionId: percussion.id,
      groupTypeId: 2,
    });
  });

  it('keeps round numbers unique per competition and renames on ensureRound', async () => {
    const { org, competition, round } = await roundWithThreeGroups(db);
    const again = await ensureRound(db, org.id, { competitionId: competition.id, number: 1, name: 'Prelims' });
    expect(again.id).toBe(round.id);
    expect(again.name).toBe('Prelims');
  });

  it('seats panel judges on captions of the round sheet only', async () => {
    const { org, round, division } = await roundWithThreeGroups(db);
    const judge = { roundId: round.id, divisionId: division.id, captionKey: 'ge1', firstName: 'Ann', lastName: 'Lee' };
    await setPanelJudge(db, org.id, judge);
    await setPanelJudge(db, org.id, { ...judge, firstName: 'Bea' });
    const seated = await db.select().from(t.panelJudges).where(eq(t.panelJudges.roundId, round.id));
    expect(seated.map((row) => [row.captionKey, row.firstName])).toEqual([['ge1', 'Bea']]);
    await expect(setPanelJudge(db, org.id, { ...judge, captionKey: 'nope' })).rejects.toMatchObject({
      field: 'captionKey',
    });
  });

  it('refuses a group twice in one division and round, and a group of another type', async () => {
    const { org, round, division, groups } = await roundWithThreeGroups(db);
    const input = { roundId: round.id, divisionId: division.id, groupId: groups[0].id };
    await expect(addPerformance(db, org.id, input)).rejects.toBeInstanceOf(RuleViolation);
    const percussion = await createDivision(db, org.id, { name: 'PSA', initials: 'PSA', groupTypeId: 2 });
    await expect(addPerformance(db, org.id, { ...input, divisionId: percussion.id })).rejects.toMatchObject({
      field: 'groupId',
    });
  });
});

describe('scores and tabulation on write', () => {
  it("stores each performance's result and re-ranks after every score write", async () => {
    const { org, performances } = await roundWithThreeGroups(db);
    await scoreEveryCaption(db, org.id, performances[0].id, 70);
    expect(await resultOf(db, performances[0].id)).toMatchObject({ total: { score: 70, rank: 1 } });
    // not yet scored: no result, no rank
    expect(await resultOf(db, performances[1].id)).toBeNull();

    await scoreEveryCaption(db, org.id, performances[1].id, 80);
    expect((await resultOf(db, performances[0].id))!.total).toEqual({ score: 70, rank: 2 });
    expect((await resultOf(db, performances[1].id))!.total).toEqual({ score: 80, rank: 1 });

    await scoreEveryCaption(db, org.id, performances[2].id, 70);
    expect((await resultOf(db, performances[0].id))!.total.rank).toBe(2);
    expect((await resultOf(db, performances[2].id))!.total).toEqual({ score: 70, rank: 2 });

    const [line] = await db
      .select()
      .from(t.subcaptionScores)
      .where(
        and(eq(t.subcaptionScores.performanceId, performances[0].id), eq(t.subcaptionScores.subcaptionKey, 'voc')),
      );
    expect(line.scoreThousandths).toBe(70_000);
  });

  it('subtracts penalties (stored in thousandths) and re-ranks', async () => {
    const { org, performances } = await roundWithThreeGroups(db);
    await scoreEveryCaption(db, org.id, performances[0].id, 80);
    await scoreEveryCaption(db, org.id, performances[1].id, 79.5);
    await setPenalty(db, org.id, {
      performanceId: performances[0].id,
      penalties: [{ amount: 0.3, reason: 'Timing' }, { amount: 0.25 }],
    });
    const [row] = await db.select().from(t.performances).where(eq(t.performances.id, performances[0].id));
    expect(row.penaltyThousandths).toBe(550);
    expect(row.result!.total).toEqual({ score: 79.45, rank: 2 });
    expect(row.result!.subtotal.rank).toBe(1);
    expect((await resultOf(db, performances[1].id))!.total.rank).toBe(1);
    await setPenalty(db, org.id, { performanceId: performances[0].id, penalties: [] });
    expect((await resultOf(db, performances[0].id))!.total).toEqual({ score: 80, rank: 1 });
    await expect(
      setPenalty(db, org.id, { performanceId: performances[0].id, penalties: [{ amount: 0.0005 }] }),
    ).rejects.toBeInstanceOf(RuleViolation);
  });

  it('ranks a group that did not perform last without pushing anyone down, then deletes a performance and re-ranks', async () => {
    const { org, performances } = await roundWithThreeGroups(db);
    await scoreEveryCaption(db, org.id, performances[0].id, 90);
    await scoreEveryCaption(db, org.id, performances[1].id, 80);
    await scoreEveryCaption(db, org.id, performances[2].id, 70);
    const withdrawn = await setPerformed(db, org.id, {
      performanceId: performances[0].id,
      performed: false,
      noScoreReason: 'Withdrew',
    });
    expect(withdrawn.noScoreReason).toBe('Withdrew');
    expect(withdrawn.result).toMatchObject({ performed: false, total: { score: 0, rank: 3 } });
    expect((await resultOf(db, performances[1].id))!.total.rank).toBe(1);
    // a performance with scores goes only with a reason (issue 26)
    await expect(deletePerformance(db, org.id, { performanceId: performances[1].id })).rejects.toMatchObject({
      field: 'X-Audit-Reason',
    });
    await deletePerformance(db, org.id, { performanceId: performances[1].id, reason: 'Scored in error' });
    expect((await resultOf(db, performances[2].id))!.total.rank).toBe(1);
    expect((await resultOf(db, performances[0].id))!.total.rank).toBe(2);
    const left = await db
      .select()
      .from(t.subcaptionScores)
      .where(eq(t.subcaptionScores.performanceId, performances[1].id));
    expect(left).toEqual([]);
  });

  it('validates scores against the round sheet and writes nothing when they are wrong', async () => {
    const { org, performances } = await roundWithThreeGroups(db);
    await scoreEveryCaption(db, org.id, performances[0].id, 60);
    const version = await versionOf(db, org.id);
    const write = (scores: { subcaptionKey: string; score: number }[], captionKey = 'ea') =>
      setSubcaptionScores(db, org.id, { performanceId: performances[0].id, captionKey, scores });
    await expect(
      write([
        { subcaptionKey: 'voc', score: 101 },
        { subcaptionKey: 'exc', score: 50 },
      ]),
    ).rejects.toMatchObject({
      field: 'scores[0].score',
    });
    await expect(write([{ subcaptionKey: 'rep', score: 50 }])).rejects.toMatchObject({
      field: 'scores[0].subcaptionKey',
    });
    await expect(write([{ subcaptionKey: 'voc', score: 50 }], 'zz')).rejects.toMatchObject({
      field: 'scores[0].captionKey',
    });
    expect(await versionOf(db, org.id)).toBe(version);
    expect((await resultOf(db, performances[0].id))!.total.score).toBe(60);
  });

  it('is atomic: a score write that fails while tabulating leaves the old scores and results', async () => {
    const { org, performances } = await roundWithThreeGroups(db);
    await scoreEveryCaption(db, org.id, performances[0].id, 60);
    const version = await versionOf(db, org.id);
    vi.mocked(tabulation.tabulate).mockImplementationOnce(() => {
      throw new Error('tabulation failed');
    });
    await expect(
      setSubcaptionScores(db, org.id, {
        performanceId: performances[0].id,
        captionKey: 'ea',
        scores: [
          { subcaptionKey: 'voc', score: 99 },
          { subcaptionKey: 'exc', score: 99 },
        ],
      }),
    ).rejects.toThrow('tabulation failed');
    const lines = await db
      .select()
      .from(t.subcaptionScores)
      .where(eq(t.subcaptionScores.performanceId, performances[0].id));
    expect(lines.every((line) => line.scoreThousandths === 60_000)).toBe(true);
    expect(lines).toHaveLength(10);
    expect(await versionOf(db, org.id)).toBe(version);
    expect((await resultOf(db, performances[0].id))!.total.score).toBe(60);
  });

  it("rolls back a write made inside a caller's transaction that fails later", async () => {
    const { org, performances } = await roundWithThreeGroups(db);
    await expect(
      db.transaction(async (tx) => {
        await scoreEveryCaption(tx as unknown as Db, org.id, performances[0].id, 60);
        throw new Error('caller gave up');
      }),
    ).rejects.toThrow('caller gave up');
    expect(
      await db.select().from(t.subcaptionScores).where(eq(t.subcaptionScores.performanceId, performances[0].id)),
    ).toEqual([]);
  });

  it("re-tabulates existing scores on a new round sheet, defaulting to the division's sheet", async () => {
    const { org, round, division, performances } = await roundWithThreeGroups(db);
    await scoreEveryCaption(db, org.id, performances[0].id, 50);
    // the single-GE sheet has other caption keys: the old lines no longer count
    await setRoundSheet(db, org.id, { roundId: round.id, divisionId: division.id, sheet: colorGuardSheetSingleGe });
    const onNewSheet = await resultOf(db, performances[0].id);
    expect(onNewSheet!.categories.map((category) => category.key)).toEqual([
      'equipment',
      'movement',
      'design',
      'general-effect',
    ]);
    expect(onNewSheet!.total.score).toBeLessThan(50);
    const restored = await setRoundSheet(db, org.id, { roundId: round.id, divisionId: division.id });
    expect(restored.name).toBe('Color Guard');
    expect((await resultOf(db, performances[0].id))!.total.score).toBe(50);
  });
});

describe('releasing scores', () => {
  it('releases and withdraws one round or all rounds of a competition', async () => {
    const { org, competition, round } = await roundWithThreeGroups(db);
    const finals = await ensureRound(db, org.id, { competitionId: competition.id, number: 2, name: 'Finals' });
    const released = async () =>
      (await db.select().from(t.rounds).where(eq(t.rounds.competitionId, competition.id)).orderBy(t.rounds.number)).map(
        (row) => row.scoresReleased,
      );
    expect(await released()).toEqual([false, false]);
    expect(await releaseScores(db, org.id, { competitionId: competition.id, roundNumber: 1 })).toBe(1);
    expect(await released()).toEqual([true, false]);
    expect(await releaseScores(db, org.id, { competitionId: competition.id, recaps: true })).toBe(2);
    expect(await released()).toEqual([true, true]);
    const [row] = await db.select().from(t.competitions).where(eq(t.competitions.id, competition.id));
    expect(row).toMatchObject({ recapReleased: true, categoryRecapReleased: true });
    await unreleaseScores(db, org.id, { competitionId: competition.id, roundNumber: finals.number });
    expect(await released()).toEqual([true, false]);
    await expect(releaseScores(db, org.id, { competitionId: competition.id, roundNumber: 7 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(round.scoresReleased).toBe(false);
  });
});

describe('organization scoping', () => {
  it("treats another organization's ids as not found and changes nothing", async () => {
    const theirs = await roundWithThreeGroups(db);
    await scoreEveryCaption(db, theirs.org.id, theirs.performances[0].id, 75);
    const mine = await newOrganization(db);
    const myDivision = await createDivision(db, mine.id, { name: 'Independent A', initials: 'IA', groupTypeId: 1 });
    const theirVersion = await versionOf(db, theirs.org.id);
    const myVersion = await versionOf(db, mine.id);
    const performanceId = theirs.performances[0].id;

    const attempts: [string, () => Promise<unknown>][] = [
      ['group', () => updateGroup(db, mine.id, { groupId: theirs.groups[0].id, name: 'Mine now' })],
      ['division', () => createGroup(db, mine.id, { name: 'X', divisionId: theirs.division.id })],
      ['competition', () => ensureRound(db, mine.id, { competitionId: theirs.competition.id, number: 3, name: 'X' })],
      ['competition', () => releaseScores(db, mine.id, { competitionId: theirs.competition.id })],
      ['round', () => addPerformance(db, mine.id, { roundId: theirs.round.id, divisionId: myDivision.id, groupId: 1 })],
      ['round', () => setRoundSheet(db, mine.id, { roundId: theirs.round.id, divisionId: theirs.division.id })],
      [
        'performance',
        () =>
          setSubcaptionScores(db, mine.id, {
            performanceId,
            captionKey: 'ea',
            scores: [{ subcaptionKey: 'voc', score: 1 }],
          }),
      ],
      ['performance', () => setPenalty(db, mine.id, { performanceId, penalties: [{ amount: 1 }] })],
      ['performance', () => setPerformed(db, mine.id, { performanceId, performed: false })],
      ['performance', () => deletePerformance(db, mine.id, { performanceId })],
    ];
    for (const [entity, attempt] of attempts) {
      const error = await attempt().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, entity).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).entity).toBe(entity);
    }
    expect(await versionOf(db, theirs.org.id)).toBe(theirVersion);
    expect(await versionOf(db, mine.id)).toBe(myVersion);
    const [group] = await db.select().from(t.groups).where(eq(t.groups.id, theirs.groups[0].id));
    expect(group.name).toBe('Alpha HS');
    const [performance] = await db.select().from(t.performances).where(eq(t.performances.id, performanceId));
    expect(performance).toMatchObject({ performed: true, penaltyThousandths: 0 });
    expect(performance.result!.total.score).toBe(75);
    const rounds = await db.select().from(t.rounds).where(eq(t.rounds.competitionId, theirs.competition.id));
    expect(rounds.map((round) => round.scoresReleased)).toEqual([false]);
  });
});
