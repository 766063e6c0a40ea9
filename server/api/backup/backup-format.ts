/**
 * What a backup file is (docs/decisions/114-backups-of-the-embedded-database.md): a gzipped tar whose first entry is
 * `backup.json` (this manifest), followed by the data folder's own layout: `pglite/...`, the embedded database's
 * files as PGlite dumped them, and the folder's other files (the TLS certificate and key, the web app's and the
 * sign-in client's credentials, the session secret, and whatever else lives there). Extracted into an empty folder it
 * is a DATA_DIR as it was at backup time.
 */
import path from 'node:path';
import { z } from 'zod';

export const MANIFEST_NAME = 'backup.json';
export const DATABASE_FOLDER = 'pglite';
/** The data folder's entries that belong to the running process, never to a backup. */
export const NOT_BACKED_UP: ReadonlySet<string> = new Set(['embedded-db.lock', 'cli.sock']);
/** A manifest is a few hundred bytes; anything much larger in its place is not one. */
export const MAX_MANIFEST_BYTES = 64 * 1024;

const FORMAT = 'marching-results-backup';
const VERSION = 1;

export const BackupManifest = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  /** when the database's files were taken (ISO 8601, UTC) */
  createdAt: z.string(),
  database: z.object({
    engine: z.literal('pglite'),
    /** PostgreSQL's version inside PGlite, whose data files only the same major version opens */
    postgres: z.string(),
    /** the migrations applied, in order: a backup of a newer version names one this version does not know */
    migrations: z.array(z.string()),
  }),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

export function manifestOf(createdAt: Date, postgres: string, migrations: string[]): BackupManifest {
  return {
    format: FORMAT,
    version: VERSION,
    createdAt: createdAt.toISOString(),
    database: { engine: 'pglite', postgres, migrations },
  };
}

/** A failure a person can act on, said in one sentence (the CLI prints it as it is). */
export class BackupError extends Error {}

export const AUTOMATIC_PREFIX = 'marching-results-backup-';
const AUTOMATIC_NAME = new RegExp(`^${AUTOMATIC_PREFIX}(\\d{4}-\\d{2}-\\d{2})T(\\d{2})-(\\d{2})-(\\d{2})Z\\.tar\\.gz$`);

/** `marching-results-backup-2026-11-28T14-05-09Z.tar.gz`: sorts by time, and says when in its name (UTC). */
export function automaticBackupName(at: Date): string {
  const [date, time] = at.toISOString().split('T');
  return `${AUTOMATIC_PREFIX}${date}T${time.slice(0, 8).replaceAll(':', '-')}Z.tar.gz`;
}

/** When an automatic backup's name says it was made; undefined for any other file. */
export function automaticBackupTime(name: string): Date | undefined {
  const match = AUTOMATIC_NAME.exec(name);
  if (!match) return undefined;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** True when `target` is `folder` or inside it. */
export function isInside(folder: string, target: string): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(target));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
