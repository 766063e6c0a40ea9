/**
 * The one place that picks the database: PGlite on disk (embedded default) or PostgreSQL through `pg` when
 * DATABASE_URL is set. Everything above this module sees the same drizzle handle and the same notify/listen pair.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import * as schema from './schema.js';
import { applyMigrations } from './migrate.js';
import { makeOwnerOnly, ownerOnlyFolder } from './owner-only.js';
import { openPostgres, type PostgresSettings } from './postgres.js';

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
   * True while notifications are known to arrive: the listening connection is up and answered its last heartbeat
   * (always, on the embedded database, whose notifications never leave the process). While false, a cache that
   * relies on them must neither serve nor store (cache/response-cache.ts).
   */
  notificationsLive(): boolean;
  /** Whether the database answers a trivial query now (readiness). */
  ping(): Promise<boolean>;
  /**
   * Runs `work` in one transaction that every use of `db` within it (its async context) joins: repositories'
   * writes become savepoints of it and reads see them, though they only know `db`. For one unit of work spread
   * over code that cannot pass a transaction along: every write request's changes, its reads and its stored
   * Idempotency-Key answer commit as one (http/write-unit.ts). `work` is given that transaction, for what must
   * know which unit it is in (org-version.ts: one version bump a unit).
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The embedded database's files as one uncompressed tar (PGlite's `dumpDataDir`), taken between two transactions
   * while no statement runs: what a backup holds (server/api/backup/). Absent on PostgreSQL, which has its own
   * tools (pg_dump).
   */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; unset means embedded PGlite */
  url?: string;
  /** folder of the embedded database (PGlite files live in `<dataDir>/pglite`) */
  dataDir?: string;
  /** PGlite in memory (tests that need a throwaway database) */
  memory?: boolean;
  /** pool size, time limits and reconnection of PostgreSQL; from the environment when not given */
  postgres?: PostgresSettings;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const opened = options.url ? await openPostgres(options.url, options.postgres) : await openPglite(options);
  const database = { ...opened, ...withAmbientTransactions(opened.db) };
  await applyMigrations(database);
  return database;
}

/**
 * `db` as a stand-in that forwards every call to the transaction of the surrounding `transaction(work)`, if any,
 * else to the database itself (Database.transaction).
 *
 * A repository's own `db.transaction(...)` inside a surrounding one joins it as it is, without a savepoint: the
 * surrounding unit (a write request) rolls back as a whole when anything in it fails, and nothing in it catches a
 * failed repository write to go on, so a savepoint bought nothing but two statements in every write
 * (docs/decisions/103-repository-transactions-join-the-request.md).
 */
function withAmbientTransactions(db: Db): Pick<Database, 'db' | 'transaction'> {
  const ambient = new AsyncLocalStorage<Tx>();
  const forwarding = new Proxy(db, {
    get(target, property) {
      const surrounding = ambient.getStore();
      if (surrounding && property === 'transaction')
        return <T>(work: (tx: Tx) => Promise<T>): Promise<T> => work(surrounding);
      const current = surrounding ?? target;
      const value: unknown = Reflect.get(current, property, current);
      if (typeof value !== 'function') return value;
      const bound: unknown = value.bind(current);
      return bound;
    },
  });
  return {
    db: forwarding,
    transaction: (work) => (ambient.getStore() ?? db).transaction((tx) => ambient.run(tx, () => work(tx))),
  };
}

/**
 * The embedded database lives in the API's own process, so its buffer pool is the API's memory: PostgreSQL's
 * default 128 MB pool is a third of the API's resident size at rest, and caches what the operating system's page
 * cache already holds of the data directory. 32 MB keeps a season's working set; memory under load is budgeted
 * (npm run bench, 1,000 connections).
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * bytea in and out of PGlite without its built-in codec, which goes a byte at a time through JavaScript arrays and
 * strings (`Array.from(bytes).map(...).join('')`): a 27 KB commentary append cost some 6 ms of the API's one thread
 * and tens of thousands of short-lived strings, beside the judges' score writes
 * (docs/decisions/142-commentary-appends-beside-the-score-writes.md). A parameter goes as the bytes themselves
 * (PGlite binds a byte array in PostgreSQL's binary format, which bytea receives as it is: no hex to write in
 * JavaScript or parse in the database); a result comes back as text (`\x` and two hex digits a byte), decoded
 * by Node's own hex codec. What is stored does not change.
 */
const BYTEA = 17;
const byteaCodec = {
  serializers: {
    [BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      // typed as text, but PGlite's bind writes any byte array in the binary format (test/commentary/ reads back each byte)
      return value as unknown as string;
    },
  },
  parsers: {
    [BYTEA]: (text: string): Uint8Array => Buffer.from(text.slice(2), 'hex'),
  },
};

async function openPglite(options: DatabaseOptions): Promise<Omit<Database, 'transaction'>> {
  let client: PGlite;
  if (options.memory) {
    client = new PGlite({ startParams: PGLITE_START, ...byteaCodec });
  } else {
    const dataDir = path.resolve(options.dataDir ?? '.data');
    ownerOnlyFolder(path.join(dataDir, 'pglite'));
    client = new PGlite(path.join(dataDir, 'pglite'), { startParams: PGLITE_START, ...byteaCodec });
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
    notificationsLive: () => true,
    ping: async () => {
      await client.query('SELECT 1');
      return true;
    },
    // Every query and transaction of PGlite holds its transaction lock, and the dump waits for it: the files are
    // those of a moment between two transactions (crash-consistent: opening them replays the log as after a stop).
    snapshot: () => client._runExclusiveTransaction(() => client.dumpDataDir('none')),
    close: () => client.close(),
  };
}
