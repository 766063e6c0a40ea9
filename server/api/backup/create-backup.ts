/**
 * Makes a backup file of the embedded database and its data folder (backup-format.ts says what it holds) while the
 * server serves: the database's files are taken between two transactions (Database.snapshot, which holds requests
 * back for as long as PGlite takes to read them: some 0.4 s for the sample circuit), and compressed and written
 * afterwards, while requests go on.
 */
import { createReadStream } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Database } from '../db/database.js';
import { rowsOf } from '../db/migrate.js';
import { writeAtomically, isPartialFile } from './atomic-file.js';
import {
  BackupError,
  DATABASE_FOLDER,
  isInside,
  manifestOf,
  MANIFEST_NAME,
  NOT_BACKED_UP,
  type BackupManifest,
} from './backup-format.js';

export interface MadeBackup {
  /** the file written (absolute) */
  file: string;
  /** its size */
  bytes: number;
  /** when the database's files were taken */
  createdAt: string;
  /** how long it took, in all */
  ms: number;
}

export interface BackupOptions {
  /** the data folder the database lives in (DATA_DIR) */
  dataDir: string;
  /** the file to write (absolute); its folder must exist */
  file: string;
  /** the clock that dates the backup */
  now?: () => number;
  /** progress: bytes of the data folder packed so far, of the total */
  onProgress?: (done: number, total: number) => void;
}

export async function createBackup(database: Database, options: BackupOptions): Promise<MadeBackup> {
  const started = performance.now();
  const now = options.now ?? Date.now;
  const { file, dataDir } = options;
  if (!database.snapshot)
    throw new BackupError('This database is PostgreSQL (DATABASE_URL): back it up with pg_dump, not this command');
  if (isInside(dataDir, file))
    throw new BackupError(`${file} is inside the data folder ${path.resolve(dataDir)}: a backup there is lost with it`);
  await requireFolder(path.dirname(file));

  const [postgres, migrations] = await Promise.all([serverVersion(database), appliedMigrations(database)]);
  const createdAt = new Date(now());
  const snapshot = await database.snapshot();
  const others = await dataFolderFiles(dataDir);
  const manifest = manifestOf(createdAt, postgres, migrations);
  const total = snapshot.size + others.reduce((sum, entry) => sum + entry.size, 0);
  let done = 0;
  const count = (bytes: number) => {
    done += bytes;
    options.onProgress?.(Math.min(done, total), total);
  };

  const bytes = await writeAtomically(file, async (out: Writable) => {
    const pack = tar.pack();
    const packing = pipeline(pack as unknown as Readable, createGzip(), out);
    packing.catch(() => {});
    try {
      await packEntries(pack, manifest, snapshot, others, count);
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
    }
    await packing;
  });
  return { file, bytes, createdAt: manifest.createdAt, ms: Math.round(performance.now() - started) };
}

async function packEntries(
  pack: tar.Pack,
  manifest: BackupManifest,
  snapshot: Blob,
  others: DataFolderEntry[],
  count: (bytes: number) => void,
): Promise<void> {
  await addEntry(pack, { name: MANIFEST_NAME, mode: 0o600 }, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  // PGlite's tar names its entries from the root of the database's folder ("/PG_VERSION", "/base/1/112").
  const dump = tar.extract();
  const reading = pipeline(Readable.fromWeb(snapshot.stream()), dump as unknown as Writable);
  // its failure is also the loop's below: never an unhandled rejection meanwhile
  reading.catch(() => {});
  for await (const entry of dump) {
    const relative = path.posix.normalize(entry.header.name.replace(/^\/+/, ''));
    const name = relative === '.' ? DATABASE_FOLDER : path.posix.join(DATABASE_FOLDER, relative);
    const { type, mtime, size = 0 } = entry.header;
    if (type === 'directory') {
      entry.resume();
      await addEntry(pack, { name, type, mode: 0o700, mtime });
    } else if (type === 'file') {
      await addStream(pack, { name, size, mode: 0o600, mtime }, entry);
      count(size);
    } else {
      entry.resume();
      throw new BackupError(`The database's files hold a ${type} (${name}), which a backup cannot carry`);
    }
  }
  await reading;
  for (const entry of others) {
    if (entry.directory) {
      await addEntry(pack, { name: entry.name, type: 'directory', mode: 0o700 });
      continue;
    }
    // The size listed is what goes in: a file that grew meanwhile (one being appended to) gives its first bytes.
    const header = { name: entry.name, size: entry.size, mode: 0o600 };
    if (entry.size === 0) await addEntry(pack, header);
    else await addStream(pack, header, createReadStream(entry.absolute, { end: entry.size - 1 }));
    count(entry.size);
  }
}

type EntryHeader = Partial<tar.Header> & { name: string };

function addEntry(pack: tar.Pack, header: EntryHeader, content?: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry(header, content ?? Buffer.alloc(0), (error) => (error ? reject(error) : resolve()));
  });
}

/** One file's entry from a stream of its bytes (tar-stream's streams are streamx's, which Node's pipeline takes). */
async function addStream(pack: tar.Pack, header: EntryHeader, source: AsyncIterable<unknown>): Promise<void> {
  let finish!: (error?: Error | null) => void;
  const written = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  const sink = pack.entry(header, (error) => finish(error)) as unknown as Writable;
  await pipeline(Readable.from(source), sink);
  await written;
}

interface DataFolderEntry {
  /** the entry's name in the backup (the path inside DATA_DIR, with /) */
  name: string;
  absolute: string;
  directory: boolean;
  size: number;
}

/**
 * The data folder's files besides the database: its regular files and folders, each folder before what it holds.
 * The lock and the CLI's socket belong to the running server; symbolic links, sockets and files half written by
 * another backup are left out.
 */
async function dataFolderFiles(dataDir: string): Promise<DataFolderEntry[]> {
  const root = path.resolve(dataDir);
  const found: DataFolderEntry[] = [];
  const visit = async (folder: string, prefix: string) => {
    const names = (await readdir(folder)).sort();
    for (const name of names) {
      if (prefix === '' && (name === DATABASE_FOLDER || NOT_BACKED_UP.has(name))) continue;
      if (isPartialFile(name)) continue;
      const absolute = path.join(folder, name);
      const entryName = prefix === '' ? name : `${prefix}/${name}`;
      const info = await lstat(absolute).catch(() => undefined);
      if (info?.isDirectory()) {
        found.push({ name: entryName, absolute, directory: true, size: 0 });
        await visit(absolute, entryName);
      } else if (info?.isFile()) {
        found.push({ name: entryName, absolute, directory: false, size: info.size });
      }
    }
  };
  await visit(root, '');
  return found;
}

async function requireFolder(folder: string): Promise<void> {
  const info = await stat(folder).catch(() => undefined);
  if (!info) throw new BackupError(`The folder ${folder} does not exist`);
  if (!info.isDirectory()) throw new BackupError(`${folder} is not a folder`);
}

async function serverVersion(database: Database): Promise<string> {
  const result = await database.db.execute(sql`SHOW server_version`);
  return rowsOf<{ server_version: string }>(result)[0].server_version;
}

async function appliedMigrations(database: Database): Promise<string[]> {
  const result = await database.db.execute(sql`SELECT name FROM schema_migrations ORDER BY name`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}
