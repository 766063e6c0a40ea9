/**
 * The judges' commentary on the wire (docs/decisions/128-commentary-api.md): recordings, their uploads and marks,
 * a competition's commentary per performance and caption, releases, and the tablets' reports.
 */
import { z } from '@hono/zod-openapi';
import {
  COMMENTARY_RELEASES,
  COMMENTARY_STATES,
  COMMENTARY_TYPES,
  MICROPHONE_STATES,
} from '../../../../domain/commentary.js';
import { Decimal, Int, PositiveInt, Text, Timestamp } from './scalars.js';

export const Actor = z
  .object({ kind: z.enum(['user', 'key']), id: z.string(), name: z.string() })
  .openapi('CommentaryActor', { description: 'who, as the audit trail names them' });

const Iso = z.string().openapi({ description: 'ISO 8601' });

export const RecordingKey = z
  .string()
  .uuid()
  .openapi({ description: "the recording device's own key for the recording (a UUID it makes when recording starts)" });

/** A mark on a recording's timeline, as sent: a number typed while recording, or a tapped "Mark". */
export const MarkInput = z
  .strictObject({
    recordingKey: RecordingKey,
    offsetMs: Int(0, 24 * 3600 * 1000).openapi({ description: 'milliseconds into the recording' }),
    subcaptionKey: Text(50)
      .min(1)
      .optional()
      .openapi({ description: 'the caption line typed; absent for a tapped mark' }),
    score: Decimal().optional().openapi({ description: 'the number typed on that line (0 to its maximum)' }),
  })
  .openapi('CommentaryMarkInput');

export const MarkList = z.array(MarkInput).max(500).openapi({
  description:
    "moments of the recording running while the judge entered this sheet: each number typed, stamped with its offset into the recording, and each tapped Mark. Kept once however often sent (same recording, offset and line); the recording's marks are read with it",
});

export const Mark = z
  .object({
    offsetMs: z.number().int(),
    subcaptionKey: z.string().nullable().openapi({ description: 'null for a tapped mark' }),
    subcaptionName: z.string().nullable(),
    score: z.number().nullable(),
  })
  .openapi('CommentaryMark');

export const Upload = z
  .object({
    id: z.number().int(),
    recordingId: z.number().int(),
    number: z.number().int().openapi({ description: 'its place in the recording: 1, then 2 after a reload, ...' }),
    offset: z.number().int().openapi({ description: 'bytes received: the next append starts here' }),
    size: z.number().int().nullable().openapi({ description: 'the size declared when it was made, if any' }),
    limit: z.number().int().openapi({ description: 'bytes the whole recording may hold (COMMENTARY_MAX_BYTES)' }),
  })
  .openapi('CommentaryUpload');

export const Recording = z
  .object({
    id: z.number().int(),
    key: z.string(),
    performanceId: z.number().int().openapi({ description: 'the performance it is filed under' }),
    captionKey: z.string(),
    recordedFor: z
      .object({ performanceId: z.number().int(), captionKey: z.string() })
      .nullable()
      .openapi({ description: 'where it was recorded, when it has been moved since; null otherwise' }),
    state: z.enum(['recording', 'uploaded']).openapi({
      description: 'recording: being recorded or uploaded; uploaded: finished, one file',
    }),
    current: z.boolean().openapi({ description: 'the one heard for its performance and caption' }),
    contentType: z.enum(COMMENTARY_TYPES),
    size: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    etag: z.string().nullable().openapi({ description: "the audio's ETag (its SHA-256), once uploaded" }),
    by: Actor,
    createdAt: Iso,
    finishedAt: Iso.nullable(),
    verified: z.object({ by: Actor, at: Iso }).nullable(),
    cleared: z.object({ by: Actor, at: Iso, reason: z.string() }).nullable(),
    uploads: z.array(Upload),
    audio: z.string().nullable().openapi({ description: 'the path of its audio (GET, Range), once uploaded' }),
  })
  .openapi('CommentaryRecording');

export const RecordingDetail = Recording.extend({
  competitionId: z.number().int(),
  round: z.object({ number: z.number().int(), name: z.string() }),
  division: z.object({ id: z.number().int(), name: z.string() }),
  group: z.object({ id: z.number().int(), name: z.string() }),
  caption: z.object({ key: z.string(), name: z.string() }),
  released: z.boolean().openapi({ description: "its division and round's commentary is released" }),
  marks: z.array(Mark),
}).openapi('CommentaryRecordingDetail');

export const HistoryEntry = z
  .object({ action: z.string(), at: Iso, by: Actor, reason: z.string().nullable() })
  .openapi('CommentaryHistoryEntry');

export const CommentarySlotItem = z
  .object({
    performance: z.object({
      id: z.number().int(),
      order: z.number().int(),
      performed: z.boolean(),
      group: z.object({ id: z.number().int(), name: z.string() }),
    }),
    round: z.object({ number: z.number().int(), name: z.string() }),
    division: z.object({ id: z.number().int(), name: z.string() }),
    caption: z.object({ key: z.string(), name: z.string() }),
    judges: z
      .array(z.object({ firstName: z.string(), lastName: z.string(), userId: z.number().int().nullable() }))
      .openapi({ description: 'seated on the caption (two for a doubled panel are two captions)' }),
    state: z.enum(COMMENTARY_STATES),
    current: z.union([Recording, z.null()]).openapi({ description: 'the recording heard; null when none is' }),
    recordingNow: z.boolean().openapi({ description: 'a recording of it is under way or uploading' }),
    recordings: z.number().int().openapi({ description: 'recordings filed here, the current one included' }),
  })
  .openapi('CommentarySlot');

export const SectionRelease = z
  .object({
    round: z.object({ number: z.number().int(), name: z.string() }),
    division: z.object({ id: z.number().int(), name: z.string() }),
    release: z.enum(COMMENTARY_RELEASES),
    released: z.boolean().openapi({ description: 'heard now beyond the people running the show' }),
    scoresReleased: z.boolean(),
  })
  .openapi('CommentarySectionRelease');

export const ReleaseBody = z
  .strictObject({
    round: Int(1, 20),
    divisionId: PositiveInt.optional().openapi({ description: 'one division; absent: every division of the round' }),
    release: z.enum(COMMENTARY_RELEASES).openapi({
      description:
        'with-scores: heard once the scores are released (the default); now: released by hand; withheld: not heard even with the scores released',
    }),
    force: z
      .boolean()
      .optional()
      .openapi({ description: 'release now though some commentary is missing (a reason is required)' }),
    reason: Text(500)
      .min(1)
      .optional()
      .openapi({ description: 'why; required with force; recorded in the audit trail' }),
  })
  .openapi('CommentaryRelease');

const Battery = z.strictObject({
  level: Decimal({ min: 0, max: 1 }).openapi({ description: '0 to 1' }),
  charging: z.boolean(),
});

export const TabletReportBody = z
  .strictObject({
    deviceId: Text(64)
      .min(8)
      .openapi({ description: 'a random id the tablet keeps, so two tablets of one judge are two rows' }),
    device: Text(120).openapi({ description: 'the browser and system in words, e.g. "Safari 18 on iPadOS 18"' }),
    build: Text(40).openapi({ description: "the judge's page's build" }),
    battery: Battery.nullable().openapi({ description: 'null where the browser does not tell' }),
    entriesWaiting: Int(0, 100_000).openapi({ description: 'entries not yet confirmed by the API' }),
    audioWaiting: z.strictObject({
      count: Int(0, 10_000).openapi({ description: 'recordings with pieces not yet confirmed' }),
      bytes: Int(0, 1_000_000_000_000).openapi({ description: 'their bytes waiting' }),
    }),
    recording: z
      .strictObject({
        performanceId: PositiveInt,
        captionKey: Text(50).min(1),
        since: Timestamp,
      })
      .nullable()
      .openapi({ description: 'what it records now, since when; null when not recording' }),
    microphone: z.enum(MICROPHONE_STATES),
    storage: z
      .strictObject({ freeBytes: Int(0, 1_000_000_000_000_000), persisted: z.boolean() })
      .nullable()
      .optional()
      .openapi({ description: 'space left for recordings, and whether the browser keeps it (persistent storage)' }),
    competitionId: PositiveInt.optional().openapi({ description: 'the competition the page shows, when one' }),
  })
  .openapi('TabletReport');

export const TabletStatus = z
  .object({
    deviceId: z.string(),
    lastSeenAt: Iso,
    silent: z.boolean().openapi({ description: 'not heard from for more than a minute' }),
    report: TabletReportBody.omit({ deviceId: true }).extend({
      recording: z
        .object({ performanceId: z.number().int(), captionKey: z.string(), since: Iso, group: z.string().nullable() })
        .nullable(),
    }),
  })
  .openapi('TabletStatus');
