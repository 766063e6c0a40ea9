import { readApiConfig } from '../api/config.js';
import { openDatabase, type Database } from '../api/db/database.js';
import { claimDataDir, DataDirInUseError } from '../api/db/data-dir-lock.js';
import { CliError } from './errors.js';
import { serverDatabase } from './io.js';

/**
 * Runs `work` on the database the API would use (DATABASE_URL, else PGlite in DATA_DIR). The embedded database
 * is claimed first: while a running server holds it, the command has been handed to that server (cli.ts,
 * cli/beside-server.ts) and runs there on the server's own open database; if the claim fails anyway (a server that
 * started a moment ago), the command stops with exit code 2 before touching it.
 */
export async function withDatabase<T>(
  work: (database: Database) => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<T> {
  const running = serverDatabase();
  if (running) return work(running);
  let config;
  try {
    config = readApiConfig(env);
  } catch (error) {
    throw new CliError(`Configuration error: ${(error as Error).message}`, 2);
  }
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = claimDataDir(config.dataDir, 'cli');
    } catch (error) {
      if (error instanceof DataDirInUseError) throw new CliError(error.message, 2);
      throw error;
    }
  }
  try {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}
