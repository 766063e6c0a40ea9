/**
 * A recording's uploads joined into the one file it is served as (webm-join.ts, mp4-join.ts), written into a new
 * stored file a chunk at a time while its SHA-256 (its ETag) is taken. Every read and write is a statement of its
 * own, outside any transaction, so joining a long recording never holds the database from other requests.
 */
import { createHash } from 'node:crypto';
import type { CommentaryType } from '../../../domain/commentary.js';
import type { DbOrTx } from '../db/database.js';
import { createFile, deleteFiles, fileWriter, readFile } from '../db/repositories/commentary-files.js';
import { CommentaryRefused } from '../db/repositories/commentary-errors.js';
import { NotJoinable, type Joiner } from './joined-file.js';
import { joinMp4 } from './mp4-join.js';
import { joinWebm } from './webm-join.js';

const JOINERS: Record<CommentaryType, Joiner> = { 'audio/webm': joinWebm, 'audio/mp4': joinMp4 };

export interface JoinedRecording {
  fileId: number;
  size: number;
  sha256: string;
  durationMs: number;
}

export async function joinRecording(
  db: DbOrTx,
  orgId: number,
  recording: { contentType: CommentaryType },
  uploads: readonly { fileId: number | null; received: number }[],
): Promise<JoinedRecording> {
  const fileId = await createFile(db, orgId);
  const writer = fileWriter(db, fileId);
  const hash = createHash('sha256');
  try {
    const segments = uploads
      .filter((upload) => upload.fileId !== null && upload.received > 0)
      .map((upload) => ({ read: () => readFile(db, upload.fileId!) }));
    const { durationMs } = await JOINERS[recording.contentType](segments, async (bytes) => {
      hash.update(bytes);
      await writer.write(bytes);
    });
    const size = await writer.close();
    return { fileId, size, sha256: hash.digest('hex'), durationMs };
  } catch (error) {
    await deleteFiles(db, [fileId]);
    if (error instanceof NotJoinable) throw new CommentaryRefused(error.code, error.message);
    throw error;
  }
}
