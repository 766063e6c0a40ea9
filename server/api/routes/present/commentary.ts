/** The judges' commentary as the API answers it (schemas/commentary.ts), from the repositories' rows. */
import type { z } from '@hono/zod-openapi';
import type { CommentaryState } from '../../../../domain/commentary.js';
import type { Recording, Upload } from '../../db/repositories/commentary-recordings.write.js';
import type * as schemas from '../schemas/commentary.js';
import { isoTimestamp } from './v4.js';

export const audioPath = (recordingId: number) => `/commentary/recordings/${recordingId}/audio`;

export function uploadItem(upload: Upload, limit: number): z.infer<typeof schemas.Upload> {
  return {
    id: upload.id,
    recordingId: upload.recordingId,
    number: upload.number,
    offset: upload.received,
    size: upload.expectedSize,
    limit,
  };
}

export function recordingItem(
  recording: Recording,
  uploads: readonly Upload[],
  limit: number,
): z.infer<typeof schemas.Recording> {
  const moved =
    recording.recordedPerformanceId !== recording.performanceId ||
    recording.recordedCaptionKey !== recording.captionKey;
  return {
    id: recording.id,
    key: recording.key,
    performanceId: recording.performanceId,
    captionKey: recording.captionKey,
    recordedFor: moved
      ? { performanceId: recording.recordedPerformanceId, captionKey: recording.recordedCaptionKey }
      : null,
    state: recording.state,
    current: recording.isCurrent,
    contentType: recording.contentType,
    size: recording.size,
    durationMs: recording.durationMs,
    etag: recording.sha256 && `"${recording.sha256}"`,
    by: recording.createdBy,
    createdAt: isoTimestamp(recording.createdAt),
    finishedAt: recording.finishedAt && isoTimestamp(recording.finishedAt),
    verified:
      recording.verifiedAt && recording.verifiedBy
        ? { by: recording.verifiedBy, at: isoTimestamp(recording.verifiedAt) }
        : null,
    cleared:
      recording.clearedAt && recording.clearedBy
        ? { by: recording.clearedBy, at: isoTimestamp(recording.clearedAt), reason: recording.clearedReason ?? '' }
        : null,
    uploads: uploads.map((upload) => uploadItem(upload, limit)),
    audio: recording.state === 'uploaded' ? audioPath(recording.id) : null,
  };
}

/** A performance and caption's state: its current recording's, else whether one is under way. */
export function slotState(recordings: readonly Recording[]): CommentaryState {
  const current = recordings.find((recording) => recording.isCurrent);
  if (current) return current.verifiedAt ? 'verified' : 'uploaded';
  return recordings.some((recording) => recording.state === 'recording') ? 'recording' : 'none';
}
