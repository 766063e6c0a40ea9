/**
 * Drizzle tables of critique sign-up (migrations/0015_critique.sql; decision 137); schema.ts exports them with the
 * others.
 */
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { CritiqueMode } from '../../../domain/critique/slots.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const critiques = pgTable('critiques', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  roundId: integer('round_id').notNull(),
  divisionId: integer('division_id').notNull(),
  stations: jsonb('stations').$type<string[]>().notNull(),
  slotMinutes: integer('slot_minutes').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  mode: text('mode').$type<CritiqueMode>().notNull(),
});

export const critiqueSlots = pgTable('critique_slots', {
  critiqueId: integer('critique_id').notNull(),
  orgId: integer('org_id').notNull(),
  groupId: integer('group_id').notNull(),
  slot: integer('slot').notNull(),
  takenAt: ts('taken_at').notNull().defaultNow(),
});
