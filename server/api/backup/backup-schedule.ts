/**
 * Automatic backups (BACKUP_DIR): one when the server starts and then one every BACKUP_EVERY_MINUTES, measured from
 * the start of the one before (a backup slower than the interval is followed at once by the next), each under the
 * time it was made (backup-format.ts's automatic name), keeping the newest BACKUP_KEEP of the folder. A failed
 * backup (the USB stick taken out, the disk full) is logged, shown on the console (GET /backups/status) and tried
 * again at the next interval: it never stops the server.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.js';
import { isPartialFile } from './atomic-file.js';
import { AUTOMATIC_PREFIX, automaticBackupName, automaticBackupTime, BackupError, isInside } from './backup-format.js';
import { backupLogOf } from './backup-log.js';
import { createBackup } from './create-backup.js';

/** The schedule's clock and timer, which a test moves itself. */
export interface BackupClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export const systemClock: BackupClock = {
  now: Date.now,
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

export interface BackupSchedule {
  /** stops the timer and waits for a backup under way, so the database is not closed under it */
  stop(): Promise<void>;
}

export interface ScheduleOptions {
  dataDir: string;
  folder: string;
  everyMinutes: number;
  keep: number;
  clock?: BackupClock;
}

/** A half-written file older than this was left by a backup that stopped (a crash, a pulled stick). */
const PARTIAL_FORGOTTEN_MS = 60 * 60_000;

/**
 * Reads back the newest backup already in the folder (checked by prepareBackupFolder) and starts the schedule. Each
 * backup's end sets the timer of the next one.
 */
export async function startBackupSchedule(database: Database, options: ScheduleOptions): Promise<BackupSchedule> {
  const clock = options.clock ?? systemClock;
  const folder = path.resolve(options.folder);
  const log = backupLogOf(database);
  const newest = (await automaticBackups(folder))[0];
  if (newest) log.made({ ...newest, automatic: true });

  const interval = options.everyMinutes * 60_000;
  let timer: unknown;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    const started = clock.now();
    try {
      await backUpOnce(database, folder, options, clock);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.failed({ at: new Date(clock.now()).toISOString(), message });
      console.error(JSON.stringify({ level: 'warn', msg: 'Automatic backup failed', folder, error: message }));
    }
    if (!stopped) timer = clock.setTimeout(next, Math.max(0, started + interval - clock.now()));
  };
  const next = () => {
    running = run();
  };
  next();
  return {
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await running;
    },
  };
}

async function backUpOnce(
  database: Database,
  folder: string,
  options: ScheduleOptions,
  clock: BackupClock,
): Promise<void> {
  const there = await stat(folder).catch(() => undefined);
  if (!there?.isDirectory())
    throw new BackupError(`BACKUP_DIR ${folder} is not there (a USB stick taken out, a folder moved?)`);
  const file = path.join(folder, automaticBackupName(new Date(clock.now())));
  const made = await createBackup(database, { dataDir: options.dataDir, file, now: () => clock.now() });
  backupLogOf(database).made({ at: made.createdAt, file: path.basename(file), bytes: made.bytes, automatic: true });
  console.log(JSON.stringify({ level: 'info', msg: 'Backup written', file, bytes: made.bytes, ms: made.ms }));
  await keepNewest(folder, options.keep);
}

/**
 * Refuses, with the reason, a BACKUP_DIR that cannot hold backups, before the server opens anything; makes the
 * folder when its parent exists (a USB stick's mount point that is not there is not made on the laptop's disk).
 */
export async function prepareBackupFolder(configured: string, dataDir: string): Promise<void> {
  const folder = path.resolve(configured);
  if (isInside(dataDir, folder))
    throw new BackupError(`BACKUP_DIR ${folder} is inside DATA_DIR: a backup there is lost with the data it keeps`);
  const parent = await stat(path.dirname(folder)).catch(() => undefined);
  if (!parent?.isDirectory())
    throw new BackupError(
      `BACKUP_DIR's parent folder ${path.dirname(folder)} does not exist (is the USB stick in?): make it, or set BACKUP_DIR to a folder that exists`,
    );
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const info = await stat(folder);
  if (!info.isDirectory()) throw new BackupError(`BACKUP_DIR ${folder} is a file, not a folder`);
}

/** The folder's automatic backups, newest first. */
async function automaticBackups(folder: string): Promise<{ at: string; file: string; bytes: number }[]> {
  const found = [];
  for (const name of await readdir(folder)) {
    const at = automaticBackupTime(name);
    if (!at) continue;
    const info = await stat(path.join(folder, name)).catch(() => undefined);
    if (info?.isFile()) found.push({ at: at.toISOString(), file: name, bytes: info.size });
  }
  return found.sort((a, b) => b.file.localeCompare(a.file));
}

/** Removes the folder's automatic backups beyond the newest `keep`, and half-written files long forgotten. */
async function keepNewest(folder: string, keep: number): Promise<void> {
  for (const old of (await automaticBackups(folder)).slice(keep))
    await rm(path.join(folder, old.file), { force: true });
  for (const name of await readdir(folder)) {
    if (!isPartialFile(name) || !name.startsWith(`.${AUTOMATIC_PREFIX}`)) continue;
    const info = await stat(path.join(folder, name)).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > PARTIAL_FORGOTTEN_MS) await rm(path.join(folder, name), { force: true });
  }
}
