/**
 * Writes that only tests make: seasons, divisions and score sheets one at a time, and a round's sheet replaced. The
 * API has no operations for them, and the product loads them whole (db/repositories/load-roster.ts,
 * load-competition.ts); they moved here from the product's writes (no product path makes them, so the product code
 * should not carry them) with their rules unchanged, written through the same plumbing (orgWrite, requireOwned) as
 * the product's writes.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../server/api/db/database.js';
import { divisions, rounds, roundSheets, scoreSheets, seasons } from '../../server/api/db/schema.js';
import { RuleViolation } from '../../server/api/db/repositories/errors.js';
import { retabulate } from '../../server/api/db/repositories/retabulate.js';
import { checkSheet } from '../../server/api/db/repositories/sheet-rules.js';
import {
  orgWrite,
  requireDate,
  requireGroupType,
  requireOwned,
  requireText,
} from '../../server/api/db/repositories/support.js';
import type { ScoreSheet } from '../../server/api/tabulation/types.js';

export interface SeasonInput {
  name: string;
  year: number;
  /** yyyy-mm-dd */
  startDate: string;
  endDate: string;
  /** fixed guid; a random one otherwise */
  guid?: string;
}

export async function createSeason(
  db: DbOrTx,
  orgId: number,
  input: SeasonInput,
): Promise<typeof seasons.$inferSelect> {
  const name = requireText('name', input.name);
  const startDate = requireDate('startDate', input.startDate);
  const endDate = requireDate('endDate', input.endDate);
  if (endDate < startDate) throw new RuleViolation('endDate', 'endDate must not be before startDate');
  if (!Number.isInteger(input.year)) throw new RuleViolation('year', 'year must be a whole number');
  return orgWrite(db, orgId, async (tx) => {
    const taken = await tx
      .select({ id: seasons.id })
      .from(seasons)
      .where(and(eq(seasons.orgId, orgId), eq(seasons.name, name)));
    if (taken.length > 0) throw new RuleViolation('name', `a season named "${name}" already exists`);
    const [row] = await tx
      .insert(seasons)
      .values({ orgId, guid: input.guid ?? randomUUID(), name, year: input.year, startDate, endDate })
      .returning();
    return row;
  });
}

export async function createScoreSheet(
  db: DbOrTx,
  orgId: number,
  input: { name: string; definition: ScoreSheet },
): Promise<typeof scoreSheets.$inferSelect> {
  const name = requireText('name', input.name);
  checkSheet('definition', input.definition);
  return orgWrite(db, orgId, async (tx) => {
    const [row] = await tx.insert(scoreSheets).values({ orgId, name, definition: input.definition }).returning();
    return row;
  });
}

export interface DivisionInput {
  name: string;
  initials: string;
  groupTypeId: number;
  /** the sheet new rounds of this division are judged on (copied into each round) */
  scoreSheetId?: number | null;
  sortOrder?: number;
}

export async function createDivision(
  db: DbOrTx,
  orgId: number,
  input: DivisionInput,
): Promise<typeof divisions.$inferSelect> {
  const name = requireText('name', input.name);
  const initials = requireText('initials', input.initials, 20);
  return orgWrite(db, orgId, async (tx) => {
    await requireGroupType(tx, input.groupTypeId);
    if (input.scoreSheetId != null) await requireOwned(tx, scoreSheets, 'score sheet', orgId, input.scoreSheetId);
    const taken = await tx
      .select({ id: divisions.id })
      .from(divisions)
      .where(and(eq(divisions.orgId, orgId), eq(divisions.name, name)));
    if (taken.length > 0) throw new RuleViolation('name', `a division named "${name}" already exists`);
    const [row] = await tx
      .insert(divisions)
      .values({
        orgId,
        name,
        initials,
        groupTypeId: input.groupTypeId,
        scoreSheetId: input.scoreSheetId ?? null,
        sortOrder: input.sortOrder ?? 0,
      })
      .returning();
    return row;
  });
}

/**
 * Sets the sheet a division is judged on in a round: the given one, or a copy of the division's score sheet.
 * Existing scores are re-tabulated on the new sheet.
 */
export async function setRoundSheet(
  db: DbOrTx,
  orgId: number,
  input: { roundId: number; divisionId: number; sheet?: ScoreSheet },
): Promise<ScoreSheet> {
  if (input.sheet) checkSheet('sheet', input.sheet);
  return orgWrite(db, orgId, async (tx) => {
    const round = await requireOwned(tx, rounds, 'round', orgId, input.roundId);
    const division = await requireOwned(tx, divisions, 'division', orgId, input.divisionId);
    let sheet = input.sheet;
    if (!sheet) {
      if (division.scoreSheetId === null) {
        throw new RuleViolation('sheet', `division "${division.name}" has no score sheet: give one`);
      }
      sheet = (await requireOwned(tx, scoreSheets, 'score sheet', orgId, division.scoreSheetId)).definition;
    }
    await tx
      .insert(roundSheets)
      .values({ roundId: round.id, divisionId: division.id, orgId, definition: sheet })
      .onConflictDoUpdate({ target: [roundSheets.roundId, roundSheets.divisionId], set: { definition: sheet } });
    await retabulate(tx, round.id, division.id);
    return sheet;
  });
}
