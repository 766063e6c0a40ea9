/**
 * The one place that picks the database: PGlite on disk (embedded default) or PostgreSQL through `pg` when
 * DATABASE_URL is set. Everything above this module sees the same drizzle handle and the same notify/listen pair.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import { applyMigrations } from './migrate.js';
import { makeOwnerOnly, ownerOnlyFolder } from './owner-only.js';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction handle; repositories accept either this or the Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL (migrations, LISTEN/NOTIFY helpers). */
  exec(sql: string): Promise<void>;
  /**
   * Subscribes to a PostgreSQL notification channel; resolves once listening. `onGap` runs whenever
   * notifications may have been missed (the listening connection dropped and was re-established).
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<void>;
  /**
   * Runs `work` in one transaction that every use of `db` within it (its async context) joins: repositories'
   * writes become savepoints of it and reads see them, though they only know `db`. For one unit of work spread
   * over code that cannot pass a transaction along: every write request's changes, its reads and its stored
   * Idempotency-Key answer commit as one (http/write-unit.ts).
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; unset means embedded PGlite */
  url?: string;
  /** folder of the embedded database (PGlite files live in `<dataDir>/pglite`) */
  dataDir?: string;
  /** PGlite in memory (tests that need a throwaway database) */
  memory?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const opened = options.url ? await openPostgres(options.url) : await openPglite(options);
  const database = { ...opened, ...withAmbientTransactions(opened.db) };
  await applyMigrations(database);
  return database;
}

/**
 * `db` as a stand-in that forwards every call to the transaction of the surrounding `transaction(work)`, if any,
 * else to the database itself (Database.transaction).
 */
function withAmbientTransactions(db: Db): Pick<Database, 'db' | 'transaction'> {
  const ambient = new AsyncLocalStorage<Tx>();
  const forwarding = new Proxy(db, {
    get(target, property) {
      const current = ambient.getStore() ?? target;
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
  return {
    db: forwarding,
    transaction: (work) => (ambient.getStore() ?? db).transaction((tx) => ambient.run(tx, work)),
  };
}

/**
 * The embedded database lives in the API's own process, so its buffer pool is the API's memory: PostgreSQL's
 * default 128 MB pool is a third of the API's resident size at rest, and caches what the operating system's page
 * cache already holds of the data directory. 32 MB keeps a season's working set; memory under load is budgeted
 * (npm run bench, 1,000 connections).
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function openPglite(options: DatabaseOptions): Promise<Omit<Database, 'transaction'>> {
  let client: PGlite;
  if (options.memory) {
    client = new PGlite({ startParams: PGLITE_START });
  } else {
    const dataDir = path.resolve(options.dataDir ?? '.data');
    ownerOnlyFolder(path.join(dataDir, 'pglite'));
    client = new PGlite(path.join(dataDir, 'pglite'), { startParams: PGLITE_START });
    await client.waitReady;
    // After the open: PGlite has written its files with its own modes by now (owner-only.ts).
    makeOwnerOnly(dataDir);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    kind: 'pglite',
    db,
    exec: async (sql) => {
      await client.exec(sql);
    },
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Omit<Database, 'transaction'>> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // Fail fast with the real reason (bad URL, server down) instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners: pg.Client[] = [];
  let closed = false;
  return {
    kind: 'postgres',
    db,
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen: async (channel, onPayload, onGap) => {
      // LISTEN needs a connection of its own that stays open; a pooled one would be handed to other queries.
      const connect = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: url });
        client.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        client.on('error', () => {
          // Notifications sent while we are away are lost: tell the listener, then listen again.
          listeners.splice(listeners.indexOf(client), 1);
          client.end().catch(() => {});
          onGap?.();
          // The reconnection's outcome is handled in its chain (a failure is this handler again, a second later).
          if (!closed)
            setTimeout(
              () => void connect().then(onGap, () => client.emit('error', new Error('reconnect failed'))),
              1000,
            );
        });
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        listeners.push(client);
      };
      await connect();
    },
    close: async () => {
      closed = true;
      await Promise.all(listeners.map((client) => client.end()));
      await pool.end();
    },
  };
}
