import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import { competitions } from '../db/schema.js';
import { loadCompetition } from '../db/repositories/load-competition.js';
import { RuleViolation } from '../db/repositories/errors.js';
import { RecapImportError } from './errors.js';
import { importRecapHtml, type ImportedRecap, type SkippedSection } from './to-import.js';
import { inferGroupType } from './group-type.js';
import { isGuid } from '../../../domain/guid.js';

export interface RecapFile {
  /** file name, shown in messages; a CompetitionSuite page's name is its recap guid */
  name: string;
  html: string;
}

export interface RecapLoadOptions {
  /** event date for pages that print none (YYYY-MM-DD) */
  date?: string;
  /** override the inferred group type of every section */
  groupTypeId?: number;
}

/** A page read and proven (every published number reproduced), ready to be written; its HTML is no longer needed. */
export interface CheckedRecap {
  file: string;
  /** the page's recap guid (its file name without .htm/.htm.gz), kept as the competition's orgCompetitionId */
  pageId: string;
  recap: ImportedRecap;
  date: string;
}

export interface LoadedRecap {
  file: string;
  eventId: number;
  competitionId: number;
  title: string;
  date: string;
  sections: number;
  performances: number;
  createdGroups: number;
  skippedSections: SkippedSection[];
}

/** The id a page is imported under: its file name without the folder and the .htm / .htm.gz ending. */
export function pageIdOf(fileName: string): string {
  return path.basename(fileName).replace(/\.html?(\.gz)?$/i, '');
}

/**
 * Reads one page and proves it (see `importRecapHtml`), and gives it a date: its own, or `options.date` for a page
 * that prints none. Throws `RecapImportError` with the reason when the page cannot be imported.
 */
export function checkRecap(file: RecapFile, options: RecapLoadOptions = {}): CheckedRecap {
  const recap = importRecapHtml(file.html, file.name);
  const date = recap.date ?? options.date;
  if (!date) throw new RecapImportError(`${file.name}: the page prints no event date; give one with --date YYYY-MM-DD`);
  if (recap.sections.length === 0) {
    throw new RecapImportError(
      `${file.name}: the page has no scored section to import (${recap.skippedSections.map((section) => section.reason).join('; ')})`,
    );
  }
  return { file: file.name, pageId: pageIdOf(file.name), recap, date };
}

/** Recap guids of the pages already imported into the organization. */
export async function importedPageIds(db: DbOrTx, orgId: number): Promise<Set<string>> {
  const rows = await db
    .select({ pageId: competitions.orgCompetitionId })
    .from(competitions)
    .where(eq(competitions.orgId, orgId));
  return new Set(rows.map((row) => row.pageId));
}

/**
 * Writes one checked page (event, competition, rounds, divisions, groups, judges, scores, penalties, all released)
 * in one transaction, or in a savepoint of the caller's. A page already imported into the organization is refused,
 * and so is one the write path's rules refuse (a group listed twice in a section), as `RecapImportError`s.
 */
export async function writeRecap(
  db: DbOrTx,
  orgId: number,
  page: CheckedRecap,
  options: RecapLoadOptions = {},
): Promise<LoadedRecap> {
  return db.transaction((tx) => writePage(tx, orgId, page, options));
}

async function writePage(
  db: DbOrTx,
  orgId: number,
  page: CheckedRecap,
  options: RecapLoadOptions,
): Promise<LoadedRecap> {
  const [existing] = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(and(eq(competitions.orgId, orgId), eq(competitions.orgCompetitionId, page.pageId)));
  if (existing)
    throw new RecapImportError(`${page.file}: already imported into this organization (competition ${existing.id})`);
  const guid = await publishedGuid(db, orgId, page.pageId);
  const { recap } = page;
  const sectionTypes = recap.sections.map((section) => options.groupTypeId ?? inferGroupType(section));
  const title = recap.title || `Imported recap ${page.pageId}`;
  let result;
  try {
    result = await loadCompetition(db, orgId, {
      title,
      location: recap.location,
      date: page.date,
      chiefJudge: recap.chiefJudge,
      groupTypeId: mostCommon(sectionTypes),
      released: true,
      competition: { orgCompetitionId: page.pageId, guid },
      sections: recap.sections.map((section, index) => ({
        ...section,
        groupTypeId: sectionTypes[index],
        performances: section.performances.map((performance) => ({
          ...performance,
          noScoreReason: performance.noScoreReason ?? '',
        })),
      })),
    });
  } catch (error) {
    if (error instanceof RuleViolation) throw new RecapImportError(`${page.file}: ${error.field}: ${error.message}`);
    throw error;
  }
  return {
    file: page.file,
    eventId: result.eventId,
    competitionId: result.competitionId,
    title,
    date: page.date,
    sections: recap.sections.length,
    performances: result.performances,
    createdGroups: result.createdGroups,
    skippedSections: recap.skippedSections,
  };
}

/**
 * The competition's guid: the published page's own (clients read `/2018-03/performances?c=<the page's guid>`),
 * unless the page's name is no guid or a competition of this organization already holds it (then a new one).
 * Guids are unique per organization, so another organization's copy of the page does not stand in the way.
 */
async function publishedGuid(db: DbOrTx, orgId: number, pageId: string): Promise<string | undefined> {
  if (!isGuid(pageId)) return undefined;
  const guid = pageId.toLowerCase();
  const [holder] = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(and(eq(competitions.orgId, orgId), eq(competitions.guid, guid)));
  return holder ? undefined : guid;
}

/**
 * All or nothing: reads and proves every page before writing anything (one unreadable page stops the whole import
 * with its reason), then writes them all in one transaction.
 */
export async function loadRecaps(
  db: DbOrTx,
  orgId: number,
  files: RecapFile[],
  options: RecapLoadOptions = {},
): Promise<LoadedRecap[]> {
  const pages = files.map((file) => checkRecap(file, options));
  return writeRecaps(db, orgId, pages, options);
}

/** Writes checked pages in one transaction: a page that cannot be written undoes them all. */
export async function writeRecaps(
  db: DbOrTx,
  orgId: number,
  pages: CheckedRecap[],
  options: RecapLoadOptions = {},
): Promise<LoadedRecap[]> {
  return db.transaction(async (tx) => {
    const loaded: LoadedRecap[] = [];
    for (const page of pages) loaded.push(await writeRecap(tx, orgId, page, options));
    return loaded;
  });
}

function mostCommon(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}
