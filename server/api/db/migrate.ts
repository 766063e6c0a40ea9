import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migrations this version of the app knows, in the order they apply. */
export function knownMigrations(): string[] {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/**
 * Applies every migrations/*.sql not yet applied, in name order, each in its own transaction. An advisory lock
 * makes concurrent starts of several API instances on one PostgreSQL apply each migration exactly once.
 */
export async function applyMigrations(database: { db: Migratable }): Promise<void> {
  const { db } = database;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274)`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const applied = await tx.execute(sql`SELECT name FROM schema_migrations`);
    const done = new Set(rowsOf<{ name: string }>(applied).map((row) => row.name));
    for (const file of knownMigrations()) {
      if (done.has(file)) continue;
      // Prepared statements take one command each: run the file statement by statement (migrations hold no
      // function bodies, so a semicolon at the end of a line always ends a statement).
      const text = readFileSync(path.join(migrationsDir, file), 'utf8');
      for (const statement of text
        .split(/;\s*$/m)
        .map((part) => part.trim())
        .filter(isStatement)) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
    }
  });
}

/** What migrating needs of a database handle (database.ts's Db, either driver): a transaction that runs SQL. */
interface Migratable {
  transaction<T>(work: (tx: { execute(query: SQL): PromiseLike<unknown> }) => Promise<T>): Promise<T>;
}

/** drizzle's execute() returns `{ rows }` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function isStatement(part: string): boolean {
  return part.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--'));
}
