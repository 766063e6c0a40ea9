import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { divisions, scoreSheets } from '../schema.js';
import { RuleViolation } from './errors.js';
import { orgWrite, requireGroupType, requireOwned, requireText } from './support.js';

export interface DivisionInput {
  name: string;
  initials: string;
  groupTypeId: number;
  /** the sheet new rounds of this division are judged on (copied into each round) */
  scoreSheetId?: number | null;
  sortOrder?: number;
}

export type DivisionRow = typeof divisions.$inferSelect;

export async function createDivision(db: DbOrTx, orgId: number, input: DivisionInput): Promise<DivisionRow> {
  const name = requireText('name', input.name);
  const initials = requireText('initials', input.initials, 20);
  return orgWrite(db, orgId, async (tx) => {
    await requireGroupType(tx, input.groupTypeId);
    if (input.scoreSheetId != null) await requireOwned(tx, scoreSheets, 'score sheet', orgId, input.scoreSheetId);
    const taken = await tx
      .select({ id: divisions.id })
      .from(divisions)
      .where(and(eq(divisions.orgId, orgId), eq(divisions.name, name)));
    if (taken.length > 0) throw new RuleViolation('name', `a division named "${name}" already exists`);
    const [row] = await tx
      .insert(divisions)
      .values({
        orgId,
        name,
        initials,
        groupTypeId: input.groupTypeId,
        scoreSheetId: input.scoreSheetId ?? null,
        sortOrder: input.sortOrder ?? 0,
      })
      .returning();
    return row;
  });
}
