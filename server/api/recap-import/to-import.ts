/**
 * A recap page to what the database stores: the page's sections, each with its score sheet (derived from the
 * printed numbers: `section-sheet.ts`, and proven against them: `confirm-sheet.ts`), its judges and its groups' raw
 * scores and penalties (`section-performances.ts`). The types of the result are in `imported-recap.ts`.
 */
import type { ImportedRecap, ImportedSection, SkippedSection } from './imported-recap.js';
import { importSection } from './import-section.js';
import { parseRecapPage, type ParsedRecapPage, type ParsedSection } from './parse-recap.js';
import { collectPageRows, scoredState } from './printed-numbers.js';

export type {
  ImportedJudge,
  ImportedPerformance,
  ImportedRecap,
  ImportedSection,
  PublishedCategory,
  PublishedNumbers,
  PublishedRanked,
  SkippedSection,
} from './imported-recap.js';

/** Parses and imports a recap page in one step. `source` names the page in error messages. */
export function importRecapHtml(html: string, source = 'recap page'): ImportedRecap {
  return toImportedRecap(parseRecapPage(html, source), source);
}

/**
 * Turns a parsed page into score sheets, raw scores and penalties, and proves the sheet by re-tabulating every
 * section and comparing every subcaption, caption, panel, category, subtotal and total number and rank with the
 * published ones. Throws `RecapImportError` on the first thing it cannot read or reproduce; it never returns part
 * of a page.
 */
export function toImportedRecap(page: ParsedRecapPage, source = 'recap page'): ImportedRecap {
  const pageRows = collectPageRows(page, source);
  const sections: ImportedSection[] = [];
  const skippedSections: SkippedSection[] = [];
  const seenPerDivision = new Map<string, number>();
  for (const section of page.sections) {
    const ordinal = (seenPerDivision.get(section.divisionName) ?? 0) + 1;
    seenPerDivision.set(section.divisionName, ordinal);
    const where = `${source}, section ${section.index} (${section.divisionName || 'no division name'}${
      section.roundLabel ? `, ${section.roundLabel}` : ''
    })`;
    const skipped = skipReason(section, where);
    if (skipped === null) sections.push(importSection(section, ordinal, pageRows, where));
    else skippedSections.push({ divisionName: section.divisionName, roundName: section.roundLabel, reason: skipped });
  }
  return {
    title: page.title,
    location: page.location,
    date: page.date,
    chiefJudge: page.chiefJudge,
    sections,
    skippedSections,
  };
}

/** Why a section is left out, or null: festival sections publish words, and some list groups without scores. */
function skipReason(section: ParsedSection, where: string): string | null {
  if (section.scoring === 'ratings') return 'festival section: published ratings are words ("Excellent"), not scores';
  if (!section.groups.some((group, g) => scoredState(group, `${where}, row ${g + 1}`).performed)) {
    return 'no scores published: every group is listed without scores';
  }
  return null;
}
