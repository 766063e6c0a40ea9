/**
 * PostgreSQL through `pg` (DATABASE_URL): a pool that outlives lost connections and restarts, with time limits so
 * that a hung or cut-off instance holds nothing for longer than seconds, and one listening connection that comes
 * back by itself and says whether notifications are arriving right now
 * (docs/decisions/048-database-timeouts-and-outages.md).
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import type { Database, Db } from './database.js';
import { describeDbError } from './failures.js';

export interface PostgresSettings {
  poolSize: number;
  /** how long to wait for a new connection before the request fails (503) */
  connectTimeoutMs: number;
  /** longest statement; also, plus a margin, how long the client waits for any answer (a cut-off server) */
  statementTimeoutMs: number;
  /** longest wait for a lock (an organization's write lock held by someone else) */
  lockTimeoutMs: number;
  /** a session left inside a transaction doing nothing this long is ended by the server, releasing its locks */
  idleInTransactionTimeoutMs: number;
  /** TCP keepalive, both ends: idle time before probing a silent connection */
  keepAliveMs: number;
  /** how often the listening connection proves it is alive; silent for twice this, it is taken as lost */
  heartbeatMs: number;
  /** pause between attempts to listen again after the listening connection was lost */
  reconnectMs: number;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  return value;
}

/** The settings from the environment (README, "Configuration"); every one has a default. */
export function postgresSettingsFrom(env: NodeJS.ProcessEnv = process.env): PostgresSettings {
  return {
    poolSize: intFrom(env, 'DATABASE_POOL_SIZE', 10, 1),
    connectTimeoutMs: intFrom(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3000, 100),
    statementTimeoutMs: intFrom(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 15000, 100),
    lockTimeoutMs: intFrom(env, 'DATABASE_LOCK_TIMEOUT_MS', 3000, 100),
    idleInTransactionTimeoutMs: intFrom(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 10000, 100),
    keepAliveMs: intFrom(env, 'DATABASE_KEEPALIVE_MS', 10000, 1000),
    heartbeatMs: intFrom(env, 'DATABASE_HEARTBEAT_MS', 1000, 100),
    reconnectMs: intFrom(env, 'DATABASE_RECONNECT_MS', 200, 50),
  };
}

/** Connection settings shared by the pool and the listening connection (and tests that play an instance). */
export function clientConfig(url: string, settings: PostgresSettings): pg.ClientConfig {
  const keepAliveSeconds = Math.max(1, Math.round(settings.keepAliveMs / 1000));
  return {
    connectionString: url,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: settings.keepAliveMs,
    statement_timeout: settings.statementTimeoutMs,
    lock_timeout: settings.lockTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    // A server that stops answering (a partition) answers no statement_timeout either: the client gives up itself.
    query_timeout: settings.statementTimeoutMs + 2000,
    // The server's side of keepalive, so it ends the session (and its locks) of an instance that vanished without
    // closing its connections: probes after keepAliveMs of silence, three unanswered a second apart.
    options: `-c tcp_keepalives_idle=${keepAliveSeconds} -c tcp_keepalives_interval=1 -c tcp_keepalives_count=3`,
  };
}

function warn(msg: string, error?: unknown): void {
  console.error(JSON.stringify({ level: 'warn', msg, ...(error === undefined ? {} : describeDbError(error)) }));
}

export async function openPostgres(
  url: string,
  settings: PostgresSettings = postgresSettingsFrom(),
): Promise<Omit<Database, 'transaction'>> {
  const pool = new pg.Pool({ ...clientConfig(url, settings), max: settings.poolSize });
  // An idle pooled connection that dies (a restart, pg_terminate_backend, a cut cable) makes the pool emit 'error';
  // unheard, that would end the process. The pool has already dropped it; the next query opens a new one.
  pool.on('error', (error) => warn('database connection lost (idle, replaced on next use)', error));
  // A connection that dies while checked out (between two statements of a transaction) emits 'error' on itself;
  // its next query fails, the request answers 503, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', (error) => warn('database connection lost (in use)', error)));
  // Fail fast with the real reason (bad URL, server down) instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = createListener(url, settings);
  return {
    kind: 'postgres',
    db,
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen: (channel, onPayload, onGap) => listener.listen(channel, onPayload, onGap),
    notificationsLive: () => listener.live(),
    ping: async () => {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

interface Subscription {
  channel: string;
  onPayload(payload: string): void;
  onGap?(): void;
}

/**
 * One connection LISTENs on every channel (a pooled one would be handed to other queries). It is live from its
 * LISTENs until it is lost: an error, an end, or a heartbeat unanswered for twice DATABASE_HEARTBEAT_MS (a
 * partition closes nothing). Lost, every subscriber hears a gap (the cache stops serving and storing, auth state
 * re-reads), and it connects again every DATABASE_RECONNECT_MS until it listens again; then every subscriber hears
 * another gap, since notifications sent meanwhile are gone.
 */
function createListener(url: string, settings: PostgresSettings) {
  const subscriptions: Subscription[] = [];
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  const gap = () => {
    for (const subscription of subscriptions) subscription.onGap?.();
  };

  /** The listening connection is gone (or a new one failed): drop it and try again soon. */
  const lost = (lostClient: pg.Client, error?: unknown) => {
    if (client !== lostClient) return;
    const wasLive = live;
    client = undefined;
    live = false;
    clearInterval(heartbeat);
    // destroy the socket: end() would wait for a server that may never answer
    (lostClient as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    lostClient.end().catch(() => {});
    if (closed) return;
    if (wasLive) {
      warn('notification listener lost; listening again', error);
      gap();
    }
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          console.error(JSON.stringify({ level: 'info', msg: 'notification listener listening again' }));
          gap();
        },
        () => {}, // lost() has scheduled the next attempt
      );
    }, settings.reconnectMs);
    retry.unref();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client(clientConfig(url, settings));
    next.on('notification', (message) => {
      for (const subscription of subscriptions)
        if (subscription.channel === message.channel) subscription.onPayload(message.payload ?? '');
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    client = next;
    try {
      await next.connect();
      for (const channel of new Set(subscriptions.map((subscription) => subscription.channel)))
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(next, error);
      throw error;
    }
    if (client !== next) throw new Error('notification listener lost while connecting');
    live = true;
    let waiting = false;
    let since = 0;
    heartbeat = setInterval(() => {
      if (waiting) {
        if (Date.now() - since > 2 * settings.heartbeatMs) lost(next, new Error('heartbeat unanswered'));
        return;
      }
      waiting = true;
      since = Date.now();
      next.query('SELECT 1').then(
        () => (waiting = false),
        (error: unknown) => lost(next, error),
      );
    }, settings.heartbeatMs);
    heartbeat.unref();
  };

  let started: Promise<void> | undefined;
  return {
    async listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<void> {
      subscriptions.push({ channel, onPayload, onGap });
      if (!started) {
        // the first connection is part of starting: a database that cannot be listened to fails the start
        started = connect().catch((error: unknown) => {
          closed = true;
          clearTimeout(retry);
          throw error;
        });
        await started;
        return;
      }
      await started;
      // A new channel on a live connection; during an outage the reconnect LISTENs on it.
      if (client && live) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    live: () => live,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      live = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
