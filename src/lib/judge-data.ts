/**
 * Where a judge's tablet keeps its entries, seats and sheets (IndexedDB, decision 089), named here so that signing
 * out, which lives outside the judge's page, can clear it without loading the page: `clearJudgeData()` is what a
 * sign-out calls before it leaves. Nothing of a judge goes into the service worker's caches (src/sw), so this
 * database is all there is to clear.
 */
export const JUDGE_DB_NAME = 'judge';

/**
 * Deletes the judge's saved data from this device: entries not yet sent included (a sign-out that should keep them
 * asks first: `judgeEntriesWaiting`). An open judge page closes its connection when asked (its store's `blocking`),
 * so the deletion does not wait for the tab to close.
 */
export async function clearJudgeData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const { deleteDB } = await import('idb');
  await deleteDB(JUDGE_DB_NAME);
}

/** How many entries on this device have not reached the API yet (0 when nothing is saved). */
export async function judgeEntriesWaiting(): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0;
  const known = await indexedDB.databases?.();
  if (known && !known.some((database) => database.name === JUDGE_DB_NAME)) return 0;
  const { openDB } = await import('idb');
  // Opened without a version: an existing database as it is, or none (an empty one is deleted again at once).
  const db = await openDB(JUDGE_DB_NAME);
  try {
    return db.objectStoreNames.contains('outbox') ? await db.count('outbox') : 0;
  } finally {
    db.close();
    if (db.objectStoreNames.length === 0) await clearJudgeData();
  }
}
