/**
 * Bulk set-up of an organization's seasons, score sheets, divisions and groups in one transaction with one
 * multi-row INSERT per table (the sample circuit and imports of a whole registration list).
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../database.js';
import * as t from '../schema.js';
import type { ScoreSheet } from '../../tabulation/types.js';
import { RuleViolation } from './errors.js';
import { checkSheet } from './sheet-rules.js';
import { orgWrite, requireDate, requireText } from './support.js';

export interface RosterInput {
  seasons: { name: string; year: number; startDate: string; endDate: string }[];
  divisions: { name: string; initials: string; groupTypeId: number; sheet: ScoreSheet; sortOrder: number }[];
  groups: {
    name: string;
    location: string;
    circuitId: string;
    divisionName: string;
    active: boolean;
    pending: boolean;
  }[];
}

export interface LoadedRoster {
  /** season name -> id */
  seasonIds: Map<string, number>;
  /** division name -> id */
  divisionIds: Map<string, number>;
  groups: number;
}

export async function loadRoster(
  db: DbOrTx,
  orgId: number,
  input: RosterInput,
  options: { newGuid?: () => string } = {},
): Promise<LoadedRoster> {
  const newGuid = options.newGuid ?? randomUUID;
  input.seasons.forEach((season, i) => {
    requireText(`seasons[${i}].name`, season.name);
    requireDate(`seasons[${i}].startDate`, season.startDate);
    requireDate(`seasons[${i}].endDate`, season.endDate);
  });
  input.divisions.forEach((division, i) => checkSheet(`divisions[${i}].sheet`, division.sheet));
  // One write unit (support.ts): a savepoint in a caller's transaction, the organization's version bumped once.
  return orgWrite(db, orgId, async (tx) => {
    const seasonIds = new Map<string, number>();
    if (input.seasons.length > 0) {
      const rows = await tx
        .insert(t.seasons)
        .values(input.seasons.map((season) => ({ orgId, guid: newGuid(), ...season })))
        .returning({ id: t.seasons.id, name: t.seasons.name });
      for (const row of rows) seasonIds.set(row.name, row.id);
    }

    // Divisions judged on the same sheet share one score sheet row.
    const sheets = [...new Set(input.divisions.map((division) => division.sheet))];
    const sheetRows =
      sheets.length === 0
        ? []
        : await tx
            .insert(t.scoreSheets)
            .values(sheets.map((sheet) => ({ orgId, name: sheet.name, definition: sheet })))
            .returning({ id: t.scoreSheets.id });
    const sheetIds = new Map(sheets.map((sheet, i) => [sheet, sheetRows[i].id]));
    const divisionIds = new Map<string, number>();
    const groupTypeOf = new Map<string, number>();
    if (input.divisions.length > 0) {
      const rows = await tx
        .insert(t.divisions)
        .values(
          input.divisions.map((division) => ({
            orgId,
            name: division.name,
            initials: division.initials,
            groupTypeId: division.groupTypeId,
            scoreSheetId: sheetIds.get(division.sheet)!,
            sortOrder: division.sortOrder,
          })),
        )
        .returning({ id: t.divisions.id, name: t.divisions.name, groupTypeId: t.divisions.groupTypeId });
      for (const row of rows) {
        divisionIds.set(row.name, row.id);
        groupTypeOf.set(row.name, row.groupTypeId);
      }
    }

    const groups = input.groups.map((group, i) => {
      const divisionId = divisionIds.get(group.divisionName);
      if (divisionId === undefined)
        throw new RuleViolation(`groups[${i}].divisionName`, `unknown division "${group.divisionName}"`);
      return {
        orgId,
        guid: newGuid(),
        name: requireText(`groups[${i}].name`, group.name),
        location: group.location,
        circuitId: group.circuitId,
        divisionId,
        groupTypeId: groupTypeOf.get(group.divisionName)!,
        active: group.active,
        pending: group.pending,
      };
    });
    for (let start = 0; start < groups.length; start += 2000) {
      await tx.insert(t.groups).values(groups.slice(start, start + 2000));
    }
    return { seasonIds, divisionIds, groups: groups.length };
  });
}
