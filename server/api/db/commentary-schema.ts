/**
 * Drizzle tables of the judges' commentary and the tablets' reports (migrations/0011_commentary.sql); schema.ts
 * exports them with the others.
 */
import {
  bigint,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CommentaryRelease, CommentaryType, MicrophoneState } from '../../../domain/commentary.js';
import type { AuditActor as Actor } from './audit-actor.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const commentaryFiles = pgTable('commentary_files', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const commentaryChunks = pgTable('commentary_chunks', {
  fileId: integer('file_id').notNull(),
  start: bigint('start', { mode: 'number' }).notNull(),
  data: bytea('data').notNull(),
});

export const commentaryRecordings = pgTable('commentary_recordings', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  key: uuid('key').notNull(),
  performanceId: integer('performance_id').notNull(),
  captionKey: text('caption_key').notNull(),
  recordedPerformanceId: integer('recorded_performance_id').notNull(),
  recordedCaptionKey: text('recorded_caption_key').notNull(),
  contentType: text('content_type').$type<CommentaryType>().notNull(),
  state: text('state').$type<'recording' | 'uploaded'>().notNull(),
  isCurrent: boolean('is_current').notNull().default(false),
  fileId: integer('file_id'),
  size: bigint('size', { mode: 'number' }),
  durationMs: integer('duration_ms'),
  sha256: text('sha256'),
  createdBy: jsonb('created_by').$type<Actor>().notNull(),
  createdByUserId: integer('created_by_user_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  verifiedAt: ts('verified_at'),
  verifiedBy: jsonb('verified_by').$type<Actor>(),
  clearedAt: ts('cleared_at'),
  clearedBy: jsonb('cleared_by').$type<Actor>(),
  clearedReason: text('cleared_reason'),
});

export const commentaryUploads = pgTable('commentary_uploads', {
  id: serial('id').primaryKey(),
  recordingId: integer('recording_id').notNull(),
  number: integer('number').notNull(),
  fileId: integer('file_id'),
  received: bigint('received', { mode: 'number' }).notNull().default(0),
  expectedSize: bigint('expected_size', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const commentaryAppends = pgTable('commentary_appends', {
  uploadId: integer('upload_id').notNull(),
  key: text('key').notNull(),
  start: bigint('start', { mode: 'number' }).notNull(),
  finish: bigint('finish', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const commentaryMarks = pgTable('commentary_marks', {
  orgId: integer('org_id').notNull(),
  recordingKey: uuid('recording_key').notNull(),
  performanceId: integer('performance_id').notNull(),
  captionKey: text('caption_key').notNull(),
  offsetMs: integer('offset_ms').notNull(),
  subcaptionKey: text('subcaption_key').notNull().default(''),
  scoreThousandths: integer('score_thousandths'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const commentaryReleases = pgTable('commentary_releases', {
  roundId: integer('round_id').notNull(),
  divisionId: integer('division_id').notNull(),
  orgId: integer('org_id').notNull(),
  release: text('release').$type<CommentaryRelease>().notNull(),
  changedAt: ts('changed_at').notNull().defaultNow(),
  changedBy: jsonb('changed_by').$type<Actor>().notNull(),
});

/** A tablet's report as stored (the heartbeat's body, schemas/commentary.ts TabletReportBody, less its device id). */
export interface TabletReport {
  device: string;
  build: string;
  battery: { level: number; charging: boolean } | null;
  entriesWaiting: number;
  audioWaiting: { count: number; bytes: number };
  recording: { performanceId: number; captionKey: string; since: string } | null;
  microphone: MicrophoneState;
  storage?: { freeBytes: number; persisted: boolean } | null;
  competitionId?: number;
}

export const tabletReports = pgTable('tablet_reports', {
  userId: integer('user_id').notNull(),
  deviceId: text('device_id').notNull(),
  orgId: integer('org_id').notNull(),
  report: jsonb('report').$type<TabletReport>().notNull(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
});
