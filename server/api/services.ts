/**
 * Long-lived parts the app is built from. Tests build these in process (often several apps over one database);
 * the entry point builds them once from the environment.
 */
import type { ApiConfig } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { createResponseCache, type ResponseCache } from './cache/response-cache.js';
import { createTokenService, type TokenService } from './auth/tokens.js';
import { keyKeepSeconds } from './auth/auth-state.js';
import { startPurging } from './db/purge-schedule.js';
import { createOrgChanges, type OrgChanges } from './changes/org-changes.js';
import { writesFirst, type WritesFirst } from './http/writes-first.js';
import { entryBatches, type EntryBatches } from './http/entry-batches.js';

export interface Services {
  config: ApiConfig;
  database: Database;
  cache: ResponseCache;
  tokens: TokenService;
  /** the organizations' committed changes, for GET /changes */
  changes: OrgChanges;
  /** write requests before commentary appends, on this instance (http/writes-first.ts) */
  writesFirst: WritesFirst;
  /** the judges' caption entries, committed together (http/entry-batches.ts) */
  entryBatches: EntryBatches;
  /** the clock of access tokens and authorization codes (milliseconds, like Date.now): tests advance their own */
  now: () => number;
  close(): Promise<void>;
}

export async function createServices(
  config: ApiConfig,
  options: { memory?: boolean; now?: () => number } = {},
): Promise<Services> {
  const now = options.now ?? Date.now;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    memory: options.memory,
    postgres: config.postgres,
  });
  const cache = await createResponseCache(database);
  const tokens = await createTokenService(database, config, now);
  const changes = await createOrgChanges(database);
  const purging = await startPurging(database, { signingKeyKeepSeconds: keyKeepSeconds(config.tokenTtlSeconds) });
  const first = writesFirst();
  return {
    config,
    database,
    cache,
    tokens,
    changes,
    writesFirst: first,
    entryBatches: entryBatches({ database, cache, writesFirst: first }),
    now,
    close: async () => {
      changes.close();
      purging.stop();
      tokens.close();
      cache.close();
      await database.close();
    },
  };
}
