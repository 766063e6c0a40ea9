import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { seasons } from '../schema.js';

export type SeasonRow = typeof seasons.$inferSelect;

export async function listSeasons(db: DbOrTx, orgId: number): Promise<SeasonRow[]> {
  return db.select().from(seasons).where(eq(seasons.orgId, orgId)).orderBy(asc(seasons.startDate), asc(seasons.id));
}

export async function findSeason(db: DbOrTx, orgId: number, seasonId: number): Promise<SeasonRow | undefined> {
  const [row] = await db
    .select()
    .from(seasons)
    .where(and(eq(seasons.orgId, orgId), eq(seasons.id, seasonId)));
  return row;
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);
