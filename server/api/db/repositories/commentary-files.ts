/**
 * Commentary files stored in the database (docs/decisions/127-commentary-stored-in-the-database.md): a file is a
 * row of commentary_files and its bytes are rows of commentary_chunks (offset, bytes), written as they arrive and
 * read back a few rows at a time, so no file is ever whole in memory, and every API instance serves every file.
 */
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { commentaryChunks, commentaryFiles } from '../schema.js';

/** The largest chunk row: a piece larger than this is stored as several rows. */
export const CHUNK_BYTES = 256 * 1024;
/** rows read per query when serving a file: at most 1 MiB in memory at a time */
const ROWS_PER_READ = 4;

export async function createFile(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db.insert(commentaryFiles).values({ orgId }).returning({ id: commentaryFiles.id });
  return row.id;
}

export async function writeChunk(db: DbOrTx, fileId: number, start: number, data: Uint8Array): Promise<void> {
  await db.insert(commentaryChunks).values({ fileId, start, data });
}

/** Deletes files and their bytes (the chunks go with them). */
export async function deleteFiles(db: DbOrTx, fileIds: readonly (number | null)[]): Promise<void> {
  for (const id of fileIds) if (id !== null) await db.delete(commentaryFiles).where(eq(commentaryFiles.id, id));
}

/**
 * The file's bytes from `start` up to `end` (exclusive; the whole file by default), a few rows per query. Each
 * call reads from the database anew, so a joining pass can read a segment as often as it needs.
 */
export async function* readFile(
  db: DbOrTx,
  fileId: number,
  range: { start: number; end?: number } = { start: 0 },
): AsyncGenerator<Uint8Array> {
  const end = range.end ?? Number.MAX_SAFE_INTEGER;
  if (end <= range.start) return;
  // the row that holds `start`: the last one starting at or before it
  const [first] = await db
    .select({ start: commentaryChunks.start })
    .from(commentaryChunks)
    .where(and(eq(commentaryChunks.fileId, fileId), lte(commentaryChunks.start, range.start)))
    .orderBy(desc(commentaryChunks.start))
    .limit(1);
  let from = first?.start ?? range.start;
  for (;;) {
    const rows = await db
      .select({ start: commentaryChunks.start, data: commentaryChunks.data })
      .from(commentaryChunks)
      .where(
        and(eq(commentaryChunks.fileId, fileId), gte(commentaryChunks.start, from), lt(commentaryChunks.start, end)),
      )
      .orderBy(asc(commentaryChunks.start))
      .limit(ROWS_PER_READ);
    for (const row of rows) {
      const data = row.data;
      const skip = Math.max(0, range.start - row.start);
      const take = Math.min(data.length, end - row.start);
      if (take > skip) yield data.subarray(skip, take);
    }
    if (rows.length < ROWS_PER_READ) return;
    from = rows[rows.length - 1].start + 1;
  }
}

/**
 * Writes a file part by part: parts are gathered into chunks of CHUNK_BYTES, each written as it fills (one
 * statement, its own commit outside a transaction), so a long file never holds the database for long.
 */
export function fileWriter(db: DbOrTx, fileId: number) {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let written = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await writeChunk(db, fileId, written, data);
    written += data.length;
  };
  return {
    async write(bytes: Uint8Array) {
      for (let at = 0; at < bytes.length;) {
        const take = Math.min(bytes.length - at, CHUNK_BYTES - pendingBytes);
        // a copy: the caller may reuse its buffer once this returns
        pending.push(Uint8Array.prototype.slice.call(bytes, at, at + take));
        pendingBytes += take;
        at += take;
        if (pendingBytes === CHUNK_BYTES) await flush();
      }
    },
    /** writes what is left; answers the file's size */
    async close(): Promise<number> {
      await flush();
      return written;
    },
  };
}

/**
 * Files no upload and no recording names, older than an hour: what a joining pass left when its process stopped
 * half way (expired-rows.ts purges them).
 */
export async function purgeOrphanFiles(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(commentaryFiles)
    .where(
      and(
        lt(commentaryFiles.createdAt, sql`now() - interval '1 hour'`),
        sql`NOT EXISTS (SELECT 1 FROM commentary_uploads u WHERE u.file_id = ${commentaryFiles.id})`,
        sql`NOT EXISTS (SELECT 1 FROM commentary_recordings r WHERE r.file_id = ${commentaryFiles.id})`,
      ),
    )
    .returning({ id: commentaryFiles.id });
  return deleted.length;
}
