import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { divisions, groups } from '../schema.js';
import { RuleViolation } from './errors.js';
import { orgWrite, requireOwned, requireText } from './support.js';

export interface GroupInput {
  name: string;
  /** "City, ST" */
  location?: string;
  /** the circuit's own registration number (numeric text) */
  circuitId?: string;
  divisionId: number;
  active?: boolean;
  pending?: boolean;
  guid?: string;
}

export type GroupPatch = Partial<Omit<GroupInput, 'guid'>>;
export type GroupRow = typeof groups.$inferSelect;

function checkCircuitId(circuitId: string | undefined): string {
  const value = (circuitId ?? '').trim();
  if (value !== '' && !/^\d+$/.test(value)) throw new RuleViolation('circuitId', 'circuitId must be numeric text');
  return value;
}

/** A group's type always follows its division's. */
export async function createGroup(db: DbOrTx, orgId: number, input: GroupInput): Promise<GroupRow> {
  const name = requireText('name', input.name);
  const circuitId = checkCircuitId(input.circuitId);
  return orgWrite(db, orgId, async (tx) => {
    const division = await requireOwned(tx, divisions, 'division', orgId, input.divisionId);
    const [row] = await tx
      .insert(groups)
      .values({
        orgId,
        guid: input.guid ?? randomUUID(),
        name,
        location: (input.location ?? '').trim(),
        circuitId,
        divisionId: division.id,
        groupTypeId: division.groupTypeId,
        active: input.active ?? true,
        pending: input.pending ?? false,
      })
      .returning();
    return row;
  });
}

export async function updateGroup(
  db: DbOrTx,
  orgId: number,
  input: { groupId: number } & GroupPatch,
): Promise<GroupRow> {
  const changes: Partial<typeof groups.$inferInsert> = {};
  if (input.name !== undefined) changes.name = requireText('name', input.name);
  if (input.location !== undefined) changes.location = input.location.trim();
  if (input.circuitId !== undefined) changes.circuitId = checkCircuitId(input.circuitId);
  if (input.active !== undefined) changes.active = input.active;
  if (input.pending !== undefined) changes.pending = input.pending;
  return orgWrite(db, orgId, async (tx) => {
    const group = await requireOwned(tx, groups, 'group', orgId, input.groupId);
    if (input.divisionId !== undefined) {
      const division = await requireOwned(tx, divisions, 'division', orgId, input.divisionId);
      changes.divisionId = division.id;
      changes.groupTypeId = division.groupTypeId;
    }
    if (Object.keys(changes).length === 0) return group;
    const [row] = await tx.update(groups).set(changes).where(eq(groups.id, group.id)).returning();
    return row;
  });
}
