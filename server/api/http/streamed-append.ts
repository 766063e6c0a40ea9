/**
 * One append to an upload (PATCH /commentary/uploads/{id}): the request body read as a stream, a chunk at a time,
 * each chunk written at the upload's offset as it fills (repositories/commentary-uploads.ts), so a recording is
 * never whole in memory and a body cut off half way keeps what arrived (the client goes on from the offset the
 * upload answers). The first bytes of an upload are checked to be the recording's type, by content.
 */
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../db/database.js';
import { CHUNK_BYTES } from '../db/repositories/commentary-files.js';
import { CommentaryRefused } from '../db/repositories/commentary-errors.js';
import { appendPiece, findAppend } from '../db/repositories/commentary-uploads.js';
import { RuleViolation } from '../db/repositories/errors.js';
import { SNIFF_BYTES, sniffAudioType } from '../audio/audio-type.js';
import { ApiProblem } from './problem.js';
import type { WritesFirst } from './writes-first.js';

export interface Append {
  uploadId: number;
  /** the recording's type, as declared when it was made */
  contentType: string;
  /** the client's Upload-Offset: where these bytes go */
  start: number;
  body: ReadableStream<Uint8Array> | null;
  /** bytes the recording may hold, all its uploads together */
  limit: number;
  /** the request's Idempotency-Key */
  key?: string;
  /** runs each of its statements in the appends' turn, after the write requests (writes-first.ts) */
  turn: WritesFirst['append'];
}

/** Answers the upload's offset after the append, and whether it was a repeated request answered as before. */
export async function appendStream(db: DbOrTx, append: Append): Promise<{ offset: number; replayed: boolean }> {
  const hash = createHash('sha256');
  if (append.key !== undefined) {
    const key = append.key;
    const stored = await append.turn(() => findAppend(db, append.uploadId, key));
    if (stored) {
      for await (const bytes of bodyOf(append)) hash.update(bytes);
      if (stored.start !== append.start || stored.sha256 !== hash.digest('hex'))
        throw new ApiProblem(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different append', [
          { name: 'Idempotency-Key', in: 'header', message: 'already used for another request' },
        ]);
      return { offset: stored.finish, replayed: true };
    }
  }
  let offset = append.start;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let checked = append.start > 0;
  const write = async (data: Uint8Array, last: boolean) => {
    if (!checked) {
      checkType(data, append.contentType);
      checked = true;
    }
    const remember =
      last && append.key !== undefined
        ? { key: append.key, from: append.start, sha256: hash.digest('hex') }
        : undefined;
    const start = offset;
    offset = await append.turn(() =>
      appendPiece(db, { uploadId: append.uploadId, start, data, limit: append.limit, remember }),
    );
  };
  for await (const bytes of bodyOf(append)) {
    hash.update(bytes);
    pending.push(bytes);
    pendingBytes += bytes.length;
    while (pendingBytes >= CHUNK_BYTES) {
      const all = Buffer.concat(pending, pendingBytes);
      pending = [all.subarray(CHUNK_BYTES)];
      pendingBytes -= CHUNK_BYTES;
      await write(all.subarray(0, CHUNK_BYTES), false);
    }
  }
  await write(Buffer.concat(pending, pendingBytes), true);
  return { offset, replayed: false };
}

/** The body's parts; more bytes than the recording may hold stop it at once (413), without reading the rest. */
async function* bodyOf(append: Append): AsyncGenerator<Uint8Array> {
  if (!append.body) return;
  let total = 0;
  const reader = append.body.getReader();
  try {
    for (;;) {
      let part;
      try {
        part = await reader.read();
      } catch {
        throw new ApiProblem(
          400,
          'upload_interrupted',
          "The request body ended before it was whole: send the rest from the upload's offset",
        );
      }
      if (part.done) return;
      total += part.value.length;
      if (total > append.limit)
        throw new CommentaryRefused(
          'recording_too_large',
          `A recording may hold at most ${append.limit} bytes: this append alone is larger`,
          { limit: append.limit },
        );
      yield part.value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** An upload's first bytes must be the recording's type, told by its content. */
function checkType(first: Uint8Array, declared: string): void {
  if (first.length < SNIFF_BYTES)
    throw new RuleViolation('body', `an upload's first append holds at least its file's first ${SNIFF_BYTES} bytes`);
  const sniffed = sniffAudioType(first);
  if (sniffed.type === undefined)
    throw new CommentaryRefused(
      'unsupported_audio',
      `The upload is not a recording this API keeps (WebM or MP4): its first bytes are ${sniffed.reason}`,
      {},
      { name: 'body', in: 'body' },
    );
  if (sniffed.type !== declared)
    throw new CommentaryRefused(
      'unsupported_audio',
      `The upload's first bytes are ${sniffed.type === 'audio/mp4' ? 'an MP4' : 'a WebM'} file, but the recording was made as ${declared}`,
      {},
      { name: 'body', in: 'body' },
    );
}
