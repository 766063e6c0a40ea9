/** Plumbing shared by the write repositories: transactions, ownership checks, thousandths. */
import { and, eq } from 'drizzle-orm';
import { calendarDateInstant, isIsoDate } from '../../../../domain/calendar-date.js';
import type { DbOrTx, Tx } from '../database.js';
import * as t from '../schema.js';
import { isRetryableConflict } from '../failures.js';
import { NotFoundError, RuleViolation } from './errors.js';
import { bumpOrgVersion } from './org-version.js';

/** How many times a unit runs when the database picks it as a deadlock or serialization victim. */
const ATTEMPTS = 4;

/**
 * Runs one write as a unit: its own transaction on a Db, a savepoint inside a caller's transaction (so a failed
 * write never leaves half of itself in the caller's transaction).
 *
 * The unit's first statement bumps the organization's version, which takes that row's lock: every write of the
 * organization waits there, before it reads anything, until the one ahead commits, so a re-tabulation always reads
 * every score committed before it (under READ COMMITTED each later statement sees them) and no two units update
 * the same results in a different order (docs/decisions/006-tabulate-on-write.md, "Corrected"). A unit the
 * database still picks as a deadlock or serialization victim (40P01, 40001) is rolled back to its start, which
 * releases what it locked, and run again, a bounded number of times, so the client never sees the conflict.
 */
export async function orgWrite<T>(db: DbOrTx, orgId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await bumpOrgVersion(tx, orgId);
        return work(tx);
      });
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      // a little jitter, so two victims of one conflict do not meet again at once
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}

/**
 * The timestamp of a competition known only by its day (YYYY-MM-DD, as a recap prints it): that day at 12:00 UTC,
 * which is the same calendar day from UTC-11 to UTC+11, and the mark by which clients show it as a plain date
 * (docs/decisions/011-archive-import-and-calendar-dates.md).
 */
export const calendarDateTimestamp = calendarDateInstant;

/** Scores and penalties are stored as integer thousandths so sums and averages stay exact. */
export function toThousandths(value: number): number {
  return Math.round(value * 1000);
}

export function fromThousandths(value: number): number {
  return value / 1000;
}

type OwnedTable =
  | typeof t.seasons
  | typeof t.scoreSheets
  | typeof t.divisions
  | typeof t.groups
  | typeof t.events
  | typeof t.competitions
  | typeof t.rounds
  | typeof t.performances;

/** Loads a row of the organization by id; another organization's id is as missing as an unknown one. */
export async function requireOwned<T extends OwnedTable>(
  tx: DbOrTx,
  table: T,
  entity: string,
  orgId: number,
  id: number,
): Promise<T['$inferSelect']> {
  // Both assertions are tsc's need (drizzle's conditional types over a generic table); the lint's checker resolves
  // them without and calls them unnecessary.
  const rows = await tx
    .select()
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by tsc, see above
    .from(table as OwnedTable)
    .where(and(eq(table.id, id), eq(table.orgId, orgId)))
    .limit(1);
  if (rows.length === 0) throw new NotFoundError(entity, id);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by tsc, see above
  return rows[0] as T['$inferSelect'];
}

export function requireText(field: string, value: string | undefined, max = 200): string {
  const text = (value ?? '').trim();
  if (text === '') throw new RuleViolation(field, `${field} must not be empty`);
  if (text.length > max) throw new RuleViolation(field, `${field} must be at most ${max} characters`);
  return text;
}

export function requireDate(field: string, value: string): string {
  if (!isIsoDate(value)) {
    throw new RuleViolation(field, `${field} must be a date (yyyy-mm-dd)`);
  }
  return value;
}

export async function requireGroupType(tx: DbOrTx, groupTypeId: number): Promise<void> {
  const rows = await tx.select({ id: t.groupTypes.id }).from(t.groupTypes).where(eq(t.groupTypes.id, groupTypeId));
  if (rows.length === 0) throw new RuleViolation('groupTypeId', `unknown group type ${groupTypeId}`);
}
