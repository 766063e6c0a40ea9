/**
 * An upload's bytes arriving piece by piece (docs/decisions/128-commentary-api.md): each piece is written at the
 * upload's offset and moves it on in one transaction, only if the offset is still the one the piece was sent for,
 * so a piece sent twice (a retry after a lost answer, two tabs) is written once, and the one that lost is told
 * where the upload is.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { rowsOf } from '../migrate.js';
import { commentaryAppends, commentaryRecordings, commentaryUploads } from '../schema.js';
import { CommentaryRefused } from './commentary-errors.js';
import { NotFoundError } from './errors.js';
import type { Recording, Upload } from './commentary-recordings.write.js';

/** An upload and the recording it is a segment of, found in the caller's organization. */
export async function uploadOf(
  db: DbOrTx,
  orgId: number,
  uploadId: number,
): Promise<{ upload: Upload; recording: Recording }> {
  const [row] = await db
    .select({ upload: commentaryUploads, recording: commentaryRecordings })
    .from(commentaryUploads)
    .innerJoin(commentaryRecordings, eq(commentaryRecordings.id, commentaryUploads.recordingId))
    .where(and(eq(commentaryUploads.id, uploadId), eq(commentaryRecordings.orgId, orgId)));
  if (!row) throw new NotFoundError('upload', uploadId);
  return row;
}

export async function uploadsOf(db: DbOrTx, recordingId: number): Promise<Upload[]> {
  return db
    .select()
    .from(commentaryUploads)
    .where(eq(commentaryUploads.recordingId, recordingId))
    .orderBy(commentaryUploads.number);
}

/** The uploads of several recordings, by recording id. */
export async function uploadsOfRecordings(db: DbOrTx, recordingIds: readonly number[]): Promise<Map<number, Upload[]>> {
  const byRecording = new Map<number, Upload[]>();
  if (recordingIds.length === 0) return byRecording;
  const rows = await db
    .select()
    .from(commentaryUploads)
    .where(inArray(commentaryUploads.recordingId, [...recordingIds]))
    .orderBy(commentaryUploads.number);
  for (const row of rows) byRecording.set(row.recordingId, [...(byRecording.get(row.recordingId) ?? []), row]);
  return byRecording;
}

/**
 * Writes `data` at `start` of the upload and moves its offset on, in one statement (atomic without a transaction of
 * its own: one statement instead of four on the embedded database's single thread, beside the judges' score writes:
 * docs/decisions/142-commentary-appends-beside-the-score-writes.md); refuses (nothing written) when the upload is
 * not at `start`, the recording is finished, or it would grow past `limit` bytes (all its uploads together) or past
 * the upload's declared size. With `remember`, the append's Idempotency-Key is kept in the same transaction (the
 * request's last piece). Answers the new offset.
 */
export async function appendPiece(
  db: DbOrTx,
  input: {
    uploadId: number;
    start: number;
    data: Uint8Array;
    limit: number;
    remember?: { key: string; from: number; sha256: string };
  },
): Promise<number> {
  const length = input.data.length;
  // the chunk's row written from the moved upload's: none when the offset did not move
  const written =
    length > 0
      ? sql`, written AS (
          INSERT INTO commentary_chunks (file_id, start, data)
          SELECT moved.file_id, ${input.start}, ${input.data}::bytea FROM moved)`
      : sql``;
  const moveAndWrite = async (run: DbOrTx): Promise<number> => {
    const [row] = rowsOf<{ received: string }>(
      await run.execute(sql`
        WITH moved AS (
          UPDATE commentary_uploads u SET received = u.received + ${length}, updated_at = now()
          FROM commentary_recordings r
          WHERE u.id = ${input.uploadId} AND r.id = u.recording_id AND r.state = 'recording'
            AND u.received = ${input.start} AND u.file_id IS NOT NULL
            AND (u.expected_size IS NULL OR u.received + ${length} <= u.expected_size)
            AND (SELECT coalesce(sum(o.received), 0) FROM commentary_uploads o WHERE o.recording_id = u.recording_id)
              + ${length} <= ${input.limit}
          RETURNING u.received, u.file_id)${written}
        SELECT received FROM moved`),
    );
    if (!row) throw await whyRefused(run, input);
    return Number(row.received);
  };
  const remember = input.remember;
  if (!remember) return moveAndWrite(db);
  return db.transaction(async (tx) => {
    const offset = await moveAndWrite(tx);
    await storeAppend(tx, {
      uploadId: input.uploadId,
      key: remember.key,
      start: remember.from,
      finish: offset,
      sha256: remember.sha256,
    });
    return offset;
  });
}

async function whyRefused(
  db: DbOrTx,
  input: { uploadId: number; start: number; data: Uint8Array; limit: number },
): Promise<Error> {
  const [row] = rowsOf<{ received: string; expected_size: string | null; state: string; total: string }>(
    await db.execute(sql`
      SELECT u.received, u.expected_size, r.state,
        (SELECT coalesce(sum(o.received), 0) FROM commentary_uploads o WHERE o.recording_id = u.recording_id) AS total
      FROM commentary_uploads u JOIN commentary_recordings r ON r.id = u.recording_id WHERE u.id = ${input.uploadId}`),
  );
  if (!row) return new NotFoundError('upload', input.uploadId);
  const offset = Number(row.received);
  if (row.state !== 'recording')
    return new CommentaryRefused('recording_finished', 'The recording is finished: its uploads take no more bytes', {
      offset,
    });
  if (offset !== input.start)
    return new CommentaryRefused(
      'offset_mismatch',
      `The upload is at offset ${offset}, not ${input.start}: nothing was written; send from ${offset}`,
      { offset },
      { name: 'Upload-Offset', in: 'header' },
    );
  if (row.expected_size !== null && offset + input.data.length > Number(row.expected_size))
    return new CommentaryRefused(
      'larger_than_declared',
      `The upload was declared ${row.expected_size} bytes long: this piece goes past it`,
      { offset, size: Number(row.expected_size) },
    );
  return new CommentaryRefused(
    'recording_too_large',
    `A recording may hold at most ${input.limit} bytes; it holds ${row.total}, and this piece is ${input.data.length}`,
    { offset, limit: input.limit },
  );
}

/** An append made with an Idempotency-Key: where it started and ended, and its bytes' hash. */
export type StoredAppend = typeof commentaryAppends.$inferSelect;

export async function findAppend(db: DbOrTx, uploadId: number, key: string): Promise<StoredAppend | undefined> {
  const [row] = await db
    .select()
    .from(commentaryAppends)
    .where(and(eq(commentaryAppends.uploadId, uploadId), eq(commentaryAppends.key, key)));
  return row;
}

/** Keeps an append's key; a second append with the key (two at once) loses, and is answered from the first's. */
export async function storeAppend(
  db: DbOrTx,
  input: { uploadId: number; key: string; start: number; finish: number; sha256: string },
): Promise<void> {
  await db.insert(commentaryAppends).values(input).onConflictDoNothing();
}

/** Appends' keys live as long as Idempotency-Keys do (24 hours): a retry comes within seconds. */
export async function purgeExpiredAppends(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(commentaryAppends)
    .where(sql`${commentaryAppends.createdAt} < now() - interval '24 hours'`)
    .returning({ key: commentaryAppends.key });
  return deleted.length;
}
