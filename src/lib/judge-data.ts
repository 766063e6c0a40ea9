/**
 * Where a judge's tablet keeps its entries, seats and sheets (IndexedDB, decision 089), named here so that signing
 * out, which lives outside the judge's page, can clear it without loading the page: `clearJudgeData()` is what a
 * sign-out calls before it leaves. Nothing of a judge goes into the service worker's caches (src/sw), so this
 * database is all there is to clear. Plain IndexedDB requests, not the page's wrapper: a sign-out button may import
 * this without pulling the judge page's code along.
 */
export const JUDGE_DB_NAME = 'judge';

const settled = <T>(request: IDBRequest<T> | IDBOpenDBRequest): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/**
 * Deletes the judge's saved data from this device, entries not yet sent included (a sign-out that should keep them
 * asks first: `judgeEntriesWaiting`). An open judge page closes its connection when asked (its store's `blocking`),
 * so the deletion does not wait for that tab to close.
 */
export async function clearJudgeData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await settled(indexedDB.deleteDatabase(JUDGE_DB_NAME));
}

/** How many entries on this device have not reached the API yet (0 when nothing is saved). */
export async function judgeEntriesWaiting(): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0;
  const known = await indexedDB.databases?.();
  if (known && !known.some((database) => database.name === JUDGE_DB_NAME)) return 0;
  // Opened without a version: the database as it is (or a new empty one, deleted again below).
  const db = await settled<IDBDatabase>(indexedDB.open(JUDGE_DB_NAME));
  try {
    if (!db.objectStoreNames.contains('outbox')) return 0;
    return await settled(db.transaction('outbox').objectStore('outbox').count());
  } finally {
    const empty = db.objectStoreNames.length === 0;
    db.close();
    if (empty) await clearJudgeData();
  }
}
