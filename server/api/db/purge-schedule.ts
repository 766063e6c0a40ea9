import type { Database } from './database.js';
import { describeDbError } from './failures.js';
import { purgeExpiredRows } from './repositories/expired-rows.js';

/** Expired rows harm nobody for a while; this keeps the tables from growing without running often. */
export const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Purges expired rows now (before the instance serves) and every PURGE_INTERVAL_MS until stopped. A failed
 * purge is logged and tried again next time: it must never stop the API.
 */
export async function startPurging(
  database: Database,
  options: { signingKeyKeepSeconds: number },
): Promise<{ stop(): void }> {
  const purge = () =>
    purgeExpiredRows(database.db, options).catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'warn', msg: 'Could not purge expired rows', ...describeDbError(error) }));
    });
  await purge();
  const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
