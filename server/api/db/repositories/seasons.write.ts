import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../database.js';
import { organizations, seasons } from '../schema.js';
import { RuleViolation } from './errors.js';
import { orgWrite, requireDate, requireOwned, requireText } from './support.js';
import type { SeasonRow } from './seasons.read.js';

export interface SeasonInput {
  name: string;
  /** yyyy-mm-dd */
  startDate: string;
  endDate: string;
  /** the season's year as the circuit names it; default the year it ends in (a 2025-26 season is 2026) */
  year?: number;
}

export type SeasonPatch = Partial<SeasonInput> & {
  /** true: the organization's chosen current season; false on the chosen one: none chosen (decision 123) */
  current?: boolean;
};

/** One chosen season an organization: choosing another replaces it; unchoosing the chosen one leaves none. */
async function chooseCurrent(tx: Tx, orgId: number, seasonId: number, current: boolean): Promise<void> {
  if (current) {
    await tx.update(organizations).set({ currentSeasonId: seasonId }).where(eq(organizations.id, orgId));
    return;
  }
  await tx
    .update(organizations)
    .set({ currentSeasonId: null })
    .where(and(eq(organizations.id, orgId), eq(organizations.currentSeasonId, seasonId)));
}

function checkDates(startDate: string, endDate: string): void {
  if (endDate < startDate) throw new RuleViolation('endDate', 'endDate must not be before startDate');
}

/** A name is the season's in its organization (the table's unique key): a second one is a rule break, not a 500. */
async function requireFreeName(tx: Tx, orgId: number, name: string, except?: number): Promise<void> {
  const where = and(eq(seasons.orgId, orgId), eq(seasons.name, name), except ? ne(seasons.id, except) : undefined);
  const taken = await tx.select({ id: seasons.id }).from(seasons).where(where);
  if (taken.length > 0) throw new RuleViolation('name', `a season named "${name}" already exists`);
}

export async function createSeason(db: DbOrTx, orgId: number, input: SeasonInput): Promise<SeasonRow> {
  const name = requireText('name', input.name);
  const startDate = requireDate('startDate', input.startDate);
  const endDate = requireDate('endDate', input.endDate);
  checkDates(startDate, endDate);
  return orgWrite(db, orgId, async (tx) => {
    await requireFreeName(tx, orgId, name);
    const [row] = await tx
      .insert(seasons)
      .values({ orgId, guid: randomUUID(), name, year: input.year ?? Number(endDate.slice(0, 4)), startDate, endDate })
      .returning();
    return row;
  });
}

/** Changes a season's name, dates or year, or whether the circuit chose it as its current one; its events stay. */
export async function updateSeason(
  db: DbOrTx,
  orgId: number,
  input: { seasonId: number } & SeasonPatch,
): Promise<SeasonRow> {
  const changes: Partial<typeof seasons.$inferInsert> = {};
  if (input.name !== undefined) changes.name = requireText('name', input.name);
  if (input.startDate !== undefined) changes.startDate = requireDate('startDate', input.startDate);
  if (input.endDate !== undefined) changes.endDate = requireDate('endDate', input.endDate);
  if (input.year !== undefined) changes.year = input.year;
  return orgWrite(db, orgId, async (tx) => {
    const season = await requireOwned(tx, seasons, 'season', orgId, input.seasonId);
    checkDates(changes.startDate ?? season.startDate, changes.endDate ?? season.endDate);
    if (changes.name !== undefined) await requireFreeName(tx, orgId, changes.name, season.id);
    if (input.current !== undefined) await chooseCurrent(tx, orgId, season.id, input.current);
    if (Object.keys(changes).length === 0) return season;
    const [row] = await tx.update(seasons).set(changes).where(eq(seasons.id, season.id)).returning();
    return row;
  });
}
