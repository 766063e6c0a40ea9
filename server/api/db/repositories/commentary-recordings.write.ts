/**
 * Commentary recordings: made by a seated judge (or by a tabulator for one), finished into one file, verified,
 * moved to the performance and caption they belong to, cleared (docs/decisions/128-commentary-api.md). What makes
 * a recording current (the one groups hear) is decided here and only here: at most one per performance and
 * caption, and a verified one is not replaced by a later upload without a reason.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { CommentaryType } from '../../../../domain/commentary.js';
import type { DbOrTx } from '../database.js';
import { commentaryRecordings, commentaryUploads, type AuditActor } from '../schema.js';
import { CommentaryRefused } from './commentary-errors.js';
import { commentarySlot } from './commentary-slots.read.js';
import { createFile, deleteFiles } from './commentary-files.js';
import { NotFoundError, RuleViolation } from './errors.js';

export type Recording = typeof commentaryRecordings.$inferSelect;
export type Upload = typeof commentaryUploads.$inferSelect;

/** Who writes, as the route decided from the caller's permission: any seat, or only the caller's own. */
export interface CommentaryWriter {
  scope: 'any' | 'seated';
  actor: AuditActor;
  userId?: number;
}

export async function recordingOf(db: DbOrTx, orgId: number, id: number, lock = false): Promise<Recording> {
  const query = db
    .select()
    .from(commentaryRecordings)
    .where(and(eq(commentaryRecordings.id, id), eq(commentaryRecordings.orgId, orgId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('recording', id);
  return row;
}

/** A seated writer writes only its own recordings (one a tabulator made for a judge is the tabulator's). */
export function requireOwn(recording: Recording, writer: Pick<CommentaryWriter, 'scope' | 'userId'>): void {
  if (writer.scope === 'seated' && recording.createdByUserId !== writer.userId)
    throw new CommentaryRefused(
      'not_seated',
      `Recording ${recording.id} is another caller's: writing it needs the permission "upload-commentary"`,
    );
}

/**
 * A new recording of a performance and caption, or the one made before with the same `key` (a device retrying a
 * create whose answer it lost). Refused where the event does not record commentary, and to a judge not seated on
 * the caption.
 */
export async function createRecording(
  db: DbOrTx,
  orgId: number,
  input: { performanceId: number; captionKey: string; key?: string; contentType: CommentaryType },
  writer: CommentaryWriter,
): Promise<{ recording: Recording; created: boolean }> {
  const slot = await commentarySlot(db, orgId, input.performanceId, input.captionKey);
  if (writer.scope === 'seated' && (writer.userId === undefined || !slot.seatedUserIds.includes(writer.userId)))
    throw new CommentaryRefused(
      'not_seated',
      `You are not seated on caption "${input.captionKey}" of performance ${input.performanceId}'s division and round: recording it needs the permission "upload-commentary"`,
      {},
      { name: 'captionKey', in: 'body' },
    );
  if (!slot.commentaryEnabled)
    throw new CommentaryRefused(
      'commentary_disabled',
      `The event of performance ${input.performanceId} does not record commentary (its commentaryEnabled is false)`,
    );
  if (input.key !== undefined) {
    const [known] = await db
      .select()
      .from(commentaryRecordings)
      .where(and(eq(commentaryRecordings.orgId, orgId), eq(commentaryRecordings.key, input.key)));
    if (known) {
      if (known.recordedPerformanceId !== input.performanceId || known.recordedCaptionKey !== input.captionKey)
        throw new CommentaryRefused(
          'recording_key_used',
          `Recording key ${input.key} names a recording of another performance or caption`,
          {},
          { name: 'key', in: 'body' },
        );
      requireOwn(known, writer);
      return { recording: known, created: false };
    }
  }
  const [recording] = await db
    .insert(commentaryRecordings)
    .values({
      orgId,
      key: input.key ?? randomUUID(),
      performanceId: input.performanceId,
      captionKey: input.captionKey,
      recordedPerformanceId: input.performanceId,
      recordedCaptionKey: input.captionKey,
      contentType: input.contentType,
      state: 'recording',
      createdBy: writer.actor,
      createdByUserId: writer.userId ?? null,
    })
    .returning();
  return { recording, created: true };
}

/**
 * Upload number `number` of a recording (a segment), or the one made before with that number (a retry). The
 * declared size, when given, must fit in what the recording may still grow by.
 */
export async function createUpload(
  db: DbOrTx,
  orgId: number,
  input: { recordingId: number; number: number; expectedSize?: number; limit: number },
  writer: CommentaryWriter,
): Promise<{ upload: Upload; created: boolean }> {
  const recording = await recordingOf(db, orgId, input.recordingId);
  requireOwn(recording, writer);
  const [known] = await db
    .select()
    .from(commentaryUploads)
    .where(and(eq(commentaryUploads.recordingId, recording.id), eq(commentaryUploads.number, input.number)));
  if (known) return { upload: known, created: false };
  if (recording.state !== 'recording')
    throw new CommentaryRefused('recording_finished', `Recording ${recording.id} is finished: it takes no new upload`);
  if (input.expectedSize !== undefined) {
    const [{ total }] = await db
      .select({ total: sql<number>`coalesce(sum(${commentaryUploads.received}), 0)::bigint` })
      .from(commentaryUploads)
      .where(eq(commentaryUploads.recordingId, recording.id));
    if (Number(total) + input.expectedSize > input.limit)
      throw new CommentaryRefused(
        'recording_too_large',
        `A recording may hold at most ${input.limit} bytes: ${input.expectedSize} more would make it larger`,
        { limit: input.limit },
        { name: 'size', in: 'body' },
      );
  }
  const fileId = await createFile(db, orgId);
  const [upload] = await db
    .insert(commentaryUploads)
    .values({ recordingId: recording.id, number: input.number, fileId, expectedSize: input.expectedSize ?? null })
    .returning();
  return { upload, created: true };
}

/**
 * The last step of finishing: the joined file becomes the recording's, the uploads' own files go, and the
 * recording becomes its performance and caption's current one, unless that one is verified and no reason was
 * given (then it is kept, finished, beside it: nothing recorded is lost). Answers whether another recording finished
 * it first (its file is then the caller's to delete).
 */
export async function completeRecording(
  db: DbOrTx,
  orgId: number,
  input: {
    recordingId: number;
    fileId: number;
    size: number;
    durationMs: number;
    sha256: string;
    reason: string | null;
  },
): Promise<{ recording: Recording; alreadyFinished: boolean; held: boolean }> {
  const recording = await recordingOf(db, orgId, input.recordingId, true);
  if (recording.state !== 'recording') return { recording, alreadyFinished: true, held: !recording.isCurrent };
  const current = await currentOf(db, recording.performanceId, recording.captionKey, recording.id);
  const held = current !== undefined && current.verifiedAt !== null && input.reason === null;
  if (current && !held)
    await db.update(commentaryRecordings).set({ isCurrent: false }).where(eq(commentaryRecordings.id, current.id));
  const uploads = await db
    .select({ fileId: commentaryUploads.fileId })
    .from(commentaryUploads)
    .where(eq(commentaryUploads.recordingId, recording.id));
  await db.update(commentaryUploads).set({ fileId: null }).where(eq(commentaryUploads.recordingId, recording.id));
  const [finished] = await db
    .update(commentaryRecordings)
    .set({
      state: 'uploaded',
      fileId: input.fileId,
      size: input.size,
      durationMs: input.durationMs,
      sha256: input.sha256,
      finishedAt: new Date(),
      isCurrent: !held,
    })
    .where(eq(commentaryRecordings.id, recording.id))
    .returning();
  await deleteFiles(
    db,
    uploads.map((upload) => upload.fileId),
  );
  return { recording: finished, alreadyFinished: false, held };
}

async function currentOf(db: DbOrTx, performanceId: number, captionKey: string, other: number) {
  const [row] = await db
    .select()
    .from(commentaryRecordings)
    .where(
      and(
        eq(commentaryRecordings.performanceId, performanceId),
        eq(commentaryRecordings.captionKey, captionKey),
        eq(commentaryRecordings.isCurrent, true),
        ne(commentaryRecordings.id, other),
      ),
    )
    .for('update');
  return row;
}

function requireFinished(recording: Recording): void {
  if (recording.state !== 'uploaded')
    throw new CommentaryRefused('not_finished', `Recording ${recording.id} is still being recorded or uploaded`);
}

/** Verified (or not any more): a tabulator listened and it is the right file for its performance and caption. */
export async function setVerified(
  db: DbOrTx,
  orgId: number,
  input: { recordingId: number; verified: boolean; actor: AuditActor },
): Promise<Recording> {
  const recording = await recordingOf(db, orgId, input.recordingId, true);
  requireFinished(recording);
  if (recording.clearedAt !== null && input.verified)
    throw new CommentaryRefused('cleared', `Recording ${recording.id} is cleared: move it where it belongs first`);
  const [row] = await db
    .update(commentaryRecordings)
    .set(input.verified ? { verifiedAt: new Date(), verifiedBy: input.actor } : { verifiedAt: null, verifiedBy: null })
    .where(eq(commentaryRecordings.id, recording.id))
    .returning();
  return row;
}

/**
 * Files a recording under another performance or caption of the same competition (or its own again, to make a
 * recording kept beside a verified one current), where it becomes the current one. A move is a new filing: it is
 * not verified there yet, and a cleared recording moved is no longer cleared.
 */
export async function moveRecording(
  db: DbOrTx,
  orgId: number,
  input: { recordingId: number; performanceId: number; captionKey: string },
): Promise<Recording> {
  const recording = await recordingOf(db, orgId, input.recordingId, true);
  requireFinished(recording);
  const [from, to] = await Promise.all([
    commentarySlot(db, orgId, recording.performanceId, recording.captionKey),
    commentarySlot(db, orgId, input.performanceId, input.captionKey).catch((error: unknown) => {
      if (error instanceof NotFoundError)
        throw new RuleViolation('performanceId', `no performance ${input.performanceId} in this organization`);
      throw error;
    }),
  ]);
  if (from.competitionId !== to.competitionId)
    throw new RuleViolation(
      'performanceId',
      `performance ${input.performanceId} is not in the recording's competition`,
    );
  const current = await currentOf(db, input.performanceId, input.captionKey, recording.id);
  if (current)
    await db.update(commentaryRecordings).set({ isCurrent: false }).where(eq(commentaryRecordings.id, current.id));
  const [row] = await db
    .update(commentaryRecordings)
    .set({
      performanceId: input.performanceId,
      captionKey: input.captionKey,
      isCurrent: true,
      verifiedAt: null,
      verifiedBy: null,
      clearedAt: null,
      clearedBy: null,
      clearedReason: null,
    })
    .where(eq(commentaryRecordings.id, recording.id))
    .returning();
  return row;
}

/**
 * Takes a recording out of hearing: not current, marked cleared with who and why. Its file is kept (a wrong clear
 * is undone by moving it back), and goes with its performance.
 */
export async function clearRecording(
  db: DbOrTx,
  orgId: number,
  input: { recordingId: number; actor: AuditActor; reason: string },
): Promise<Recording> {
  const recording = await recordingOf(db, orgId, input.recordingId, true);
  requireFinished(recording);
  const [row] = await db
    .update(commentaryRecordings)
    .set({ isCurrent: false, clearedAt: new Date(), clearedBy: input.actor, clearedReason: input.reason })
    .where(eq(commentaryRecordings.id, recording.id))
    .returning();
  return row;
}
