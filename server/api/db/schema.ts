/**
 * Drizzle table definitions: the typed view of migrations/*.sql (the SQL files are the source of truth for the
 * database; test/db/schema.test.ts checks that both agree).
 */
import { boolean, date, integer, jsonb, pgTable, serial, text, timestamp, uuid, bigint } from 'drizzle-orm/pg-core';
import type { PerformanceResult, ScoreSheet } from '../tabulation/types.js';
import type { GroupRole, Role } from '../../../domain/roles.js';
import type { EntryState } from '../../../domain/score-entries.js';
import type { DrawRecord } from '../../../domain/draw/record.js';

export type { AuditActor } from './audit-actor.js';
import type { AuditActor } from './audit-actor.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  guid: uuid('guid').notNull(),
  name: text('name').notNull(),
  /** open to anonymous v2 reads (the hosted service's "Programmatic - API: Allow Access"; decision 026) */
  programmaticAccess: boolean('programmatic_access').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** a division and round is released only once signed off (decision 082) */
  requireSignoff: boolean('require_signoff').notNull().default(false),
  /** the season the circuit chose as its current one; null: the dates and today's contests decide (decision 123) */
  currentSeasonId: integer('current_season_id'),
});

export const orgVersions = pgTable('org_versions', {
  orgId: integer('org_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export const applications = pgTable('applications', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  clientId: text('client_id').notNull(),
  secretHash: text('secret_hash').notNull(),
  name: text('name').notNull(),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
  /** its tokens may only read */
  readOnly: boolean('read_only').notNull().default(false),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  email: text('email').notNull(),
  /** null until the user sets a password through a one-time link */
  passwordHash: text('password_hash'),
  createdAt: ts('created_at').notNull().defaultNow(),
  role: text('role').$type<Role>().notNull().default('administrator'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  disabledAt: ts('disabled_at'),
  /** its tokens carry the version they were issued under; a new password or a disabling adds one (decision 118) */
  sessionVersion: integer('session_version').notNull().default(0),
});

/** Which groups a group's account acts for, and as what in each (decision 133). */
export const groupMemberships = pgTable('group_memberships', {
  userId: integer('user_id').notNull(),
  groupId: integer('group_id').notNull(),
  role: text('role').$type<GroupRole>().notNull(),
  addedAt: ts('added_at').notNull().defaultNow(),
});

export type AccessRequestState = 'pending' | 'approved' | 'refused';

/** "Find my group": a person's request for an account of a group, and the circuit's decision. */
export const accessRequests = pgTable('access_requests', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  groupId: integer('group_id').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  role: text('role').$type<GroupRole>().notNull(),
  message: text('message').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  state: text('state').$type<AccessRequestState>().notNull().default('pending'),
  decidedAt: ts('decided_at'),
  decidedBy: integer('decided_by'),
  reason: text('reason').notNull().default(''),
});

export const passwordLinks = pgTable('password_links', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const auditEntries = pgTable('audit_entries', {
  orgId: integer('org_id').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  /** ISO 8601 text, as hashed (a timestamp column would round-trip through another precision) */
  at: text('at').notNull(),
  actor: jsonb('actor').$type<AuditActor>().notNull(),
  action: text('action').notNull(),
  resourceType: text('resource_type').notNull(),
  resourceId: text('resource_id'),
  competitionId: integer('competition_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
  previousHash: text('previous_hash').notNull(),
  hash: text('hash').notNull(),
});

export const auditHeads = pgTable('audit_heads', {
  orgId: integer('org_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').$type<'EdDSA' | 'HS256'>().notNull(),
  secret: text('secret'),
  publicKey: text('public_key'),
  privateKey: text('private_key'),
  createdAt: ts('created_at').notNull().defaultNow(),
  retiredAt: ts('retired_at'),
});

/** Single tokens revoked before they expire (POST /v3/oauth2/revoke), kept until they would have expired. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at').notNull().defaultNow(),
});

export const authorizationCodes = pgTable('authorization_codes', {
  codeHash: text('code_hash').primaryKey(),
  applicationId: integer('application_id').notNull(),
  userId: integer('user_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const idempotencyKeys = pgTable('idempotency_keys', {
  orgId: integer('org_id').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  status: integer('status').notNull(),
  body: jsonb('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const groupTypes = pgTable('group_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const eventTypes = pgTable('event_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const seasons = pgTable('seasons', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  guid: uuid('guid').notNull(),
  name: text('name').notNull(),
  year: integer('year').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
});

export const scoreSheets = pgTable('score_sheets', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  name: text('name').notNull(),
  definition: jsonb('definition').$type<ScoreSheet>().notNull(),
  /** the catalogue sheet this is a copy of (domain/score-sheets/catalogue.ts); null for a circuit's own sheet */
  catalogueKey: text('catalogue_key'),
});

export const divisions = pgTable('divisions', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  name: text('name').notNull(),
  initials: text('initials').notNull(),
  groupTypeId: integer('group_type_id').notNull(),
  scoreSheetId: integer('score_sheet_id'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** false closes this division to anonymous reads even when its organization is open */
  programmaticAccess: boolean('programmatic_access').notNull().default(true),
});

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  guid: uuid('guid').notNull(),
  name: text('name').notNull(),
  location: text('location').notNull().default(''),
  circuitId: text('circuit_id').notNull().default(''),
  divisionId: integer('division_id').notNull(),
  groupTypeId: integer('group_type_id').notNull(),
  active: boolean('active').notNull().default(true),
  pending: boolean('pending').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const events = pgTable('events', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  guid: uuid('guid').notNull(),
  seasonId: integer('season_id').notNull(),
  name: text('name').notNull(),
  location: text('location').notNull().default(''),
  eventTypeId: integer('event_type_id').notNull(),
  practice: boolean('practice').notNull().default(false),
  videoEnabled: boolean('video_enabled').notNull().default(false),
  commentaryEnabled: boolean('commentary_enabled').notNull().default(false),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const competitions = pgTable('competitions', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  eventId: integer('event_id').notNull(),
  guid: uuid('guid').notNull(),
  name: text('name').notNull(),
  startsAt: ts('starts_at').notNull(),
  chiefJudge: text('chief_judge').notNull().default(''),
  orgCompetitionId: text('org_competition_id').notNull().default(''),
  groupTypeId: integer('group_type_id').notNull(),
  categoryRecapReleased: boolean('category_recap_released').notNull().default(false),
  recapReleased: boolean('recap_released').notNull().default(false),
});

export const rounds = pgTable('rounds', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  competitionId: integer('competition_id').notNull(),
  number: integer('number').notNull(),
  name: text('name').notNull().default(''),
  scoresReleased: boolean('scores_released').notNull().default(false),
});

export const panelJudges = pgTable('panel_judges', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  roundId: integer('round_id').notNull(),
  divisionId: integer('division_id').notNull(),
  captionKey: text('caption_key').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** the judge user who enters this caption (GET /me/seats); null for a seat known by its printed name only */
  userId: integer('user_id'),
});

export const roundSheets = pgTable('round_sheets', {
  roundId: integer('round_id').notNull(),
  divisionId: integer('division_id').notNull(),
  orgId: integer('org_id').notNull(),
  definition: jsonb('definition').$type<ScoreSheet>().notNull(),
});

export const performances = pgTable('performances', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  roundId: integer('round_id').notNull(),
  divisionId: integer('division_id').notNull(),
  groupId: integer('group_id').notNull(),
  performsAt: ts('performs_at'),
  performanceOrder: integer('performance_order').notNull().default(0),
  performed: boolean('performed').notNull().default(true),
  noScoreReason: text('no_score_reason').notNull().default(''),
  penaltyThousandths: integer('penalty_thousandths').notNull().default(0),
  result: jsonb('result').$type<PerformanceResult>(),
});

export const subcaptionScores = pgTable('subcaption_scores', {
  performanceId: integer('performance_id').notNull(),
  captionKey: text('caption_key').notNull(),
  subcaptionKey: text('subcaption_key').notNull(),
  scoreThousandths: integer('score_thousandths').notNull(),
});

/**
 * A caption entry's state and version (docs/decisions/080-entry-states-and-conflicts.md): a draft's numbers are in
 * subcaption_scores but are not tabulated. No row, with numbers, is a submitted entry at version 1 (imported).
 */
export const scoreEntries = pgTable('score_entries', {
  performanceId: integer('performance_id').notNull(),
  captionKey: text('caption_key').notNull(),
  orgId: integer('org_id').notNull(),
  state: text('state').$type<EntryState>().notNull(),
  version: integer('version').notNull(),
  /** who wrote it last */
  actor: jsonb('actor').$type<AuditActor>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const penalties = pgTable('penalties', {
  id: serial('id').primaryKey(),
  performanceId: integer('performance_id').notNull(),
  amountThousandths: integer('amount_thousandths').notNull(),
  reason: text('reason').notNull().default(''),
});

/** A division and round's running order as drawn (issue 40): only ever added, the latest the current one. */
export const draws = pgTable('draws', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  guid: uuid('guid').notNull(),
  roundId: integer('round_id').notNull(),
  divisionId: integer('division_id').notNull(),
  record: jsonb('record').$type<DrawRecord>().notNull(),
  drawnBy: jsonb('drawn_by').$type<AuditActor>().notNull(),
  drawnAt: ts('drawn_at').notNull().defaultNow(),
});

/** A division and round's own release and sign-off (decision 082); `released` null follows its round's. */
export const sectionReviews = pgTable('section_reviews', {
  roundId: integer('round_id').notNull(),
  divisionId: integer('division_id').notNull(),
  orgId: integer('org_id').notNull(),
  released: boolean('released'),
  signedOffAt: ts('signed_off_at'),
  signedOffBy: jsonb('signed_off_by').$type<AuditActor>(),
});

/** What a correction changed: a caption's lines, a performance's penalty, or whether it performed (decision 084). */
export type CorrectedNumbers =
  { scores: { subcaptionKey: string; score: number }[] } | { penalty: number } | { performed: boolean };

/** A change to a released section's numbers, published as a correction (decision 083). */
export const scoreCorrections = pgTable('score_corrections', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  roundId: integer('round_id').notNull(),
  divisionId: integer('division_id').notNull(),
  performanceId: integer('performance_id').notNull(),
  captionKey: text('caption_key'),
  at: ts('at').notNull().defaultNow(),
  reason: text('reason').notNull(),
  before: jsonb('before').$type<CorrectedNumbers>().notNull(),
  after: jsonb('after').$type<CorrectedNumbers>().notNull(),
});

export * from './commentary-schema.js';
export * from './schedule-schema.js';
export * from './registration-schema.js';
export * from './critique-schema.js';
