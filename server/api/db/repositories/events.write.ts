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
