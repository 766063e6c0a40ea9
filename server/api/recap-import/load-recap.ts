import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import { competitions } from '../db/schema.js';
import { loadCompetition } from '../db/write/load-competition.js';
import { RecapImportError } from './errors.js';
import { importRecapHtml, type ImportedRecap, type SkippedSection } from './to-import.js';
import { inferGroupType } from './group-type.js';

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

/**
 * Reads every page before writing anything: one unreadable page stops the whole import with its reason, so an
 * import is never partial. Then loads each page (event, competition, rounds, divisions, groups, judges, scores,
 * penalties, all released) in one transaction. A page already imported into the organization is refused.
 */
export async function loadRecaps(db: DbOrTx, orgId: number, files: RecapFile[], options: RecapLoadOptions = {}): Promise<LoadedRecap[]> {
  const pages = files.map((file) => {
    const recap = importRecapHtml(file.html, file.name);
    const date = recap.date ?? options.date;
    if (!date) throw new RecapImportError(`${file.name}: the page prints no event date; give one with --date YYYY-MM-DD`);
    if (recap.sections.length === 0) throw new RecapImportError(`${file.name}: the page has no scored section to import`);
    return { file, recap, date, pageId: path.basename(file.name).replace(/\.html?(\.gz)?$/i, '') };
  });
  return db.transaction(async (tx) => {
    const loaded: LoadedRecap[] = [];
    for (const { file, recap, date, pageId } of pages) {
      const [existing] = await tx
        .select({ id: competitions.id })
        .from(competitions)
        .where(and(eq(competitions.orgId, orgId), eq(competitions.orgCompetitionId, pageId)));
      if (existing) throw new RecapImportError(`${file.name}: already imported into this organization (competition ${existing.id})`);
      loaded.push(await loadPage(tx, orgId, file.name, pageId, recap, date, options));
    }
    return loaded;
  });
}

async function loadPage(tx: DbOrTx, orgId: number, fileName: string, pageId: string, recap: ImportedRecap, date: string, options: RecapLoadOptions): Promise<LoadedRecap> {
  const sectionTypes = recap.sections.map((section) => options.groupTypeId ?? inferGroupType(section));
  const title = recap.title || `Imported recap ${pageId}`;
  const result = await loadCompetition(tx, orgId, {
    title,
    location: recap.location,
    date,
    chiefJudge: recap.chiefJudge,
    groupTypeId: mostCommon(sectionTypes),
    released: true,
    competition: { orgCompetitionId: pageId },
    sections: recap.sections.map((section, index) => ({
      ...section,
      groupTypeId: sectionTypes[index],
      performances: section.performances.map((performance) => ({ ...performance, noScoreReason: performance.noScoreReason ?? '' })),
    })),
  });
  return {
    file: fileName,
    eventId: result.eventId,
    competitionId: result.competitionId,
    title,
    date,
    sections: recap.sections.length,
    performances: result.performances,
    createdGroups: result.createdGroups,
    skippedSections: recap.skippedSections,
  };
}

function mostCommon(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}
