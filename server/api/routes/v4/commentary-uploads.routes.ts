/**
 * Recording commentary (docs/decisions/128-commentary-api.md): a recording per performance and caption, its
 * uploads (one per segment) appended to piece by piece at the server's offset, finished into one file, and the
 * marks of its timeline. Served by commentary-uploads.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted, type Narrower } from '../../http/permissions.js';
import { unlocked } from '../../http/unlocked-writes.js';
import { bodyOf, jsonBodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, Problem, writeErrors } from '../schemas/common.js';
import { Int, IntId, Text } from '../schemas/scalars.js';
import { MarkList, Recording, RecordingKey, Upload } from '../schemas/commentary.js';

const seated: Narrower = {
  permission: 'record-commentary',
  limit: "only the captions the caller is seated on, and the caller's own recordings",
};

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});

const uploadHeaders = z.object({
  'upload-offset': Int(0, Number.MAX_SAFE_INTEGER).openapi({
    param: { in: 'header', required: true },
    description: 'where these bytes go in the upload: its current offset (GET the upload to learn it)',
  }),
  'idempotency-key': Text(200)
    .min(1)
    .optional()
    .openapi({
      param: { in: 'header' },
      description: 'a repeated append with the same key and bytes is answered as the first was, without writing',
    }),
});

export const createRecording = createRoute(
  permitted(
    'upload-commentary',
    {
      method: 'post',
      path: '/performances/{performanceId}/commentary',
      summary: "Start a judge's commentary recording of a performance and caption",
      description:
        "Made when recording starts (or by a tabulator uploading a file recorded elsewhere). `key` is the device's own UUID for it: sent again, it answers the same recording (200), so a create whose answer was lost is safe to repeat; the marks sent with the entries name it. " +
        "Refused (409 commentary_disabled) where the performance's event does not record commentary (`commentaryEnabled`). The audio's type is checked by content on its first upload; `contentType` says which is expected (audio/webm or audio/mp4, codecs allowed).",
      request: {
        params: z.object({ performanceId: IntId('performanceId') }),
        body: bodyOf(
          z
            .strictObject({
              captionKey: Text(50).min(1),
              contentType: Text(100)
                .min(1)
                .openapi({ description: 'what the recorder makes: audio/webm;codecs=opus, audio/mp4, ...' }),
              key: RecordingKey.optional(),
            })
            .openapi('StartRecording'),
          'the caption, the recording type and its key',
        ),
      },
      responses: {
        201: { description: 'The recording', content: { 'application/json': { schema: Recording } } },
        200: {
          description: 'The recording made before with this key',
          content: { 'application/json': { schema: Recording } },
        },
        409: problem('commentary_disabled, or recording_key_used (the key names another performance or caption)'),
        ...writeErrors,
      },
    },
    undefined,
    seated,
  ),
);

const recordingParams = z.object({ recordingId: IntId('recordingId') });
const uploadParams = z.object({ uploadId: IntId('uploadId') });

export const createUpload = createRoute(
  permitted(
    'upload-commentary',
    {
      method: 'post',
      path: '/commentary/recordings/{recordingId}/uploads',
      summary: 'Open an upload session: one segment of a recording',
      description:
        'Segment 1 when recording starts; the next number when the page was reloaded during the recording (a new MediaRecorder, a new file: the finish joins them). The same number again answers the upload made before (200). `size`, when known (a file recorded elsewhere), is checked against the limit at once (413 recording_too_large) and bounds the appends.',
      request: {
        params: recordingParams,
        body: bodyOf(
          z
            .strictObject({
              number: Int(1, 100),
              size: Int(1, Number.MAX_SAFE_INTEGER).optional().openapi({ description: 'the bytes to come, if known' }),
            })
            .openapi('OpenUpload'),
          'the segment number and, if known, its size',
        ),
      },
      responses: {
        201: { description: 'The upload', content: { 'application/json': { schema: Upload } } },
        200: {
          description: 'The upload made before with this number',
          content: { 'application/json': { schema: Upload } },
        },
        409: problem('recording_finished'),
        413: problem('recording_too_large: the declared size is over what the recording may still hold'),
        ...writeErrors,
      },
    },
    undefined,
    seated,
  ),
);

export const getUpload = createRoute(
  permitted(
    'upload-commentary',
    {
      method: 'get',
      path: '/commentary/uploads/{uploadId}',
      summary: "An upload's offset: where the next append goes (HEAD answers the headers alone)",
      description:
        "A client that lost an append's answer asks here and goes on from `offset` (also the `Upload-Offset` header; `Upload-Length` when a size was declared). Never cached.",
      request: { params: uploadParams },
      responses: {
        200: { description: 'The upload', content: { 'application/json': { schema: Upload } } },
        ...errorResponses,
        ...notFoundResponse,
      },
    },
    undefined,
    seated,
  ),
);

export const appendToUpload = createRoute(
  unlocked(
    permitted(
      'upload-commentary',
      {
        method: 'patch',
        path: '/commentary/uploads/{uploadId}',
        summary: 'Append bytes to an upload at its offset',
        description:
          "The body (`Content-Type: application/offset+octet-stream`) is one or more recorder pieces in order, written at `Upload-Offset`; the answer's `Upload-Offset` is the new offset. Streamed to storage as it arrives (never held whole); a body cut off half way keeps what arrived, and the upload's offset says where to go on. " +
          "An append at another offset than the upload's writes nothing: 409 offset_mismatch with the current `offset` (and `Upload-Offset`), so a piece is never written twice. An `Idempotency-Key` repeated with the same bytes answers as the first time. " +
          "The upload's first bytes must be the recording's type by content (WebM's EBML header or MP4's ftyp; else 415 unsupported_audio). More than the recording may hold is 413 recording_too_large, the rest of the body unread.",
        request: {
          params: uploadParams,
          headers: uploadHeaders,
          body: {
            required: true,
            content: {
              'application/offset+octet-stream': { schema: z.string().openapi({ format: 'binary' }) },
            },
          },
        },
        responses: {
          204: {
            description: 'Appended',
            headers: { 'Upload-Offset': { schema: { type: 'integer' }, description: 'the new offset' } },
          },
          409: problem('offset_mismatch (with `offset`), or recording_finished'),
          413: problem('recording_too_large, or larger_than_declared'),
          415: problem('unsupported_audio, or a body that is not application/offset+octet-stream'),
          ...errorResponses,
          ...notFoundResponse,
          422: problem('a first append shorter than 12 bytes; an Idempotency-Key used for other bytes'),
        },
      },
      undefined,
      seated,
    ),
  ),
);

export const finishRecording = createRoute(
  unlocked(
    permitted(
      'upload-commentary',
      {
        method: 'post',
        path: '/commentary/recordings/{recordingId}/finish',
        summary: 'Finish a recording: its uploads joined into one seekable file with its duration',
        description:
          '`uploads` lists every upload with the size the device holds of it; the recording finishes only when the server has exactly those (else 409 upload_incomplete, with `uploads` as the server has them: append the rest and finish again). WebM segments get a Duration and Cues; several segments (a reload) become one file. ' +
          "The recording becomes its performance and caption's current one, unless that one is verified: then, without a `reason`, it is kept beside it (`current: false`), and a tabulator may make it current by moving it there. Finishing again answers the finished recording. Recorded in the audit trail (`commentary.upload`).",
        request: {
          params: recordingParams,
          body: jsonBodyOf(
            z
              .strictObject({
                uploads: z
                  .array(z.strictObject({ number: Int(1, 100), size: Int(0, Number.MAX_SAFE_INTEGER) }))
                  .min(1)
                  .max(100),
                reason: Text(500).min(1).optional().openapi({
                  description: 'why this replaces a verified recording; recorded in the audit trail',
                }),
              })
              .openapi('FinishRecording'),
            'each upload and its size as the device holds it',
          ),
        },
        responses: {
          200: { description: 'The finished recording', content: { 'application/json': { schema: Recording } } },
          409: problem('upload_incomplete (with `uploads`)'),
          ...writeErrors,
          422: problem('no_audio, segments_not_joinable, or a rule of the body'),
        },
      },
      undefined,
      seated,
    ),
  ),
);

export const addMarks = createRoute(
  permitted(
    'upload-commentary',
    {
      method: 'post',
      path: '/performances/{performanceId}/commentary/marks',
      summary: "Marks on a recording's timeline: tapped Marks, or typed numbers not sent with an entry",
      description:
        'The typed numbers travel with the entries (`marks` of POST /performances/{performanceId}/scores); a Mark tapped with no number to send comes here. Kept once however often sent.',
      request: {
        params: z.object({ performanceId: IntId('performanceId') }),
        body: jsonBodyOf(
          z.strictObject({ captionKey: Text(50).min(1), marks: MarkList }).openapi('CommentaryMarks'),
          'the caption and its marks',
        ),
      },
      responses: {
        200: {
          description: 'The marks are kept',
          content: { 'application/json': { schema: z.object({ kept: z.number().int() }) } },
        },
        ...writeErrors,
      },
    },
    undefined,
    seated,
  ),
);
