/**
 * Drizzle tables of registration for contests (migrations/0014_registration.sql; decision 136); schema.ts exports
 * them with the others.
 */
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A division a competition's registration offers. */
export interface OfferedDivision {
  divisionId: number;
  capacity: number;
  feeCents: number;
}

export const REGISTRATION_STATES = ['requested', 'accepted', 'waitlisted', 'withdrawn', 'refused'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const registrationWindows = pgTable('registration_windows', {
  competitionId: integer('competition_id').primaryKey(),
  orgId: integer('org_id').notNull(),
  opensAt: ts('opens_at').notNull(),
  closesAt: ts('closes_at').notNull(),
  note: text('note').notNull().default(''),
  divisions: jsonb('divisions').$type<OfferedDivision[]>().notNull(),
});

export const registrations = pgTable('registrations', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  competitionId: integer('competition_id').notNull(),
  divisionId: integer('division_id').notNull(),
  groupId: integer('group_id').notNull(),
  state: text('state').$type<RegistrationState>().notNull(),
  reason: text('reason').notNull().default(''),
  paid: boolean('paid').notNull().default(false),
  performanceId: integer('performance_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
