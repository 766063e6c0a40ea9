import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { events, eventTypes, seasons } from '../schema.js';
import { RuleViolation } from './errors.js';
import { orgWrite, requireDate, requireOwned, requireText } from './support.js';

export interface EventInput {
  seasonId: number;
  name: string;
  location?: string;
  /** see the event_types reference list (1 Regular Season, 2 Championship, 3 Practice ...) */
  eventTypeId: number;
  practice?: boolean;
  videoEnabled?: boolean;
  commentaryEnabled?: boolean;
  /** yyyy-mm-dd */
  startDate: string;
  guid?: string;
}

export type EventRow = typeof events.$inferSelect;

export async function createEvent(db: DbOrTx, orgId: number, input: EventInput): Promise<EventRow> {
  const name = requireText('name', input.name);
  const startDate = requireDate('startDate', input.startDate);
  return orgWrite(db, orgId, async (tx) => {
    await requireOwned(tx, seasons, 'season', orgId, input.seasonId);
    const type = await tx.select({ id: eventTypes.id }).from(eventTypes).where(eq(eventTypes.id, input.eventTypeId));
    if (type.length === 0) throw new RuleViolation('eventTypeId', `unknown event type ${input.eventTypeId}`);
    const [row] = await tx
      .insert(events)
      .values({
        orgId,
        guid: input.guid ?? randomUUID(),
        seasonId: input.seasonId,
        name,
        location: (input.location ?? '').trim(),
        eventTypeId: input.eventTypeId,
        practice: input.practice ?? false,
        videoEnabled: input.videoEnabled ?? false,
        commentaryEnabled: input.commentaryEnabled ?? false,
        startDate,
      })
      .returning();
    return row;
  });
}

export type EventPatch = Partial<Omit<EventInput, 'guid'>>;

/** Changes an event's fields; its competitions, performances and scores stay as they are. */
export async function updateEvent(
  db: DbOrTx,
  orgId: number,
  input: { eventId: number } & EventPatch,
): Promise<EventRow> {
  const changes: Partial<typeof events.$inferInsert> = {};
  if (input.name !== undefined) changes.name = requireText('name', input.name);
  if (input.location !== undefined) changes.location = input.location.trim();
  if (input.startDate !== undefined) changes.startDate = requireDate('startDate', input.startDate);
  if (input.practice !== undefined) changes.practice = input.practice;
  if (input.videoEnabled !== undefined) changes.videoEnabled = input.videoEnabled;
  if (input.commentaryEnabled !== undefined) changes.commentaryEnabled = input.commentaryEnabled;
  return orgWrite(db, orgId, async (tx) => {
    const event = await requireOwned(tx, events, 'event', orgId, input.eventId);
    if (input.seasonId !== undefined)
      changes.seasonId = (await requireOwned(tx, seasons, 'season', orgId, input.seasonId)).id;
    if (input.eventTypeId !== undefined) {
      const type = await tx.select({ id: eventTypes.id }).from(eventTypes).where(eq(eventTypes.id, input.eventTypeId));
      if (type.length === 0) throw new RuleViolation('eventTypeId', `unknown event type ${input.eventTypeId}`);
      changes.eventTypeId = input.eventTypeId;
    }
    if (Object.keys(changes).length === 0) return event;
    const [row] = await tx.update(events).set(changes).where(eq(events.id, event.id)).returning();
    return row;
  });
}
