/**
 * The tabulator's writes to the judges' commentary (decision 128), through the signed-in fetch layer: verify, move,
 * clear, release, and a file recorded elsewhere uploaded for the judge seated there. Each is an audit entry; a form
 * sends one with useWrite, which asks the commentary's reads again.
 */
import { isApiError } from '../../../lib/api/core';
import { getAsUser, patchBytesAsUser, postAsUser } from '../../../lib/api/signed-in';
import type { ReleaseRequest } from './get-commentary';

export const verifyRecording = (recordingId: number, verified: boolean, reason?: string) =>
  postAsUser('/commentary/recordings/{recordingId}/verify', {
    path: { recordingId },
    body: { verified, ...(reason ? { reason } : {}) },
  });

export const moveRecording = (recordingId: number, to: { performanceId: number; captionKey: string; reason: string }) =>
  postAsUser('/commentary/recordings/{recordingId}/move', { path: { recordingId }, body: to });

export const clearRecording = (recordingId: number, reason: string) =>
  postAsUser('/commentary/recordings/{recordingId}/clear', { path: { recordingId }, body: { reason } });

export const releaseCommentary = (competitionId: number, body: ReleaseRequest) =>
  postAsUser('/competitions/{competitionId}/commentary/release', { path: { competitionId }, body });

/** What is sent in one append: small enough to show progress and to lose little on a dropped connection. */
export const UPLOAD_PIECE_BYTES = 1024 * 1024;
/** Appends that fail in a row (the network, not a refusal) before the upload gives up and says so. */
const TRIES = 3;

/** The recorder's type for the API: the file's own, else what its name says (the API checks the content anyway). */
export function contentTypeOf(file: { type: string; name: string }): string {
  if (file.type.startsWith('audio/') || file.type === 'video/webm' || file.type === 'video/mp4')
    return file.type.replace(/^video\//, 'audio/');
  return /\.(webm|weba)$/i.test(file.name) ? 'audio/webm' : 'audio/mp4';
}

const offsetOfMismatch = (error: unknown): number | null => {
  if (!isApiError(error) || error.status !== 409 || typeof error.body !== 'object' || error.body === null) return null;
  const offset = (error.body as { offset?: unknown }).offset;
  return typeof offset === 'number' && Number.isSafeInteger(offset) ? offset : null;
};

/**
 * A tabulator or administrator uploads, for the judge seated there, a file recorded elsewhere (a judge's own
 * recorder, a phone): the API's recording, one upload of the file's size, its bytes appended a piece at a time at
 * the server's offset (so a lost answer resumes where the server is, never writing a byte twice), then finished.
 */
export async function uploadRecordingFile({
  performanceId,
  captionKey,
  file,
  reason,
  onProgress,
}: {
  performanceId: number;
  captionKey: string;
  file: Blob & { name: string };
  /** why it replaces a verified recording (else it is kept beside the verified one, not heard) */
  reason?: string;
  onProgress?: (sentBytes: number) => void;
}) {
  const recording = await postAsUser('/performances/{performanceId}/commentary', {
    path: { performanceId },
    body: { captionKey, contentType: contentTypeOf(file), key: crypto.randomUUID() },
  });
  const recordingId = recording.body.id;
  const upload = await postAsUser('/commentary/recordings/{recordingId}/uploads', {
    path: { recordingId },
    body: { number: 1, size: file.size },
  });
  const uploadId = upload.body.id;
  let offset = upload.body.offset;
  let failures = 0;
  while (offset < file.size) {
    onProgress?.(offset);
    try {
      const piece = file.slice(offset, Math.min(file.size, offset + UPLOAD_PIECE_BYTES));
      offset = await patchBytesAsUser('/commentary/uploads/{uploadId}', { path: { uploadId }, offset, body: piece });
      failures = 0;
    } catch (error) {
      const serverOffset = offsetOfMismatch(error);
      if (serverOffset !== null) offset = serverOffset;
      else if (!isApiError(error) || (error.status > 0 && error.status < 500)) throw error;
      else if (++failures >= TRIES) throw error;
      // No answer, or the server's trouble: ask where the server is, and go on from there.
      else offset = (await getAsUser('/commentary/uploads/{uploadId}', { path: { uploadId } })).body.offset;
    }
  }
  onProgress?.(file.size);
  const finished = await postAsUser('/commentary/recordings/{recordingId}/finish', {
    path: { recordingId },
    body: { uploads: [{ number: 1, size: file.size }], ...(reason ? { reason } : {}) },
  });
  return finished.body;
}
