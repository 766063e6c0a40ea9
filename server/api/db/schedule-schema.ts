/**
 * Drizzle tables of the schedule builder (migrations/0016_schedules.sql; decision 138); schema.ts exports them with
 * the others.
 */
import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TemplateStep } from '../../../domain/schedule/itinerary.js';
import type { StoredPlan, StoredTimedItem } from '../../../domain/schedule/stored.js';
import type { AuditActor as Actor } from './audit-actor.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const scheduleDrafts = pgTable('schedule_drafts', {
  competitionId: integer('competition_id').primaryKey(),
  orgId: integer('org_id').notNull(),
  plan: jsonb('plan').$type<StoredPlan>().notNull(),
  savedBy: jsonb('saved_by').$type<Actor>().notNull(),
  savedAt: ts('saved_at').notNull().defaultNow(),
});

export const scheduleVersions = pgTable('schedule_versions', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  competitionId: integer('competition_id').notNull(),
  number: integer('number').notNull(),
  plan: jsonb('plan').$type<StoredPlan>().notNull(),
  items: jsonb('items').$type<StoredTimedItem[]>().notNull(),
  reason: text('reason').notNull().default(''),
  publishedBy: jsonb('published_by').$type<Actor>().notNull(),
  publishedAt: ts('published_at').notNull().defaultNow(),
});

/** A division's template of logistical steps at a competition (migrations/0017_itinerary_templates.sql; decision 141). */
export const itineraryTemplates = pgTable(
  'itinerary_templates',
  {
    competitionId: integer('competition_id').notNull(),
    divisionId: integer('division_id').notNull(),
    orgId: integer('org_id').notNull(),
    steps: jsonb('steps').$type<TemplateStep[]>().notNull(),
    savedBy: jsonb('saved_by').$type<Actor>().notNull(),
    savedAt: ts('saved_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.competitionId, table.divisionId] })],
);
