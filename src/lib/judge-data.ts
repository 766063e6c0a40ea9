/**
 * Where a judge's tablet keeps its entries, seats and sheets (IndexedDB, decision 089) and its commentary recordings,
 * named here so that signing out, which lives outside the judge's page, can clear them without loading the page:
 * `clearJudgeData()` is what a sign-out calls before it leaves. Nothing of a judge goes into the service worker's
 * caches (src/sw), so these databases are all there is to clear. Plain IndexedDB requests, not the page's wrapper: a
 * sign-out button may import this without pulling the judge page's code along.
 */
import type { Me } from './api-models';

export const JUDGE_DB_NAME = 'judge';
/** The judge's commentary recordings, waiting pieces included (features/judge-tablet/commentary/audio-store.ts). */
export const JUDGE_AUDIO_DB_NAME = 'judge-audio';

const settled = <T>(request: IDBRequest<T> | IDBOpenDBRequest): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/**
 * Deletes the judge's saved data from this device, entries and recordings not yet sent included (a sign-out that
 * should keep them asks first: `judgeEntriesWaiting`, `judgeAudioWaiting`). An open judge page closes its
 * connections when asked (its stores' `blocking`), so the deletion does not wait for that tab to close.
 */
export async function clearJudgeData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await settled(indexedDB.deleteDatabase(JUDGE_DB_NAME));
  await settled(indexedDB.deleteDatabase(JUDGE_AUDIO_DB_NAME));
}

/**
 * Reads one of the judge's databases as it is, or answers `none` when this device holds none: opened without a
 * version (a new empty one is deleted again), so the page's own store, which upgrades it, stays the one that shapes it.
 */
async function readSaved<T>(name: string, read: (db: IDBDatabase) => Promise<T>, none: T): Promise<T> {
  if (typeof indexedDB === 'undefined') return none;
  const known = await indexedDB.databases?.();
  if (known && !known.some((database) => database.name === name)) return none;
  const db = await settled<IDBDatabase>(indexedDB.open(name));
  try {
    return await read(db);
  } finally {
    const empty = db.objectStoreNames.length === 0;
    db.close();
    if (empty) await settled(indexedDB.deleteDatabase(name));
  }
}

/** How many entries on this device have not reached the API yet (0 when nothing is saved). */
export function judgeEntriesWaiting(): Promise<number> {
  return readSaved(
    JUDGE_DB_NAME,
    async (db) =>
      db.objectStoreNames.contains('outbox') ? settled(db.transaction('outbox').objectStore('outbox').count()) : 0,
    0,
  );
}

/**
 * The judge whose data this device holds, as GET /me last answered on the judge's page (its `meta` store), or null:
 * who the banner names when /me cannot be asked for lack of network.
 */
export function savedJudge(): Promise<Me | null> {
  return readSaved(
    JUDGE_DB_NAME,
    async (db) => {
      if (!db.objectStoreNames.contains('meta')) return null;
      const saved = await settled<{ value: Me } | undefined>(db.transaction('meta').objectStore('meta').get('me'));
      return saved?.value.user ? saved.value : null;
    },
    null,
  );
}

/**
 * The commentary recordings on this device not yet finished on the API (0 when none is saved): what a sign-out
 * would lose with them, as `judgeEntriesWaiting` counts the entries.
 */
export function judgeAudioWaiting(): Promise<number> {
  return readSaved(
    JUDGE_AUDIO_DB_NAME,
    async (db) => {
      if (!db.objectStoreNames.contains('recordings')) return 0;
      const recordings = await settled<{ state: string }[]>(
        db.transaction('recordings').objectStore('recordings').getAll(),
      );
      return recordings.filter((recording) => recording.state === 'recording' || recording.state === 'stopped').length;
    },
    0,
  );
}

/** Whether this device holds commentary recordings at all (the judge's page then loads its recording part). */
export async function hasJudgeAudio(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || !indexedDB.databases) return false;
  return (await indexedDB.databases()).some((database) => database.name === JUDGE_AUDIO_DB_NAME);
}
