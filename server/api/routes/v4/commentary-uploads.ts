/**
 * Recording commentary: a recording, its uploads and their appends, its finish, its marks (declared in
 * commentary-uploads.routes.ts). The append and the finish are unlocked writes (http/unlocked-writes.ts), served
 * before the write unit.
 */
import { declaredAudioType } from '../../audio/audio-type.js';
import { joinRecording } from '../../audio/join-recording.js';
import { auditedWrite } from '../../http/audited-transaction.js';
import { commentaryWriter, writerScope } from '../../http/commentary-writer.js';
import { ApiProblem } from '../../http/problem.js';
import { appendStream } from '../../http/streamed-append.js';
import { isStreamedUpload } from '../../http/unlocked-writes.js';
import { afterTheWrites } from '../../http/writes-first.js';
import { validBody } from '../../http/write-body.js';
import { newRouter } from '../../router.js';
import type { Services } from '../../services.js';
import { CommentaryRefused } from '../../db/repositories/commentary-errors.js';
import { deleteFiles } from '../../db/repositories/commentary-files.js';
import { writeMarks } from '../../db/repositories/commentary-marks.js';
import {
  completeRecording,
  createRecording,
  createUpload,
  recordingOf,
  requireOwn,
} from '../../db/repositories/commentary-recordings.write.js';
import { commentarySlot } from '../../db/repositories/commentary-slots.read.js';
import { uploadOf, uploadsOf } from '../../db/repositories/commentary-uploads.js';
import { RuleViolation } from '../../db/repositories/errors.js';
import { recordingItem, uploadItem } from '../present/commentary.js';
import * as routes from './commentary-uploads.routes.js';

export function resource(services: Services) {
  const db = services.database.db;
  const limit = services.config.commentaryMaxBytes;
  return newRouter()
    .openapi(routes.createRecording, async (c) => {
      const orgId = c.get('auth').orgId;
      const { performanceId } = c.req.valid('param');
      const { captionKey, contentType, key } = validBody(c);
      const declared = declaredAudioType(contentType);
      if (!declared)
        throw new RuleViolation('contentType', `"${contentType}" is not a type recorded here: audio/webm or audio/mp4`);
      const writer = commentaryWriter(c);
      const { recording, created } = await createRecording(
        db,
        orgId,
        { performanceId, captionKey, key, contentType: declared },
        writer,
      );
      const answer = recordingItem(recording, await uploadsOf(db, recording.id), limit);
      return created ? c.json(answer, 201) : c.json(answer, 200);
    })
    .openapi(routes.createUpload, async (c) => {
      const orgId = c.get('auth').orgId;
      const { recordingId } = c.req.valid('param');
      const { number, size } = validBody(c);
      const writer = commentaryWriter(c);
      const { upload, created } = await createUpload(
        db,
        orgId,
        { recordingId, number, expectedSize: size, limit },
        writer,
      );
      return created ? c.json(uploadItem(upload, limit), 201) : c.json(uploadItem(upload, limit), 200);
    })
    .openapi(routes.getUpload, async (c) => {
      const auth = c.get('auth');
      const { upload, recording } = await uploadOf(db, auth.orgId, c.req.valid('param').uploadId);
      requireOwn(recording, writerScope(c));
      return c.json(uploadItem(upload, limit), 200, {
        'upload-offset': String(upload.received),
        ...(upload.expectedSize === null ? {} : { 'upload-length': String(upload.expectedSize) }),
        'cache-control': 'no-store',
      });
    })
    .openapi(routes.addMarks, async (c) => {
      const auth = c.get('auth');
      const { performanceId } = c.req.valid('param');
      const { captionKey, marks } = c.req.valid('json');
      const slot = await commentarySlot(db, auth.orgId, performanceId, captionKey);
      if (writerScope(c).scope === 'seated' && (auth.userId === undefined || !slot.seatedUserIds.includes(auth.userId)))
        throw new CommentaryRefused(
          'not_seated',
          `You are not seated on caption "${captionKey}" of performance ${performanceId}'s division and round: marking it needs the permission "upload-commentary"`,
          {},
          { name: 'captionKey', in: 'body' },
        );
      await writeMarks(db, auth.orgId, { performanceId, caption: slot.caption, marks });
      return c.json({ kept: marks.length }, 200);
    });
}

/** The append and the finish: before the write unit, each taking the short transactions it needs. */
export function unlocked(services: Services) {
  const db = services.database.db;
  const limit = services.config.commentaryMaxBytes;
  // made and begun by the tablets in the appends' turn, after the judges' writes (writes-first.ts)
  const background = afterTheWrites(services.writesFirst);
  const router = newRouter();
  router.use('/performances/:performanceId/commentary', background);
  router.use('/commentary/recordings/:recordingId/uploads', background);
  return router
    .openapi(routes.appendToUpload, async (c) => {
      const auth = c.get('auth');
      if (!isStreamedUpload(c.req))
        throw new ApiProblem(
          415,
          'unsupported_media_type',
          'Send the bytes as application/offset+octet-stream',
          [{ name: 'Content-Type', in: 'header', message: c.req.header('content-type') ?? 'missing' }],
          { connection: 'close' },
        );
      const { uploadId } = c.req.valid('param');
      const headers = c.req.valid('header');
      // every statement of an append in the appends' turn, after the write requests (writes-first.ts)
      const turn = services.writesFirst.append;
      const { upload, recording } = await turn(() => uploadOf(db, auth.orgId, uploadId));
      requireOwn(recording, writerScope(c));
      const declaredLength = Number(c.req.header('content-length') ?? 0);
      if (declaredLength > limit)
        throw new CommentaryRefused(
          'recording_too_large',
          `A recording may hold at most ${limit} bytes: this append alone is ${declaredLength}`,
          { offset: upload.received, limit },
        );
      const { offset } = await appendStream(db, {
        uploadId,
        contentType: recording.contentType,
        start: headers['upload-offset'],
        body: c.req.raw.body,
        limit,
        key: headers['idempotency-key'],
        turn,
      });
      return c.body(null, 204, { 'upload-offset': String(offset), 'cache-control': 'no-store' });
    })
    .openapi(routes.finishRecording, async (c) => {
      const auth = c.get('auth');
      const { recordingId } = c.req.valid('param');
      const { uploads: held, reason } = c.req.valid('json');
      const recording = await recordingOf(db, auth.orgId, recordingId);
      requireOwn(recording, writerScope(c));
      const uploads = await uploadsOf(db, recording.id);
      if (recording.state === 'uploaded') return c.json(recordingItem(recording, uploads, limit), 200);
      const incomplete =
        uploads.length !== held.length ||
        uploads.some((upload) => held.find((h) => h.number === upload.number)?.size !== upload.received);
      if (incomplete)
        throw new CommentaryRefused(
          'upload_incomplete',
          "The server does not hold those uploads as listed: append what is missing (from each upload's offset), then finish again",
          { uploads: uploads.map((upload) => ({ id: upload.id, number: upload.number, offset: upload.received })) },
          { name: 'uploads', in: 'body' },
        );
      const joined = await joinRecording(db, auth.orgId, recording, uploads);
      const result = await auditedWrite(
        services,
        c,
        { action: 'commentary.upload', resource: 'commentary', id: recording.id, reason: reason ?? null },
        () => completeRecording(db, auth.orgId, { recordingId: recording.id, ...joined, reason: reason ?? null }),
      );
      // another finish got there first: its file is the recording's, this one goes
      if (result.alreadyFinished) await deleteFiles(db, [joined.fileId]);
      return c.json(recordingItem(result.recording, await uploadsOf(db, recording.id), limit), 200);
    });
}
