import { and, asc, count, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { paged } from './paging.js';
import { competitions, events, eventTypes, performances, rounds } from '../schema.js';

export interface EventFilters {
  seasonId?: number;
  eventTypeId?: number;
  practice?: boolean;
  /** ISO dates, inclusive, on the event's first day */
  from?: string;
  to?: string;
  q?: string;
  /** only events in which this group performs */
  groupId?: number;
}

const eventColumns = {
  id: events.id,
  guid: events.guid,
  name: events.name,
  location: events.location,
  seasonId: events.seasonId,
  eventTypeId: events.eventTypeId,
  eventType: eventTypes.name,
  practice: events.practice,
  videoEnabled: events.videoEnabled,
  commentaryEnabled: events.commentaryEnabled,
  startDate: events.startDate,
};

export type EventRecord = Awaited<ReturnType<typeof findEvent>> & {};

function conditionsFor(orgId: number, filters: EventFilters): SQL[] {
  const conditions: SQL[] = [eq(events.orgId, orgId)];
  if (filters.seasonId !== undefined) conditions.push(eq(events.seasonId, filters.seasonId));
  if (filters.eventTypeId !== undefined) conditions.push(eq(events.eventTypeId, filters.eventTypeId));
  if (filters.practice !== undefined) conditions.push(eq(events.practice, filters.practice));
  if (filters.from) conditions.push(gte(events.startDate, filters.from));
  if (filters.to) conditions.push(lte(events.startDate, filters.to));
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(or(ilike(events.name, pattern), ilike(events.location, pattern)) as SQL);
  }
  if (filters.groupId !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${competitions}
        JOIN ${rounds} ON ${rounds.competitionId} = ${competitions.id}
        JOIN ${performances} ON ${performances.roundId} = ${rounds.id}
        WHERE ${competitions.eventId} = ${events.id} AND ${performances.groupId} = ${filters.groupId})`,
    );
  }
  return conditions;
}

export async function listEvents(
  db: DbOrTx,
  orgId: number,
  filters: EventFilters,
  page: { limit?: number; offset: number },
) {
  const where = and(...conditionsFor(orgId, filters));
  const [rows, [{ total }]] = await Promise.all([
    paged(
      db
        .select(eventColumns)
        .from(events)
        .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
        .where(where)
        .orderBy(asc(events.startDate), asc(events.id))
        .$dynamic(),
      page,
    ),
    db.select({ total: count() }).from(events).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function findEvent(db: DbOrTx, orgId: number, eventId: number) {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(and(eq(events.orgId, orgId), eq(events.id, eventId)));
  return row;
}

export async function competitionsOfEvents(db: DbOrTx, orgId: number, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return db
    .select()
    .from(competitions)
    .where(and(eq(competitions.orgId, orgId), inArray(competitions.eventId, eventIds)))
    .orderBy(asc(competitions.startsAt), asc(competitions.id));
}
