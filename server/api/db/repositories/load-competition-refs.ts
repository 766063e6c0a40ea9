/**
 * What a loaded competition refers to, found by name in the organization or created: its season, group types,
 * divisions and groups.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../database.js';
import * as t from '../schema.js';
import { initialsOf } from '../../../../domain/name-keys.js';
import { RuleViolation } from './errors.js';
import type { LoadCompetitionInput } from './load-competition-input.js';
import { chunks } from './load-competition-rows.js';
import { requireOwned } from './support.js';

/** The season the competition is filed under, found or created (see `LoadCompetitionInput.seasonId`). */
export async function resolveSeason(
  tx: Tx,
  orgId: number,
  input: LoadCompetitionInput,
  newGuid: () => string,
): Promise<number> {
  if (input.event?.id) {
    const event = await requireOwned(tx, t.events, 'event', orgId, input.event.id);
    return event.seasonId;
  }
  if (input.seasonId !== undefined) return (await requireOwned(tx, t.seasons, 'season', orgId, input.seasonId)).id;
  const where =
    input.seasonYear !== undefined
      ? and(eq(t.seasons.orgId, orgId), eq(t.seasons.year, input.seasonYear))
      : and(eq(t.seasons.orgId, orgId), lte(t.seasons.startDate, input.date), gte(t.seasons.endDate, input.date));
  const found = await tx.select({ id: t.seasons.id }).from(t.seasons).where(where).limit(1);
  if (found.length > 0) return found[0].id;
  // An import from a season the organization has not set up yet files it under a calendar-year season.
  const year = input.seasonYear ?? Number(input.date.slice(0, 4));
  const name = `${year} Season`;
  const [row] = await tx
    .insert(t.seasons)
    .values({ orgId, guid: newGuid(), name, year, startDate: `${year}-01-01`, endDate: `${year}-12-31` })
    .onConflictDoUpdate({ target: [t.seasons.orgId, t.seasons.name], set: { year: sql`${t.seasons.year}` } })
    .returning({ id: t.seasons.id });
  return row.id;
}

/** Names of the group types, by id, in one query; an unknown id is refused like `requireGroupType` refuses it. */
export async function requireGroupTypes(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select({ id: t.groupTypes.id, name: t.groupTypes.name })
    .from(t.groupTypes)
    .where(inArray(t.groupTypes.id, wanted));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const unknown = wanted.find((id) => !names.has(id));
  if (unknown !== undefined) throw new RuleViolation('groupTypeId', `unknown group type ${unknown}`);
  return names;
}

export interface DivisionRef {
  id: number;
  groupTypeId: number;
}

/** Divisions by name within the organization; a missing one is created with the section's sheet as its sheet. */
export async function findOrCreateDivisions(
  tx: Tx,
  orgId: number,
  input: LoadCompetitionInput,
): Promise<{ divisions: Map<string, DivisionRef>; created: number }> {
  const names = [...new Set(input.sections.map((section) => section.divisionName))];
  const found = await tx
    .select({ id: t.divisions.id, name: t.divisions.name, groupTypeId: t.divisions.groupTypeId })
    .from(t.divisions)
    .where(and(eq(t.divisions.orgId, orgId), inArray(t.divisions.name, names)));
  const divisions = new Map<string, DivisionRef>(found.map((row) => [row.name, row]));
  const toCreate = names
    .filter((name) => !divisions.has(name))
    .map((name) => input.sections.find((section) => section.divisionName === name)!);
  if (toCreate.length === 0) return { divisions, created: 0 };

  const sheets = await tx
    .insert(t.scoreSheets)
    .values(toCreate.map((section) => ({ orgId, name: section.sheet.name, definition: section.sheet })))
    .returning({ id: t.scoreSheets.id });
  const created = await tx
    .insert(t.divisions)
    .values(
      toCreate.map((section, i) => ({
        orgId,
        name: section.divisionName,
        initials: initialsOf(section.divisionName),
        groupTypeId: section.groupTypeId ?? input.groupTypeId,
        scoreSheetId: sheets[i].id,
        sortOrder: 1000 + i,
      })),
    )
    .returning({ id: t.divisions.id, name: t.divisions.name, groupTypeId: t.divisions.groupTypeId });
  for (const row of created) divisions.set(row.name, row);
  return { divisions, created: created.length };
}

/** Groups are one per name and group type (see `findOrCreateGroups`). */
export function groupKey(name: string, groupTypeId: number): string {
  return `${groupTypeId}:${name}`;
}

/**
 * Groups by name and group type within the organization (the same school fields a guard and a drum line); a
 * missing group is created in the division it performs in.
 */
export async function findOrCreateGroups(
  tx: Tx,
  orgId: number,
  input: LoadCompetitionInput,
  divisions: Map<string, DivisionRef>,
  newGuid: () => string,
): Promise<{ groupIds: Map<string, number>; created: number }> {
  const names = [...new Set(input.sections.flatMap((section) => section.performances.map((p) => p.groupName)))];
  const groupIds = new Map<string, number>();
  if (names.length === 0) return { groupIds, created: 0 };
  const found = await tx
    .select({ id: t.groups.id, name: t.groups.name, groupTypeId: t.groups.groupTypeId })
    .from(t.groups)
    .where(and(eq(t.groups.orgId, orgId), inArray(t.groups.name, names)))
    .orderBy(t.groups.id);
  for (const row of found) {
    const key = groupKey(row.name, row.groupTypeId);
    if (!groupIds.has(key)) groupIds.set(key, row.id);
  }
  const missing = new Map<string, typeof t.groups.$inferInsert>();
  for (const section of input.sections) {
    const division = divisions.get(section.divisionName)!;
    for (const performance of section.performances) {
      const key = groupKey(performance.groupName, division.groupTypeId);
      if (groupIds.has(key) || missing.has(key)) continue;
      missing.set(key, {
        orgId,
        guid: newGuid(),
        name: performance.groupName.trim(),
        location: performance.groupLocation.trim(),
        divisionId: division.id,
        groupTypeId: division.groupTypeId,
      });
    }
  }
  const keys = [...missing.keys()];
  for (const slice of chunks(keys)) {
    const rows = await tx
      .insert(t.groups)
      .values(slice.map((key) => missing.get(key)!))
      .returning({ id: t.groups.id });
    slice.forEach((key, i) => groupIds.set(key, rows[i].id));
  }
  return { groupIds, created: keys.length };
}
