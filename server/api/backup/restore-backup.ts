/**
 * Fills a new, empty data folder from a backup file (backup-format.ts), then opens the database it holds (PGlite
 * replays its log as after a stop, and the migrations of this version apply) and checks every organization's audit
 * trail. A folder that is not empty is refused before anything is written; a file that is not a backup, or is
 * damaged or cut short, leaves the folder as it was found.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { claimDataDir, DataDirInUseError } from '../db/data-dir-lock.js';
import { openDatabase } from '../db/database.js';
import { knownMigrations } from '../db/migrate.js';
import { makeOwnerOnly } from '../db/owner-only.js';
import { verifyAuditChain } from '../db/repositories/audit-log.js';
import { listOrganizations } from '../db/repositories/organizations.js';
import {
  BackupError,
  BackupManifest,
  DATABASE_FOLDER,
  MANIFEST_NAME,
  MAX_MANIFEST_BYTES,
  NOT_BACKED_UP,
} from './backup-format.js';

export interface RestoredBackup {
  /** when the backup's database files were taken */
  createdAt: string;
  /** files written into the data folder */
  files: number;
  organizations: { guid: string; name: string; auditEntries: number; auditOk: boolean }[];
}

export interface RestoreOptions {
  /** the backup file (absolute) */
  file: string;
  /** the data folder to fill (DATA_DIR): missing or empty */
  dataDir: string;
  /** progress: bytes of the backup file read so far, of its size */
  onProgress?: (done: number, total: number) => void;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoredBackup> {
  const { file } = options;
  const dataDir = path.resolve(options.dataDir);
  const size = await backupFileSize(file);
  const existed = await requireEmptyFolder(dataDir);
  let release: () => void;
  try {
    release = claimDataDir(dataDir, 'backup restore');
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new BackupError(error.message);
    throw error;
  }
  try {
    const { manifest, files } = await extract(file, dataDir, size, options.onProgress);
    const organizations = await checkDatabase(dataDir);
    makeOwnerOnly(dataDir);
    return { createdAt: manifest.createdAt, files, organizations };
  } catch (error) {
    await emptyFolder(dataDir);
    release();
    if (!existed) await rmdir(dataDir).catch(() => {});
    throw error;
  } finally {
    release();
  }
}

async function backupFileSize(file: string): Promise<number> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'there is no such file' : error.code}`);
  });
  if (!info.isFile()) throw new BackupError(`${file} is not a file`);
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`Cannot read ${file}: ${error.code === 'EACCES' ? 'permission denied' : error.code}`);
  });
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    // gzip's magic number: anything else is no backup of ours, however it is named
    if (bytesRead < 2 || buffer[0] !== 0x1f || buffer[1] !== 0x8b)
      throw new BackupError(`${file} is not a backup made by \`backup create\` (it is not a gzipped archive)`);
  } finally {
    await handle.close();
  }
  return info.size;
}

/** Answers whether the folder was there; refuses one that holds anything. */
async function requireEmptyFolder(dataDir: string): Promise<boolean> {
  const names = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    if (error.code === 'ENOTDIR') throw new BackupError(`DATA_DIR ${dataDir} is a file, not a folder`);
    throw error;
  });
  if (names === undefined) return false;
  if (names.length > 0)
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (${names.length} entries): a backup is restored into a new, empty data folder. Nothing was changed.`,
    );
  return true;
}

async function extract(
  file: string,
  dataDir: string,
  size: number,
  onProgress: RestoreOptions['onProgress'],
): Promise<{ manifest: BackupManifest; files: number }> {
  const source = createReadStream(file);
  let read = 0;
  source.on('data', (chunk) => {
    read += chunk.length;
    onProgress?.(read, size);
  });
  const entries = tar.extract();
  const gunzip = createGunzip();
  // What a cut or changed file does first, said by zlib or tar: the error the loop or the pipeline then meets is
  // often only its echo ("Stream was destroyed"), whichever of the streams stopped first.
  let cause: unknown;
  gunzip.once('error', (error) => (cause ??= error));
  entries.once('error', (error: unknown) => (cause ??= error));
  const reading = pipeline(source, gunzip, entries as unknown as Writable);
  // its failure is also the loop's below, and is said there: never an unhandled rejection meanwhile
  reading.catch(() => {});
  let manifest: BackupManifest | undefined;
  let files = 0;
  try {
    for await (const entry of entries) {
      const { header } = entry;
      if (!manifest) {
        manifest = await readManifest(file, header, entry);
        continue;
      }
      const target = safeTarget(dataDir, header.name);
      if (header.type === 'directory') {
        entry.resume();
        await mkdir(target, { recursive: true, mode: 0o700 });
      } else if (header.type === 'file') {
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        const out = await open(target, 'wx', 0o600);
        await pipeline(Readable.from(entry), out.createWriteStream());
        files += 1;
      } else {
        throw new BackupError(`${file} holds a ${header.type} (${header.name}), which no backup of ours holds`);
      }
    }
    await reading;
  } catch (error) {
    throw asBackupError(file, error instanceof BackupError ? error : (cause ?? error), manifest !== undefined);
  }
  if (!manifest) throw new BackupError(`${file} is empty: not a backup made by \`backup create\``);
  const database = await stat(path.join(dataDir, DATABASE_FOLDER, 'PG_VERSION')).catch(() => undefined);
  if (!database) throw new BackupError(`${file} holds no database: not a backup made by \`backup create\``);
  return { manifest, files };
}

async function readManifest(
  file: string,
  header: tar.Header,
  entry: AsyncIterable<unknown> & { resume(): unknown },
): Promise<BackupManifest> {
  const notOurs = new BackupError(`${file} is not a backup made by \`backup create\` (it has no ${MANIFEST_NAME})`);
  if (header.name !== MANIFEST_NAME || header.type !== 'file' || (header.size ?? 0) > MAX_MANIFEST_BYTES) {
    entry.resume();
    throw notOurs;
  }
  let text = '';
  for await (const chunk of entry) text += Buffer.from(chunk as Uint8Array).toString('utf8');
  let parsed;
  try {
    parsed = BackupManifest.safeParse(JSON.parse(text));
  } catch {
    throw notOurs;
  }
  if (!parsed.success) throw notOurs;
  const known = new Set(knownMigrations());
  const unknown = parsed.data.database.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupError(
      `${file} was made by a newer version of this app (its database has migration ${unknown[0]}, which this version does not know): update the app, then restore`,
    );
  return parsed.data;
}

/** Where an entry goes: inside the data folder, never above it, never over the lock or the CLI's socket. */
function safeTarget(dataDir: string, name: string): string {
  const relative = path.posix.normalize(name);
  const [first] = relative.split('/');
  if (
    name.includes('\0') ||
    path.posix.isAbsolute(relative) ||
    relative === '.' ||
    first === '..' ||
    NOT_BACKED_UP.has(first)
  )
    throw new BackupError(`The backup names a file outside its data folder (${JSON.stringify(name)}): refused`);
  return path.join(dataDir, ...relative.split('/'));
}

/** Opens the restored database once (recovery, migrations) and checks each organization's audit trail. */
async function checkDatabase(dataDir: string): Promise<RestoredBackup['organizations']> {
  let database;
  try {
    database = await openDatabase({ dataDir });
  } catch (error) {
    throw new BackupError(
      `The backup's database does not open with this version of the app: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    const organizations = await listOrganizations(database.db);
    const checked = [];
    for (const organization of organizations) {
      const check = await verifyAuditChain(database.db, organization.id);
      checked.push({
        guid: organization.guid,
        name: organization.name,
        auditEntries: check.entries,
        auditOk: check.ok,
      });
    }
    return checked;
  } finally {
    await database.close();
  }
}

/** Removes what a failed restore wrote, keeping the folder itself and the lock it holds. */
async function emptyFolder(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names)
    if (name !== 'embedded-db.lock') await rm(path.join(dataDir, name), { recursive: true, force: true });
}

/** zlib's and tar's own words for a file that is not an archive, or was cut short or changed, said of the file. */
function asBackupError(file: string, error: unknown, manifestRead: boolean): Error {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  if (!code?.startsWith('Z_') && !/tar|unexpected end|header/i.test(message)) return error as Error;
  if (!manifestRead)
    return new BackupError(`${file} is not a backup made by \`backup create\` (${message.split('.')[0]})`);
  return new BackupError(`${file} is damaged or incomplete (${message.split('.')[0]}): nothing was restored`);
}
