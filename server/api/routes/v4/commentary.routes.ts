/**
 * Hearing, checking and releasing the judges' commentary (docs/decisions/128-commentary-api.md): a competition's
 * commentary per performance and caption, a performance's recordings and their history, a recording and its audio,
 * verify, move, clear, release. Served by commentary.ts; recording is commentary-uploads.routes.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted, type Narrower } from '../../http/permissions.js';
import { BoolField, bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, Problem, QueryBoolean, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text } from '../schemas/scalars.js';
import {
  CommentarySlotItem,
  HistoryEntry,
  Recording,
  RecordingDetail,
  ReleaseBody,
  SectionRelease,
} from '../schemas/commentary.js';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});
const recordingParams = z.object({ recordingId: IntId('recordingId') });
const recordingAnswer = {
  200: { description: 'The recording as it now is', content: { 'application/json': { schema: Recording } } },
};
const Why = Text(500)
  .min(1)
  .openapi({ description: 'why: recorded in the audit trail with who did it (X-Audit-Reason is read when absent)' });

export const getCompetitionCommentary = createRoute(
  permitted('listen-commentary', {
    method: 'get',
    path: '/competitions/{competitionId}/commentary',
    summary: "A competition's commentary per division, round, performance and caption, with its state",
    description:
      "Every performance (in running order) times every caption of its round's sheet, with its judges, its state (none, recording, uploaded, verified), the recording heard and whether one is under way; and each division and round's release. Not cached.",
    request: {
      params: z.object({ competitionId: IntId('competitionId') }),
      query: z.strictObject({
        round: Int(1, 20).optional(),
        divisionId: PositiveInt.optional(),
        captionKey: Text(50).min(1).optional(),
        performanceId: PositiveInt.optional(),
      }),
    },
    responses: {
      200: {
        description: 'The commentary',
        content: {
          'application/json': {
            schema: z
              .object({
                competition: z.object({ id: z.number().int(), name: z.string() }),
                sections: z.array(SectionRelease),
                data: z.array(CommentarySlotItem),
              })
              .openapi('CompetitionCommentary'),
          },
        },
      },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);

export const getPerformanceCommentary = createRoute(
  permitted('listen-commentary', {
    method: 'get',
    path: '/performances/{performanceId}/commentary',
    summary: "A performance's recordings, every one ever filed or recorded there, with each one's history",
    description:
      'The upload history of each caption: recordings in the order they were made (replaced, kept beside a verified one, moved away, cleared ones included), each with what was done to it, by whom, when and why (its audit trail).',
    request: { params: z.object({ performanceId: IntId('performanceId') }) },
    responses: {
      200: {
        description: 'The recordings',
        content: {
          'application/json': {
            schema: z.object({ data: z.array(Recording.extend({ history: z.array(HistoryEntry) })) }),
          },
        },
      },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);

/** A group's accounts read a recording of their own group (http/commentary-audience.ts decides). */
const groupAccounts: Narrower = {
  permission: 'read-group',
  limit: "its own groups' current recordings, once released",
};

const hearing =
  "Heard by administrators, tabulators, chief judges and full keys always; by the judge who recorded it; by every user of the circuit once its division and round's commentary is released, and then by the accounts of the performance's own group (its current recording only). Never by a read-only key (the fans') or without a token: 403. Never kept by a shared cache.";

export const getRecording = createRoute(
  permitted(
    'read',
    {
      method: 'get',
      path: '/commentary/recordings/{recordingId}',
      summary: 'A recording: where it is filed, its state, its uploads, its marks',
      description: `The marks are the numbers the judge typed while recording and the Marks tapped, at their offsets. ${hearing}`,
      request: { params: recordingParams },
      responses: {
        200: { description: 'The recording', content: { 'application/json': { schema: RecordingDetail } } },
        403: problem('The caller may not hear it'),
        ...errorResponses,
        ...notFoundResponse,
      },
    },
    undefined,
    groupAccounts,
  ),
);

export const getRecordingAudio = createRoute(
  permitted(
    'read',
    {
      method: 'get',
      path: '/commentary/recordings/{recordingId}/audio',
      summary: "A recording's audio, with Range (HEAD answers the headers alone)",
      description: `One file, seekable, with its duration (WebM with Cues, or MP4). \`Range: bytes=…\` answers 206 with Content-Range (416 past the end), \`If-Range\` and \`If-None-Match\` take the ETag. \`download=true\` names it an attachment. ${hearing}`,
      request: {
        params: recordingParams,
        query: z.strictObject({ download: QueryBoolean.optional() }),
      },
      responses: {
        200: {
          description: 'The whole file',
          content: {
            'audio/webm': { schema: z.string().openapi({ format: 'binary' }) },
            'audio/mp4': { schema: z.string().openapi({ format: 'binary' }) },
          },
        },
        206: { description: 'The range asked for (Content-Range)' },
        304: { description: 'The ETag matches If-None-Match' },
        403: problem('The caller may not hear it'),
        409: problem('not_finished: still being recorded or uploaded'),
        416: { description: 'The range is past the end (Content-Range: bytes */size)' },
        ...errorResponses,
        ...notFoundResponse,
      },
    },
    undefined,
    groupAccounts,
  ),
);

export const verifyRecording = createRoute(
  permitted(
    'manage-commentary',
    {
      method: 'post',
      path: '/commentary/recordings/{recordingId}/verify',
      summary: 'Verify a recording: it is the right file for its performance and caption',
      description:
        'A verified recording is not replaced by a later upload without a reason (a later one is kept beside it). `verified: false` takes it back. A recording still uploading is 409 not_finished; a cleared one 409 cleared.',
      request: {
        params: recordingParams,
        body: bodyOf(
          z.strictObject({
            verified: BoolField.optional().openapi({ description: 'default true' }),
            reason: Why.optional(),
          }),
          'verified or not',
        ),
      },
      responses: { ...recordingAnswer, 409: problem('not_finished, or cleared'), ...writeErrors },
    },
    { action: 'commentary.verify', resource: 'commentary', idParam: 'recordingId' },
  ),
);

export const moveRecording = createRoute(
  permitted(
    'manage-commentary',
    {
      method: 'post',
      path: '/commentary/recordings/{recordingId}/move',
      summary: 'File a recording under the right performance or caption (of the same competition)',
      description:
        'It becomes the one heard there (the one heard before stays in the history); it is not verified there yet. Moving a recording to its own performance and caption makes it the one heard (one kept beside a verified one, or a cleared one). Its marks go with it.',
      request: {
        params: recordingParams,
        body: bodyOf(
          z.strictObject({ performanceId: PositiveInt, captionKey: Text(50).min(1), reason: Why }),
          'where it belongs, and why',
        ),
      },
      responses: { ...recordingAnswer, 409: problem('not_finished'), ...writeErrors },
    },
    { action: 'commentary.move', resource: 'commentary', idParam: 'recordingId' },
  ),
);

export const clearRecording = createRoute(
  permitted(
    'manage-commentary',
    {
      method: 'post',
      path: '/commentary/recordings/{recordingId}/clear',
      summary: 'Clear a recording: nobody hears it any more',
      description:
        'It stops being the one heard; it stays in the history (the people running the show can still hear it, and a move brings it back).',
      request: { params: recordingParams, body: bodyOf(z.strictObject({ reason: Why }), 'why') },
      responses: { ...recordingAnswer, 409: problem('not_finished'), ...writeErrors },
    },
    { action: 'commentary.clear', resource: 'commentary', idParam: 'recordingId' },
  ),
);

export const releaseCommentary = createRoute(
  permitted(
    'release',
    {
      method: 'post',
      path: '/competitions/{competitionId}/commentary/release',
      summary: "Release a division and round's commentary: with its scores, now, or withheld",
      description:
        "`with-scores` (every section's default) is heard once the scores are released (POST /competitions/{competitionId}/release). `now` releases by hand, and only when every performance that performed has a finished recording for every caption someone is seated on: else 409 commentary_release_refused naming them (`missing`), and nothing changes, unless `force` with a `reason`. `withheld` keeps it from being heard even with the scores released. Released commentary is heard by the circuit's users, never by fans.",
      request: {
        params: z.object({ competitionId: IntId('competitionId') }),
        body: bodyOf(ReleaseBody, 'the division and round, and when'),
      },
      responses: {
        200: {
          description: "The competition's sections as they now are, and what a forced release let through",
          content: {
            'application/json': {
              schema: z.object({
                sections: z.array(SectionRelease),
                missing: z.array(
                  z.object({
                    performanceId: z.number().int(),
                    group: z.string(),
                    captionKey: z.string(),
                    divisionId: z.number().int(),
                  }),
                ),
              }),
            },
          },
        },
        409: problem('commentary_release_refused (with `missing`)'),
        ...writeErrors,
      },
    },
    { action: 'commentary.release', resource: 'commentary-release', idParam: 'competitionId' },
  ),
);
