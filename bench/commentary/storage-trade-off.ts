/**
 * The measurement behind docs/decisions/ (commentary storage): a 6-minute recording at 48 kbit/s written as the
 * tablet sends it, one 1-second piece (6,000 bytes) a transaction, into (a) rows of a bytea table and (b) a
 * PostgreSQL large object (lo_put at the offset), on the embedded database and on PostgreSQL; then read back whole
 * in 256 KiB parts. Prints time and the process's resident memory growth for each. Run:
 * `npx tsx bench/commentary/storage-trade-off.ts` (PostgreSQL's server binaries needed, as for npm test).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/api/db/database.js';
import { rowsOf } from '../../server/api/db/migrate.js';
import { startTestPostgres } from '../../test/helpers/postgres.js';

const PIECE = 6_000;
const PIECES = 360;
const READ_PART = 256 * 1024;
const recording = randomBytes(PIECE * PIECES);

async function rows(database: Database) {
  const { db } = database;
  await db.execute(sql`DROP TABLE IF EXISTS trade_chunks`);
  await db.execute(
    sql`CREATE TABLE trade_chunks (file_id integer, start bigint, data bytea, PRIMARY KEY (file_id, start))`,
  );
  await db.execute(sql`ALTER TABLE trade_chunks ALTER COLUMN data SET STORAGE EXTERNAL`);
  const write = await measure(async () => {
    for (let i = 0; i < PIECES; i++) {
      const piece = recording.subarray(i * PIECE, (i + 1) * PIECE);
      await database.transaction(() =>
        db.execute(sql`INSERT INTO trade_chunks VALUES (1, ${i * PIECE}, ${piece})`).then(() => undefined),
      );
    }
  });
  const read = await measure(async () => {
    const parts: Buffer[] = [];
    let from = 0;
    for (;;) {
      const got = rowsOf<{ start: string; data: Uint8Array }>(
        await db.execute(
          sql`SELECT start, data FROM trade_chunks WHERE file_id = 1 AND start >= ${from} ORDER BY start LIMIT ${Math.ceil(READ_PART / PIECE)}`,
        ),
      );
      if (got.length === 0) break;
      for (const row of got) parts.push(Buffer.from(row.data));
      from = Number(got[got.length - 1].start) + 1;
    }
    if (!Buffer.concat(parts).equals(recording)) throw new Error('rows read back differ');
  });
  return { write, read, diskKb: await diskKb(db, 'trade_chunks') };
}

async function largeObject(database: Database) {
  const { db } = database;
  const [{ oid }] = rowsOf<{ oid: number }>(await db.execute(sql`SELECT lo_create(0) AS oid`));
  const write = await measure(async () => {
    for (let i = 0; i < PIECES; i++) {
      const piece = recording.subarray(i * PIECE, (i + 1) * PIECE);
      await database.transaction(() =>
        db.execute(sql`SELECT lo_put(${oid}::oid, ${i * PIECE}, ${piece})`).then(() => undefined),
      );
    }
  });
  const read = await measure(async () => {
    const parts: Buffer[] = [];
    for (let from = 0; from < recording.length; from += READ_PART) {
      const [row] = rowsOf<{ data: Uint8Array }>(
        await db.execute(sql`SELECT lo_get(${oid}::oid, ${from}, ${READ_PART}) AS data`),
      );
      parts.push(Buffer.from(row.data));
    }
    if (!Buffer.concat(parts).equals(recording)) throw new Error('large object read back differs');
  });
  const disk = await diskKb(db, 'pg_largeobject');
  await db.execute(sql`SELECT lo_unlink(${oid}::oid)`);
  return { write, read, diskKb: disk };
}

async function diskKb(db: Database['db'], table: string): Promise<number> {
  const [row] = rowsOf<{ bytes: string }>(
    await db.execute(sql`SELECT pg_total_relation_size(${table}::regclass) AS bytes`),
  );
  return Math.round(Number(row.bytes) / 1024);
}

async function measure(work: () => Promise<void>) {
  global.gc?.();
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  await work();
  return {
    ms: Math.round(performance.now() - started),
    rssMb: +((process.memoryUsage().rss - rss) / 2 ** 20).toFixed(1),
  };
}

async function run(name: string, open: () => Promise<Database>) {
  for (const [kind, how] of [
    ['bytea rows', rows],
    ['large object', largeObject],
  ] as const) {
    const results = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const database = await open();
      results.push(await how(database));
      await database.close();
    }
    console.log(name, kind, JSON.stringify(results));
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'commentary-trade-'));
await run('embedded', () => openDatabase({ dataDir: dir }));
await rm(dir, { recursive: true, force: true });
const postgres = await startTestPostgres();
await run('postgres', () => openDatabase({ url: postgres.url }));
await postgres.stop();
