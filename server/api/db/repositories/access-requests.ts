/**
 * "Find my group" (decision 133): a person's request for an account of a group, kept until the circuit decides and
 * after, with who decided and why. Bounded: one pending request per email and group, and at most
 * PENDING_REQUESTS_MAX pending in an organization.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { GroupRole } from '../../../../domain/roles.js';
import type { DbOrTx } from '../database.js';
import { accessRequests, groups, users, type AccessRequestState } from '../schema.js';
import { normalizeEmail } from './users.js';

/** Far above what a circuit's directors send in a season, far below what would fill the database. */
export const PENDING_REQUESTS_MAX = 500;

export interface AccessRequest {
  id: number;
  group: { id: number; name: string };
  email: string;
  firstName: string;
  lastName: string;
  role: GroupRole;
  message: string;
  createdAt: Date;
  state: AccessRequestState;
  decidedAt: Date | null;
  decidedBy: { id: number; email: string } | null;
  reason: string;
}

const columns = {
  id: accessRequests.id,
  group: { id: groups.id, name: groups.name },
  email: accessRequests.email,
  firstName: accessRequests.firstName,
  lastName: accessRequests.lastName,
  role: accessRequests.role,
  message: accessRequests.message,
  createdAt: accessRequests.createdAt,
  state: accessRequests.state,
  decidedAt: accessRequests.decidedAt,
  decidedById: accessRequests.decidedBy,
  decidedByEmail: users.email,
  reason: accessRequests.reason,
};

function requestOf({ decidedById, decidedByEmail, ...row }: Awaited<ReturnType<typeof select>>[number]) {
  return {
    ...row,
    decidedBy: decidedById !== null && decidedByEmail !== null ? { id: decidedById, email: decidedByEmail } : null,
  } satisfies AccessRequest;
}

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(accessRequests)
    .innerJoin(groups, eq(groups.id, accessRequests.groupId))
    .leftJoin(users, eq(users.id, accessRequests.decidedBy))
    .$dynamic();
}

/**
 * Stores a request, unless the same email already waits for the same group (`duplicate`: the person is told what
 * a new request is told) or the organization has too many waiting (`full`). The group must be the organization's.
 */
export async function insertAccessRequest(
  db: DbOrTx,
  input: {
    orgId: number;
    groupId: number;
    email: string;
    firstName: string;
    lastName: string;
    role: GroupRole;
    message: string;
  },
): Promise<'created' | 'duplicate' | 'full' | 'unknown-group'> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.orgId, input.orgId), eq(groups.id, input.groupId)));
    if (!group) return 'unknown-group';
    const pending = and(eq(accessRequests.orgId, input.orgId), eq(accessRequests.state, 'pending'));
    const [same] = await tx
      .select({ id: accessRequests.id })
      .from(accessRequests)
      .where(and(pending, eq(accessRequests.email, email), eq(accessRequests.groupId, input.groupId)))
      .limit(1);
    if (same) return 'duplicate';
    const [{ waiting }] = await tx.select({ waiting: count() }).from(accessRequests).where(pending);
    if (waiting >= PENDING_REQUESTS_MAX) return 'full';
    await tx.insert(accessRequests).values({ ...input, email });
    return 'created';
  });
}

/** The organization's requests in one state: waiting ones oldest first (first come), decided ones newest first. */
export async function listAccessRequests(
  db: DbOrTx,
  orgId: number,
  state: AccessRequestState,
): Promise<AccessRequest[]> {
  const rows = await select(db)
    .where(and(eq(accessRequests.orgId, orgId), eq(accessRequests.state, state)))
    .orderBy(state === 'pending' ? asc(accessRequests.id) : desc(accessRequests.decidedAt), desc(accessRequests.id))
    .limit(PENDING_REQUESTS_MAX);
  return rows.map(requestOf);
}

export async function findAccessRequest(db: DbOrTx, orgId: number, id: number): Promise<AccessRequest | undefined> {
  const [row] = await select(db).where(and(eq(accessRequests.orgId, orgId), eq(accessRequests.id, id)));
  return row && requestOf(row);
}

/** Records the circuit's decision on a waiting request; false when it was decided already. */
export async function decideAccessRequest(
  db: DbOrTx,
  input: { orgId: number; id: number; state: 'approved' | 'refused'; decidedBy: number | null; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(accessRequests)
    .set({ state: input.state, decidedAt: new Date(), decidedBy: input.decidedBy, reason: input.reason })
    .where(
      and(eq(accessRequests.orgId, input.orgId), eq(accessRequests.id, input.id), eq(accessRequests.state, 'pending')),
    )
    .returning({ id: accessRequests.id });
  return rows.length > 0;
}
