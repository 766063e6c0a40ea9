import type { DbOrTx } from '../database.js';
import { scoreSheets } from '../schema.js';
import type { ScoreSheet } from '../../tabulation/types.js';
import { checkSheet } from './sheet-rules.js';
import { orgWrite, requireText } from './support.js';

export interface ScoreSheetInput {
  name: string;
  definition: ScoreSheet;
}

export type ScoreSheetRow = typeof scoreSheets.$inferSelect;

export async function createScoreSheet(db: DbOrTx, orgId: number, input: ScoreSheetInput): Promise<ScoreSheetRow> {
  const name = requireText('name', input.name);
  checkSheet('definition', input.definition);
  return orgWrite(db, orgId, async (tx) => {
    const [row] = await tx.insert(scoreSheets).values({ orgId, name, definition: input.definition }).returning();
    return row;
  });
}
