/**
 * Divisions and the sheet each is judged on (docs/decisions/078-own-sheets-stored-and-versioned-per-round.md).
 *
 * A division points at a score_sheets row, and a row is never changed: a new sheet is a new row (other divisions
 * may share the old one). Each round keeps its own copy of its division's sheet (round_sheets), taken when the
 * division's first performance joins the round. A division's new sheet replaces the copy of every round of the
 * division that has no score yet; a round with scores keeps the sheet it was scored on.
 */
import { and, eq, exists, ne, notExists, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../database.js';
import { divisions, groups, performances, roundSheets, scoreSheets, subcaptionScores } from '../schema.js';
import type { ScoreSheet } from '../../tabulation/types.js';
import { RuleViolation } from './errors.js';
import { retabulate } from './retabulate.js';
import { checkSheet } from './sheet-rules.js';
import { orgWrite, requireGroupType, requireOwned, requireText } from './support.js';

export type DivisionRow = typeof divisions.$inferSelect;

/** The sheet a division is to be judged on: a catalogue sheet (with its key) or the circuit's own. */
export interface DivisionSheetInput {
  definition: ScoreSheet;
  /** the catalogue key when the definition is the catalogue's; absent for the circuit's own sheet */
  catalogueKey?: string;
  /** the field the sheet came in, for the 422 that names a problem in it ("sheet") */
  field: string;
}

export interface DivisionInput {
  name: string;
  initials: string;
  groupTypeId: number;
  sortOrder?: number;
  sheet: DivisionSheetInput;
}

export type DivisionPatch = Partial<DivisionInput>;

async function requireFreeName(tx: Tx, orgId: number, name: string, except?: number): Promise<void> {
  const where = and(
    eq(divisions.orgId, orgId),
    eq(divisions.name, name),
    except ? ne(divisions.id, except) : undefined,
  );
  const taken = await tx.select({ id: divisions.id }).from(divisions).where(where);
  if (taken.length > 0) throw new RuleViolation('name', `a division named "${name}" already exists`);
}

async function storeSheet(tx: Tx, orgId: number, sheet: DivisionSheetInput): Promise<number> {
  const [row] = await tx
    .insert(scoreSheets)
    .values({
      orgId,
      name: sheet.definition.name,
      definition: sheet.definition,
      catalogueKey: sheet.catalogueKey ?? null,
    })
    .returning({ id: scoreSheets.id });
  return row.id;
}

export async function createDivision(db: DbOrTx, orgId: number, input: DivisionInput): Promise<DivisionRow> {
  const name = requireText('name', input.name);
  const initials = requireText('initials', input.initials, 20);
  checkSheet(input.sheet.field, input.sheet.definition);
  return orgWrite(db, orgId, async (tx) => {
    await requireGroupType(tx, input.groupTypeId);
    await requireFreeName(tx, orgId, name);
    const [row] = await tx
      .insert(divisions)
      .values({
        orgId,
        name,
        initials,
        groupTypeId: input.groupTypeId,
        sortOrder: input.sortOrder ?? 0,
        scoreSheetId: await storeSheet(tx, orgId, input.sheet),
      })
      .returning();
    return row;
  });
}

/**
 * Changes a division's name, initials, order, group type (only while it has no groups and no performances: a
 * group's type is its division's) or sheet (see the module's comment). Scores are never touched.
 */
export async function updateDivision(
  db: DbOrTx,
  orgId: number,
  input: { divisionId: number } & DivisionPatch,
): Promise<DivisionRow> {
  const changes: Partial<typeof divisions.$inferInsert> = {};
  if (input.name !== undefined) changes.name = requireText('name', input.name);
  if (input.initials !== undefined) changes.initials = requireText('initials', input.initials, 20);
  if (input.sortOrder !== undefined) changes.sortOrder = input.sortOrder;
  if (input.sheet) checkSheet(input.sheet.field, input.sheet.definition);
  return orgWrite(db, orgId, async (tx) => {
    const division = await requireOwned(tx, divisions, 'division', orgId, input.divisionId);
    if (changes.name !== undefined) await requireFreeName(tx, orgId, changes.name, division.id);
    if (input.groupTypeId !== undefined && input.groupTypeId !== division.groupTypeId) {
      await requireGroupType(tx, input.groupTypeId);
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(groups)
        .where(eq(groups.divisionId, division.id));
      const [scheduled] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(performances)
        .where(eq(performances.divisionId, division.id));
      if (used.n > 0 || scheduled.n > 0) {
        throw new RuleViolation(
          'groupTypeId',
          `division "${division.name}" has groups or performances: its group type cannot change`,
        );
      }
      changes.groupTypeId = input.groupTypeId;
    }
    if (input.sheet) changes.scoreSheetId = await storeSheet(tx, orgId, input.sheet);
    const [row] =
      Object.keys(changes).length === 0
        ? [division]
        : await tx.update(divisions).set(changes).where(eq(divisions.id, division.id)).returning();
    if (input.sheet) await applyToUnscoredRounds(tx, orgId, division.id, input.sheet.definition);
    return row;
  });
}

/**
 * Gives the division's new sheet to every round of the division without a score: its copy is replaced, and a round
 * the division performs in without any sheet yet (the division had none) gets one. Rounds are tabulated again
 * (a group that did not perform stands with zeros on the sheet's numbers).
 */
async function applyToUnscoredRounds(tx: Tx, orgId: number, divisionId: number, sheet: ScoreSheet): Promise<void> {
  const scored = exists(
    tx
      .select({ one: sql`1` })
      .from(subcaptionScores)
      .innerJoin(performances, eq(performances.id, subcaptionScores.performanceId))
      .where(and(eq(performances.roundId, roundSheets.roundId), eq(performances.divisionId, divisionId))),
  );
  const replaced = await tx
    .update(roundSheets)
    .set({ definition: sheet })
    .where(and(eq(roundSheets.divisionId, divisionId), eq(roundSheets.orgId, orgId), sql`NOT ${scored}`))
    .returning({ roundId: roundSheets.roundId });
  const withoutSheet = await tx
    .selectDistinct({ roundId: performances.roundId })
    .from(performances)
    .where(
      and(
        eq(performances.divisionId, divisionId),
        eq(performances.orgId, orgId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(roundSheets)
            .where(and(eq(roundSheets.roundId, performances.roundId), eq(roundSheets.divisionId, divisionId))),
        ),
      ),
    );
  if (withoutSheet.length > 0) {
    await tx
      .insert(roundSheets)
      .values(withoutSheet.map(({ roundId }) => ({ roundId, divisionId, orgId, definition: sheet })))
      .onConflictDoNothing();
  }
  for (const { roundId } of [...replaced, ...withoutSheet]) await retabulate(tx, roundId, divisionId);
}

/** The division's sheet and its catalogue key (null for its own); undefined for a division of no sheet. */
export async function divisionSheet(
  db: DbOrTx,
  orgId: number,
  divisionId: number,
): Promise<{ catalogueKey: string | null; definition: ScoreSheet } | undefined> {
  const division = await requireOwned(db, divisions, 'division', orgId, divisionId);
  if (division.scoreSheetId === null) return undefined;
  const [row] = await db
    .select({ catalogueKey: scoreSheets.catalogueKey, definition: scoreSheets.definition })
    .from(scoreSheets)
    .where(and(eq(scoreSheets.id, division.scoreSheetId), eq(scoreSheets.orgId, orgId)));
  return row;
}
