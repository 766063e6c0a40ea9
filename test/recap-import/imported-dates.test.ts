import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/api/db/database.js';
import { applyMigrations } from '../../server/api/db/migrate.js';
import { createOrganization } from '../../server/api/db/repositories/organizations.js';
import { competitions } from '../../server/api/db/schema.js';
import { loadCompetition } from '../../server/api/db/repositories/load-competition.js';

/**
 * Migration 0003: competitions imported from a recap page before calendar dates (decision 011) were stored at
 * 00:00 UTC; they move to 12:00 UTC of the same day. Nothing else moves.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
});
afterAll(() => database?.close());

describe('migration 0003: imported calendar dates', () => {
  it('moves pages imported at midnight UTC to noon, and leaves other competitions alone', async () => {
    const { db } = database;
    const org = await createOrganization(db, { name: 'Migrated Circuit' });
    const load = (orgCompetitionId: string, startsAt: string) =>
      loadCompetition(db, org.id, {
        title: `Show ${orgCompetitionId}`,
        location: '',
        date: startsAt.slice(0, 10),
        groupTypeId: 1,
        released: true,
        sections: [],
        competition: { orgCompetitionId, startsAt: new Date(startsAt) },
      });
    const page = await load('1b5402fa-ca69-4d9a-8be5-7e984c0c04b9', '2026-03-28T00:00:00.000Z');
    const sample = await load('20260328-1', '2026-03-28T00:00:00.000Z');
    const timed = await load('0fd7d2ff-dbbe-4f32-ac44-c3bab5edfd1d', '2026-03-28T17:00:00.000Z');

    await db.execute(sql`DELETE FROM schema_migrations WHERE name = '0003_imported_calendar_dates.sql'`);
    await applyMigrations(database);

    const startOf = async (id: number) =>
      (
        await db.select({ startsAt: competitions.startsAt }).from(competitions).where(eq(competitions.id, id))
      )[0].startsAt.toISOString();
    expect(await startOf(page.competitionId)).toBe('2026-03-28T12:00:00.000Z');
    expect(await startOf(sample.competitionId)).toBe('2026-03-28T00:00:00.000Z');
    expect(await startOf(timed.competitionId)).toBe('2026-03-28T17:00:00.000Z');
  });
});
