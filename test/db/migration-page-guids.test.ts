/**
 * Migration 0004 on a database as 0003 left it, on both drivers (PGlite and PostgreSQL): imported competitions
 * take their page's guid where it is free in their organization, guids become unique per organization, and every
 * organization starts closed to anonymous reads while divisions start open.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../../server/api/db/database.js';
import { rowsOf } from '../../server/api/db/migrate.js';
import { createOrganization } from '../../server/api/db/repositories/organizations.js';
import { createEvent } from '../../server/api/db/repositories/events.write.js';
import { createCompetition } from '../../server/api/db/repositories/competitions.write.js';
import { createDivision, createSeason } from '../helpers/setup-writes.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';

const MIGRATION = '0004_programmatic_access_and_page_guids.sql';

/** What the database looked like before 0004 (its statements undone), with imported competitions of two organizations. */
async function databaseBefore0004(options: DatabaseOptions) {
  const database = await openDatabase(options);
  const { db } = database;
  const page = randomUUID();
  const heldPage = randomUUID();
  const competition = async (orgId: number, eventId: number, fields: { orgCompetitionId: string; guid?: string }) =>
    createCompetition(db, orgId, {
      eventId,
      name: 'Color Guard',
      startsAt: new Date('2026-03-07T12:00:00Z'),
      groupTypeId: 1,
      ...fields,
    });
  const ids: Record<string, number> = {};
  const orgIds: number[] = [];
  for (const name of ['First', 'Second']) {
    const org = await createOrganization(db, { name });
    orgIds.push(org.id);
    await createDivision(db, org.id, { name: 'Scholastic A', initials: 'SA', groupTypeId: 1 });
    const season = await createSeason(db, org.id, {
      name: '2025-26 Season',
      year: 2026,
      startDate: '2025-08-01',
      endDate: '2026-05-31',
    });
    const event = await createEvent(db, org.id, {
      seasonId: season.id,
      name: 'Show',
      location: '',
      eventTypeId: 1,
      startDate: '2026-03-07',
    });
    ids[`${name} page`] = (await competition(org.id, event.id, { orgCompetitionId: page })).id;
    if (name === 'First') {
      // the page guid is taken in this organization by a competition made by hand: the imported one keeps its own
      ids.taken = (await competition(org.id, event.id, { orgCompetitionId: '', guid: heldPage })).id;
      ids.held = (await competition(org.id, event.id, { orgCompetitionId: heldPage })).id;
      ids.sample = (await competition(org.id, event.id, { orgCompetitionId: '20260307-1' })).id;
    }
  }
  for (const statement of [
    'ALTER TABLE organizations DROP COLUMN programmatic_access',
    'ALTER TABLE divisions DROP COLUMN programmatic_access',
    'DROP INDEX competitions_guid_idx',
    'ALTER TABLE competitions DROP CONSTRAINT competitions_org_guid_key',
    'ALTER TABLE competitions ADD CONSTRAINT competitions_guid_key UNIQUE (guid)',
  ]) {
    await db.execute(sql.raw(statement));
  }
  await db.execute(sql`DELETE FROM schema_migrations WHERE name = ${MIGRATION}`);
  const before = await guids(database);
  await database.close();
  return { page, heldPage, ids, orgIds, before };
}

async function guids(database: Database): Promise<Map<number, string>> {
  const rows = rowsOf<{ id: number; guid: string }>(await database.db.execute(sql`SELECT id, guid FROM competitions`));
  return new Map(rows.map((row) => [row.id, row.guid]));
}

async function checkMigration(options: DatabaseOptions) {
  const { page, heldPage, ids, orgIds, before } = await databaseBefore0004(options);
  const database = await openDatabase(options);
  try {
    const after = await guids(database);
    expect(after.get(ids['First page'])).toBe(page);
    expect(after.get(ids['Second page'])).toBe(page);
    expect(after.get(ids.taken)).toBe(heldPage);
    expect(after.get(ids.held)).toBe(before.get(ids.held));
    expect(after.get(ids.sample)).toBe(before.get(ids.sample));
    const access = rowsOf<{ open: boolean }>(
      await database.db.execute(sql`SELECT programmatic_access AS open FROM organizations`),
    );
    expect(access.map((row) => row.open)).toEqual([false, false]);
    const divisions = rowsOf<{ open: boolean }>(
      await database.db.execute(sql`SELECT programmatic_access AS open FROM divisions`),
    );
    expect(divisions.every((row) => row.open)).toBe(true);
    // unique per organization: the same guid twice in one organization is refused
    await expect(
      database.db.execute(
        sql`UPDATE competitions SET guid = ${page} WHERE id = ${ids.sample} AND org_id = ${orgIds[0]}`,
      ),
    ).rejects.toThrow();
  } finally {
    await database.close();
  }
}

let postgres: TestPostgres | undefined;
const dataDirs: string[] = [];
afterAll(async () => {
  await postgres?.stop();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('migration 0004: programmatic access and page guids', () => {
  it('on PGlite', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'migration-0004-'));
    dataDirs.push(dataDir);
    await checkMigration({ dataDir });
  }, 60_000);

  it('on PostgreSQL', async () => {
    postgres = await startTestPostgres();
    await checkMigration({ url: await postgres.createDatabase('migration_0004') });
  }, 120_000);
});
