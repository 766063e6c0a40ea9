/**
 * The cells of a published recap grid: each number's cell with its published classes, a row's state, and what the
 * sheet's printed layout (decision 088) says each grid prints. recap-page.ts lays them out in rows and tables.
 */
import type { CompetitionSection, SectionPerformance } from '../../db/repositories/competitions.read.js';
import type { CaptionDef, CategoryDef, PerformanceResult, RankedNumber, ScoreSheet } from '../../tabulation/types.js';
import { microsToText, toMicros } from '../../tabulation/decimal.js';
import { rankOrNull } from '../present/v4.js';
import { escapeHtml } from './html.js';

/**
 * The published markup (decision 088): the hosted service's recaps of 2022 on, the generation with
 * `tr.header-division-name`, `div.round-name` and `data-translate-number`. Scrapers of the real pages read the class
 * list of the `td` around each `table.scoreTable` (a judge's line, `subcaptionTotal` a judge's caption total,
 * `captionTotal` a doubled panel's combined number, `categoryTotal` a category's), and the header cells' classes
 * and spans, so every class and span here is the published one, cell for cell; spans come before the class, as
 * theirs do (scrapers match `<td colspan='7' class='...captionTotal...'>`). Styles are our own (the stylesheet in
 * html.ts): the page's Content-Security-Policy allows no style attribute.
 */
export const CELL = {
  /** the round label and the location column's header, left of the grid's header rows */
  leading: 'content bottomBorderDouble rightBorderDouble',
  /** a group's name and its location */
  groupName: 'content topBorder rightBorderDouble',
  subtotalHeader: 'content rightBorderDouble bottomBorderDouble header',
  totalHeader: 'content bottomBorderDouble rightBorderDouble header',
  /** a category's (three header rows) or a named caption's (four) top cell */
  captionHeader: 'content rightBorder topBorder header captionTotal',
  /** a category's top cell where captions are named below it (drum corps) */
  categoryHeader: 'content rightBorderDouble header categoryTotal',
  /** above and beside a category's own total column, four header rows */
  categoryTotalSpacer: 'content rightBorderDouble header categoryTotal',
  categoryTotalJudge: 'content rightBorderDouble header categoryTotal ',
  categoryTotalLeaf: 'content rightBorderDouble bottomBorderDouble header categoryTotal',
  judge: 'content topBorder rightBorder header subcaptionTotal ',
  /** the judge row's cell over a combined (doubled panel) total: no judge */
  combinedJudge: 'content rightBorder header captionTotal ',
  combinedLeaf: 'content rightBorder bottomBorderDouble header captionTotal',
  lineLeaf: 'content topBorder rightBorder bottomBorderDouble header',
  captionTotalLeaf: 'content rightBorder bottomBorderDouble header subcaptionTotal',
} as const;

/** What a number on a group's row is; its `td` class says so to a reader of the page. */
export type NumberKind = 'line' | 'caption-total' | 'combined' | 'category-total' | 'closing' | 'penalty';

/**
 * A judge's number carries the state of the judge's sheet as the hosted service's pages print it: `verified`
 * (every number on a released page of ours has been through review and release, decision 082), `zero` (a sheet
 * with nothing on it: a group not scored yet, a penalty judge's empty sheet), or nothing (no sheet: the group did
 * not perform).
 */
export type SheetState = 'verified' | 'zero' | '';

export function numberClass(kind: NumberKind, state: SheetState): string {
  switch (kind) {
    case 'line':
    case 'penalty':
      return `topBorder rightBorder ${state}`;
    case 'caption-total':
      return `topBorder rightBorder subcaptionTotal ${state}`;
    case 'combined':
      return 'topBorder rightBorderDouble captionTotal';
    case 'category-total':
      return 'topBorder rightBorderDouble categoryTotal';
    case 'closing':
      return 'topBorder rightBorderDouble';
  }
}

/** A number over its rank, in the cell that says what it is; empty text where the page has no number. */
export function numberCell(kind: NumberKind, state: SheetState, score: string, rank: number | null | ''): string {
  return (
    `<td class='${numberClass(kind, state)}'>\n<table class='scoreTable' cellpadding='0' cellspacing='0'><tr>` +
    `<td class='content score' data-translate-number='${score}'>${score}</td></tr><tr>` +
    `<td class='content rank'>${rank ?? ''}</td></tr></table></td>`
  );
}

/**
 * What a group's row shows: its numbers; zeros without ranks (not yet scored); or, for a group that did not perform,
 * what the published pages print for one: its judges' lines blank and every total 0, each over the rank the
 * tabulation gives it (last, shared), the penalty blank (0412cffb: Fredericksburg HS, 10th of 10 on every number).
 * A group that did not perform in a round not yet tabulated has no rank: its row is blank.
 */
export type RowState =
  | { kind: 'scored'; result: PerformanceResult }
  | { kind: 'did-not-perform'; result: PerformanceResult | null }
  | { kind: 'not-scored' };

export function rowState(performance: SectionPerformance): RowState {
  if (!performance.performed || (performance.result && !performance.result.performed))
    return { kind: 'did-not-perform', result: performance.result };
  return performance.result ? { kind: 'scored', result: performance.result } : { kind: 'not-scored' };
}

/** The tabulated numbers a row prints: a scored group's, or the zeros and ranks of one that did not perform. */
export const rowResult = (state: RowState): PerformanceResult | null =>
  state.kind === 'not-scored' ? null : state.result;

/** As the v4 scores list them: by total rank, unranked last, then by name. */
export function inRankOrder(performances: SectionPerformance[]): SectionPerformance[] {
  const rankOf = (performance: SectionPerformance) => {
    const state = rowState(performance);
    return state.kind === 'scored'
      ? (rankOrNull(state.result.total.rank) ?? Number.MAX_SAFE_INTEGER)
      : Number.MAX_SAFE_INTEGER;
  };
  return [...performances].sort((a, b) => rankOf(a) - rankOf(b) || a.group.name.localeCompare(b.group.name));
}

/** A number as the recap prints it: every digit it has (a judge's 9.25), at least `digits` (a sheet's 3 or 4). */
export function printed(score: number, digits = 0): string {
  return microsToText(toMicros(score), digits, 6);
}

export const ranked = (kind: NumberKind, number: RankedNumber, digits: number, state: SheetState = 'verified') =>
  numberCell(kind, state, printed(number.score, digits), rankOrNull(number.rank));

/** Runs of consecutive captions that share a panel (a doubled panel) or stand alone, in caption order. */
export function captionRuns(category: CategoryDef): { name: string; captions: number[]; doubled: boolean }[] {
  const runs: { name: string; panel: string | undefined; captions: number[]; doubled: boolean }[] = [];
  category.captions.forEach((caption, index) => {
    const last = runs[runs.length - 1];
    if (caption.panel !== undefined && last?.panel === caption.panel) last.captions.push(index);
    else runs.push({ name: caption.name, panel: caption.panel, captions: [index], doubled: false });
  });
  for (const run of runs) run.doubled = run.captions.length > 1 && run.panel !== undefined;
  return runs;
}

/** Sheets that name captions apart from their categories (drum corps) print a caption header row. */
export function hasCaptionRow(sheet: ScoreSheet): boolean {
  return sheet.categories.some((category) =>
    category.captions.some((caption) => caption.panel !== undefined || caption.name !== category.name),
  );
}

/** A category prints its own total column when it holds several captions, unless its page did otherwise. */
export const printsCategoryTotal = (sheet: ScoreSheet, c: number) =>
  sheet.layout?.categoryTotals?.[c] ?? sheet.categories[c].captions.length > 1;

/** The penalty blocks' columns: one block of one "Pen" unless the page the sheet came from printed others. */
export const penaltyBlocks = (sheet: ScoreSheet) => sheet.layout?.penalties ?? [['Pen']];
export const penaltyHeaders = (sheet: ScoreSheet) => penaltyBlocks(sheet).flat();

export const printsSubtotal = (sheet: ScoreSheet) => sheet.layout?.subtotal !== false;

/** A caption prints its total column unless its page did not (a one-line caption). */
export const printsCaptionTotal = (sheet: ScoreSheet, caption: CaptionDef) =>
  !sheet.layout?.untotalled?.includes(caption.key);

export const captionWidth = (sheet: ScoreSheet, caption: CaptionDef) =>
  caption.subcaptions.length + (printsCaptionTotal(sheet, caption) ? 1 : 0);

export const runWidth = (sheet: ScoreSheet, category: CategoryDef, run: ReturnType<typeof captionRuns>[number]) =>
  run.captions.reduce((sum, index) => sum + captionWidth(sheet, category.captions[index]), 0) + (run.doubled ? 1 : 0);

export function categoryWidth(sheet: ScoreSheet, c: number): number {
  const category = sheet.categories[c];
  return (
    captionRuns(category).reduce((sum, run) => sum + runWidth(sheet, category, run), 0) +
    (printsCategoryTotal(sheet, c) ? 1 : 0)
  );
}

/** A header cell: spans first, then the class, as the published pages write them. */
export const cell = (className: string, text: string, span: { colspan?: number; rowspan?: number } = {}) =>
  `<td${span.colspan !== undefined ? ` colspan='${span.colspan}'` : ''}${span.rowspan !== undefined ? ` rowspan='${span.rowspan}'` : ''} class='${className}'>${text}</td>`;

export function judgeName(section: CompetitionSection, caption: CaptionDef): string {
  const judge = section.judges.get(caption.key);
  return judge ? escapeHtml(`${judge.firstName} ${judge.lastName}`.trim()) : '';
}

/** The division's table around its grid: the division's name in its own row, the grid in the next. */
