import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { seasons } from '../schema.js';
import { RuleViolation } from './errors.js';
import { orgWrite, requireDate, requireText } from './support.js';

export interface SeasonInput {
  name: string;
  year: number;
  /** yyyy-mm-dd */
  startDate: string;
  endDate: string;
  /** fixed guid (imports, the sample circuit); a random one otherwise */
  guid?: string;
}

export type SeasonRow = typeof seasons.$inferSelect;

export async function createSeason(db: DbOrTx, orgId: number, input: SeasonInput): Promise<SeasonRow> {
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
