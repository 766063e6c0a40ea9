/**
 * What this server knows of its backups: the last one made (automatic, or by `backup create` run in it) and the
 * last failure since, kept per open database (one per data folder) so the schedule, the CLI's command run in the
 * server and the status route (GET /backups/status) share it. Memory only: after a restart the schedule reads the
 * newest backup of BACKUP_DIR back in.
 */
import type { Database } from '../db/database.js';

export interface LastBackup {
  /** when its database files were taken (ISO 8601) */
  at: string;
  /** the file's name (not its folder's path, which is the server's business) */
  file: string;
  bytes: number;
  automatic: boolean;
}

export interface BackupFailure {
  at: string;
  message: string;
}

export class BackupLog {
  last: LastBackup | null = null;
  /** the newest failure, while no backup succeeded after it */
  failure: BackupFailure | null = null;

  made(backup: LastBackup): void {
    if (this.last && this.last.at > backup.at) return;
    this.last = backup;
    if (this.failure && this.failure.at <= backup.at) this.failure = null;
  }

  failed(failure: BackupFailure): void {
    this.failure = failure;
  }
}

const logs = new WeakMap<Database, BackupLog>();

export function backupLogOf(database: Database): BackupLog {
  let log = logs.get(database);
  if (!log) {
    log = new BackupLog();
    logs.set(database, log);
  }
  return log;
}
