/** Reading the numbers a recap page prints: as micros, by caption, and what they say about a group. */
import { parseMicros } from '../tabulation/decimal.js';
import { RecapImportError } from './errors.js';
import type { CaptionRow } from './infer-weights.js';
import type { ParsedCategory, ParsedGroup, ParsedRecapPage, PublishedNumber } from './parse-recap.js';

export function numberOf(published: PublishedNumber, where: string): number | null {
  if (published.text === '') return null;
  try {
    return parseMicros(published.text);
  } catch {
    throw new RecapImportError(`${where}: "${published.text}" is not a number`);
  }
}

/** What makes two captions the same sheet's caption, across the sections of a page. */
export function captionSignature(category: ParsedCategory, captionIndex: number): string {
  const caption = category.captions[captionIndex];
  return [category.name, caption.name, caption.subcaptions.join('/'), caption.totalHeader].join('|').toLowerCase();
}

/**
 * Rows of every caption on the page, by caption and then by section, so a section with one or two groups can borrow
 * the evidence of another judged on the same sheet.
 */
export function collectPageRows(page: ParsedRecapPage, source: string): Map<string, CaptionRow[][]> {
  const rows = new Map<string, CaptionRow[][]>();
  for (const section of page.sections) {
    if (section.scoring !== 'scores') continue;
    section.categories.forEach((category, c) => {
      category.captions.forEach((_, k) => {
        const signature = captionSignature(category, k);
        const sectionRows = section.groups.flatMap((group) => {
          const row = captionRow(group, c, k, `${source}, section ${section.index}, "${group.name}"`);
          return row ? [row] : [];
        });
        if (sectionRows.length > 0) rows.set(signature, [...(rows.get(signature) ?? []), sectionRows]);
      });
    });
  }
  return rows;
}

export function captionRow(group: ParsedGroup, category: number, caption: number, where: string): CaptionRow | null {
  const printed = group.categories[category].captions[caption];
  const raw = printed.subcaptions.map((number) => numberOf(number, where));
  if (raw.some((value) => value === null)) return null;
  const total = numberOf(printed.total ?? printed.subcaptions[0], where);
  if (total === null) return null;
  return { raw: raw as number[], total };
}

export interface ScoredState {
  performed: boolean;
  noScoreReason: string | null;
}

/**
 * A group performed when the page prints its judges' numbers. A group listed with every line blank did not
 * perform; one printed with every number 0 and every rank 0 was entered but never scored (CompetitionSuite prints
 * such rows for sections whose results were not entered). In a row with only some lines blank a judge gave no
 * number, and the page counts it as 0 (TCGC 2022: a Cadet guard without an Equipment score, its Sub Total the other
 * captions' alone); the blank line is stored as no score, which the tabulation counts as 0 too.
 */
export function scoredState(group: ParsedGroup, where: string): ScoredState {
  const lines = group.categories.flatMap((category) => category.captions.flatMap((caption) => caption.subcaptions));
  const blank = lines.filter((line) => line.text === '').length;
  if (blank === lines.length) return { performed: false, noScoreReason: 'no scores published' };
  const printed = [...lines, group.total, ...(group.subtotal ? [group.subtotal] : [])];
  const zeroAndUnranked = printed.every((number) => numberOf(number, where) === 0 && number.rank === 0);
  if (zeroAndUnranked)
    return { performed: false, noScoreReason: 'published with zero scores and no ranks (not scored)' };
  return { performed: true, noScoreReason: null };
}

/**
 * The penalty is what the penalty judges wrote ("Pen"/"TP" columns, positive). Pages also print "Tot" columns in the
 * penalty block: mostly the same number again (some negative), but 2014 Texas pages print 0 there whatever the
 * judge took, and their Total is Sub Total minus the judge's number. So the judge's lines are the penalty, and the
 * published Total (checked in `confirmSheet`) proves it.
 */
export function penaltyOf(group: ParsedGroup, where: string): number {
  return group.penalties
    .filter((entry) => !/^tot/i.test(entry.header))
    .reduce((sum, entry) => sum + Math.abs(numberOf(entry.number, where) ?? 0), 0);
}
