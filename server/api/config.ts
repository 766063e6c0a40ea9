/** API configuration, read and validated once at start-up. */
import { postgresSettingsFrom, type PostgresSettings } from './db/postgres.js';

export interface ApiConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  tokenTtlSeconds: number;
  /** lifetime of Authorization Code flow codes (RFC 6749 §4.1.2: at most 10 minutes) */
  authCodeTtlSeconds: number;
  tlsCert?: string;
  tlsKey?: string;
  /** requests per application per window on the data routes */
  rateLimit: { requests: number; windowSeconds: number };
  /** anonymous v2 reads (organizations open to programmatic access) per client address per window */
  anonymousRateLimit: { requests: number; windowSeconds: number };
  /** token requests per client (or per address for unknown clients) per window */
  tokenRateLimit: { requests: number; windowSeconds: number };
  /** largest accepted request body, in bytes */
  bodyLimitBytes: number;
  /** largest commentary recording, all its uploads together, in bytes (decision 128) */
  commentaryMaxBytes: number;
  /** PostgreSQL's pool, time limits and reconnection (used with databaseUrl) */
  postgres: PostgresSettings;
  /** automatic backups of the embedded database (BACKUP_DIR; decision 114): where, how often, how many kept */
  backup: { folder?: string; everyMinutes: number; keep: number };
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1, max?: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || (max !== undefined && value > max)) {
    const range = max === undefined ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new Error(`${name} must be a whole number ${range} (got "${raw}")`);
  }
  return value;
}

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  if ((env.TLS_CERT && !env.TLS_KEY) || (!env.TLS_CERT && env.TLS_KEY)) {
    throw new Error('TLS_CERT and TLS_KEY go together: set both or neither');
  }
  return {
    port: intFrom(env, 'API_PORT', 8443, 0),
    host: env.API_HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || '.data',
    tokenTtlSeconds: intFrom(env, 'TOKEN_TTL_SECONDS', 7200),
    authCodeTtlSeconds: intFrom(env, 'AUTH_CODE_TTL_SECONDS', 600),
    tlsCert: env.TLS_CERT || undefined,
    tlsKey: env.TLS_KEY || undefined,
    rateLimit: {
      requests: intFrom(env, 'RATE_LIMIT_REQUESTS', 6000),
      windowSeconds: intFrom(env, 'RATE_LIMIT_WINDOW_SECONDS', 60),
    },
    anonymousRateLimit: {
      requests: intFrom(env, 'ANONYMOUS_RATE_LIMIT_REQUESTS', 600),
      windowSeconds: intFrom(env, 'ANONYMOUS_RATE_LIMIT_WINDOW_SECONDS', 60),
    },
    tokenRateLimit: {
      requests: intFrom(env, 'TOKEN_RATE_LIMIT_REQUESTS', 60),
      windowSeconds: intFrom(env, 'TOKEN_RATE_LIMIT_WINDOW_SECONDS', 60),
    },
    bodyLimitBytes: intFrom(env, 'BODY_LIMIT_BYTES', 256 * 1024),
    commentaryMaxBytes: intFrom(env, 'COMMENTARY_MAX_BYTES', 60 * 1024 * 1024),
    postgres: postgresSettingsFrom(env),
    backup: {
      folder: env.BACKUP_DIR || undefined,
      // a day at most: a timer of more than 24.8 days would fire at once
      everyMinutes: intFrom(env, 'BACKUP_EVERY_MINUTES', 5, 1, 1440),
      keep: intFrom(env, 'BACKUP_KEEP', 48, 1, 10_000),
    },
  };
}
