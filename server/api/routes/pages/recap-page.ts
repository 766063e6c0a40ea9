/**
 * A competition's recap as a published page, in the markup of the hosted service's recaps (the layout
 * server/api/recap-import reads): per division and round a grid whose header rows name, column by column, the
 * category, (on sheets with named captions) the caption, the judge and the subcaption, then one row per group with
 * every number over its rank. Our own importer reads a served page back to the same numbers and ranks
 * (test/api/published-pages.test.ts).
 *
 * Only released divisions and rounds are given to this module; with none the page says the recap is not available.
 */
import type { CompetitionSection, SectionPerformance } from '../../db/repositories/competitions.read.js';
import type { CaptionDef, CategoryDef, PerformanceResult, RankedNumber, ScoreSheet } from '../../tabulation/types.js';
import { microsToText, toMicros } from '../../tabulation/decimal.js';
import { PUBLISHED_FRACTION_DIGITS } from '../../../../domain/scores.js';
import { rankOrNull } from '../present/v4.js';
import type { RecapView } from '../../../../domain/published-pages.js';
import { escapeHtml, htmlPage, publishedDay } from './html.js';

export interface RecapPageCompetition {
  name: string;
  eventName: string;
  location: string;
  startsAt: Date;
  chiefJudge: string | null;
}

export interface RecapPageInput {
  organizationName: string;
  competition: RecapPageCompetition;
  /** the released divisions and rounds, in the order to print them */
  sections: CompetitionSection[];
  view: RecapView;
}

export function recapPage({ organizationName, competition, sections, view }: RecapPageInput): string {
  const heading = pageHeading(organizationName, competition, view);
  if (sections.length === 0) {
    return htmlPage(
      `${competition.eventName} recap`,
      `${heading}\n<p class='notAvailable'>The recap of this competition is not available: its scores have not been released.</p>`,
    );
  }
  const grids = sections.map((section) => (view === 'full' ? fullSection(section) : categorySection(section)));
  const weighted = sections.some((section) =>
    section.sheet?.categories.some((category) => category.captions.some((caption) => caption.weighted)),
  );
  const footnote =
    view === 'full' && weighted ? `\n<div class='footnote'>* Total reflects factored subcaptions</div>` : '';
  const errata = sections.map(correctionsBlock).join('');
  return htmlPage(`${competition.eventName} recap`, `${heading}\n${grids.join('\n')}${footnote}${errata}`);
}

/**
 * A released section's corrections after release (decision 083), below the grids: the numbers above are the
 * current ones, and this says what changed, from what to what, when and why. Outside every grid table, so a reader
 * of the grids (our importer) reads the current numbers as before.
 */
function correctionsBlock(section: CompetitionSection): string {
  if (section.corrections.length === 0) return '';
  const captions = new Map(
    (section.sheet?.categories ?? []).flatMap((category) => category.captions).map((caption) => [caption.key, caption]),
  );
  const groups = new Map(section.performances.map((performance) => [performance.id, performance.group.name]));
  const items = section.corrections.map((correction) => {
    const group = groups.get(correction.performanceId) ?? `Performance ${correction.performanceId}`;
    const caption = correction.captionKey === null ? undefined : captions.get(correction.captionKey);
    const what =
      correction.captionKey !== null
        ? (caption?.name ?? correction.captionKey)
        : 'performed' in correction.before
          ? 'Performed'
          : 'Penalty';
    const numbers = (side: typeof correction.before) => {
      if ('penalty' in side) return printed(side.penalty);
      if ('performed' in side) return side.performed ? 'performed' : 'did not perform';
      if (side.scores.length === 0) return 'none';
      // in the sheet's line order, as the grid prints them
      const order = caption?.subcaptions.map((line) => line.key) ?? [];
      return [...side.scores]
        .sort((a, b) => order.indexOf(a.subcaptionKey) - order.indexOf(b.subcaptionKey))
        .map((line) => printed(line.score))
        .join(' / ');
    };
    return (
      `<li class='correction'>${escapeHtml(group)} · ${escapeHtml(what)}: ${numbers(correction.before)} → ` +
      `${numbers(correction.after)} <span class='correctionWhen'>(${correction.at.toISOString()})</span> ` +
      `<span class='correctionReason'>${escapeHtml(correction.reason)}</span></li>`
    );
  });
  return (
    `\n<div class='corrections'><div class='correctionsTitle'>Corrections after release: ` +
    `${escapeHtml(section.division.name)}, ${escapeHtml(section.round.name || `round ${section.round.number}`)}</div>` +
    `<ul>${items.join('')}</ul></div>`
  );
}

/**
 * The title block the importer reads: a row whose first cell holds the logo and whose middle cell holds the event
 * name, its place and its day, one line each.
 */
function pageHeading(organizationName: string, competition: RecapPageCompetition, view: RecapView): string {
  const lines = [
    `<div class='title'>${escapeHtml(competition.eventName)}</div>`,
    `<div class='subtitle'>${escapeHtml(competition.location)}</div>`,
    `<div class='subtitle'>${publishedDay(competition.startsAt)}</div>`,
  ];
  const chiefJudge = competition.chiefJudge
    ? `\n<div class='chiefJudge'>Chief Judge: ${escapeHtml(competition.chiefJudge)}</div>`
    : '';
  const kind = view === 'full' ? 'Recap' : 'Category recap';
  return (
    `<table class='recapHeader'><tr><td>${logo(organizationName)}</td><td>${lines.join('')}</td><td></td></tr></table>\n` +
    `<div class='competitionName'>${escapeHtml(competition.name)} · ${kind} · ${escapeHtml(organizationName)}</div>${chiefJudge}`
  );
}

/** The organization's initials drawn as the logo the recap layout has room for (no image is stored). */
function logo(organizationName: string): string {
  const initials = organizationName
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .slice(0, 4)
    .map((word) => word[0].toUpperCase())
    .join('');
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='135' height='75'><text x='67' y='48' font-family='sans-serif' font-size='32' text-anchor='middle' fill='#555'>${initials}</text></svg>`;
  return `<img alt='Logo' width='135' height='75' src='data:image/svg+xml,${encodeURIComponent(svg).replace(/'/g, '%27')}' />`;
}

/**
 * The published markup (decision 088): the hosted service's recaps of 2022 on, the generation with
 * `tr.header-division-name`, `div.round-name` and `data-translate-number`. Scrapers of the real pages read the class
 * list of the `td` around each `table.scoreTable` (a judge's line, `subcaptionTotal` a judge's caption total,
 * `captionTotal` a doubled panel's combined number, `categoryTotal` a category's), and the header cells' classes
 * and spans, so every class and span here is the published one, cell for cell; spans come before the class, as
 * theirs do (scrapers match `<td colspan='7' class='...captionTotal...'>`). Styles are our own (the stylesheet in
 * html.ts): the page's Content-Security-Policy allows no style attribute.
 */
const CELL = {
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
type NumberKind = 'line' | 'caption-total' | 'combined' | 'category-total' | 'closing' | 'penalty';

/**
 * A judge's number carries the state of the judge's sheet as the hosted service's pages print it: `verified`
 * (every number on a released page of ours has been through review and release, decision 082), `zero` (a sheet
 * with nothing on it: a group not scored yet, a penalty judge's empty sheet), or nothing (no sheet: the group did
 * not perform).
 */
type SheetState = 'verified' | 'zero' | '';

function numberClass(kind: NumberKind, state: SheetState): string {
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
function numberCell(kind: NumberKind, state: SheetState, score: string, rank: number | null | ''): string {
  return (
    `<td class='${numberClass(kind, state)}'>\n<table class='scoreTable' cellpadding='0' cellspacing='0'><tr>` +
    `<td class='content score' data-translate-number='${score}'>${score}</td></tr><tr>` +
    `<td class='content rank'>${rank ?? ''}</td></tr></table></td>`
  );
}

/** What a group's row shows: its numbers, nothing (it did not perform), or zeros without ranks (not yet scored). */
type RowState = { kind: 'scored'; result: PerformanceResult } | { kind: 'did-not-perform' } | { kind: 'not-scored' };

function rowState(performance: SectionPerformance): RowState {
  if (!performance.performed || (performance.result && !performance.result.performed))
    return { kind: 'did-not-perform' };
  return performance.result ? { kind: 'scored', result: performance.result } : { kind: 'not-scored' };
}

/** As the v4 scores list them: by total rank, unranked last, then by name. */
function inRankOrder(performances: SectionPerformance[]): SectionPerformance[] {
  const rankOf = (performance: SectionPerformance) => {
    const state = rowState(performance);
    return state.kind === 'scored'
      ? (rankOrNull(state.result.total.rank) ?? Number.MAX_SAFE_INTEGER)
      : Number.MAX_SAFE_INTEGER;
  };
  return [...performances].sort((a, b) => rankOf(a) - rankOf(b) || a.group.name.localeCompare(b.group.name));
}

/** A number as the recap prints it: every digit it has (a judge's 9.25), at least `digits` (a sheet's 3 or 4). */
function printed(score: number, digits = 0): string {
  return microsToText(toMicros(score), digits, 6);
}

const ranked = (kind: NumberKind, number: RankedNumber, digits: number) =>
  numberCell(kind, 'verified', printed(number.score, digits), rankOrNull(number.rank));

/** Runs of consecutive captions that share a panel (a doubled panel) or stand alone, in caption order. */
function captionRuns(category: CategoryDef): { name: string; captions: number[]; doubled: boolean }[] {
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
function hasCaptionRow(sheet: ScoreSheet): boolean {
  return sheet.categories.some((category) =>
    category.captions.some((caption) => caption.panel !== undefined || caption.name !== category.name),
  );
}

/** A category prints its own total column when it holds several captions, unless its page did otherwise. */
const printsCategoryTotal = (sheet: ScoreSheet, c: number) =>
  sheet.layout?.categoryTotals?.[c] ?? sheet.categories[c].captions.length > 1;

/** The penalty blocks' columns: one block of one "Pen" unless the page the sheet came from printed others. */
const penaltyBlocks = (sheet: ScoreSheet) => sheet.layout?.penalties ?? [['Pen']];
const penaltyHeaders = (sheet: ScoreSheet) => penaltyBlocks(sheet).flat();

const printsSubtotal = (sheet: ScoreSheet) => sheet.layout?.subtotal !== false;

/** A caption prints its total column unless its page did not (a one-line caption). */
const printsCaptionTotal = (sheet: ScoreSheet, caption: CaptionDef) => !sheet.layout?.untotalled?.includes(caption.key);

const captionWidth = (sheet: ScoreSheet, caption: CaptionDef) =>
  caption.subcaptions.length + (printsCaptionTotal(sheet, caption) ? 1 : 0);

const runWidth = (sheet: ScoreSheet, category: CategoryDef, run: ReturnType<typeof captionRuns>[number]) =>
  run.captions.reduce((sum, index) => sum + captionWidth(sheet, category.captions[index]), 0) + (run.doubled ? 1 : 0);

function categoryWidth(sheet: ScoreSheet, c: number): number {
  const category = sheet.categories[c];
  return (
    captionRuns(category).reduce((sum, run) => sum + runWidth(sheet, category, run), 0) +
    (printsCategoryTotal(sheet, c) ? 1 : 0)
  );
}

/** A header cell: spans first, then the class, as the published pages write them. */
const cell = (className: string, text: string, span: { colspan?: number; rowspan?: number } = {}) =>
  `<td${span.colspan !== undefined ? ` colspan='${span.colspan}'` : ''}${span.rowspan !== undefined ? ` rowspan='${span.rowspan}'` : ''} class='${className}'>${text}</td>`;

function judgeName(section: CompetitionSection, caption: CaptionDef): string {
  const judge = section.judges.get(caption.key);
  return judge ? escapeHtml(`${judge.firstName} ${judge.lastName}`.trim()) : '';
}

/** The division's table around its grid: the division's name in its own row, the grid in the next. */
function divisionTable(section: CompetitionSection, headerRows: string[], groupRows: string[]): string {
  return (
    `<table cellpadding='0' cellspacing='0'>\n<tr class='header-division-name'><td>${escapeHtml(section.division.name)}</td></tr>` +
    `<tr><td><table cellpadding='0' cellspacing='0'>${headerRows.map((cells) => `<tr>${cells}</tr>`).join('')}\n` +
    `<!--PerformancesStart-->\n${groupRows.join('\n')}\n<!--PerformancesEnd-->\n</table>\n</td>\n</tr>\n</table>`
  );
}

/**
 * Whether the grid has a location column: as on the published pages, only where some group has a location (a
 * section of groups without one prints the names alone).
 */
const hasLocations = (section: CompetitionSection) =>
  section.sheet?.layout?.locations ??
  section.performances.some((performance) => performance.group.location.trim() !== '');

/** The round's label over the group names, and the empty header over their locations. */
function leadingHeaders(section: CompetitionSection, depth: number): string {
  const round = section.round.name ? escapeHtml(section.round.name) : '&nbsp;';
  return (
    cell(CELL.leading, `<div class='round-name'>${round}</div>`, { rowspan: depth }) +
    (hasLocations(section) ? cell(CELL.leading, '', { rowspan: depth }) : '')
  );
}

function fullSection(section: CompetitionSection): string {
  const sheet = section.sheet ?? { name: '', categories: [] };
  const digits = sheet.publishedDigits ?? PUBLISHED_FRACTION_DIGITS;
  // Drum corps sheets name captions under their categories: four header rows, the top one marking categories
  // `categoryTotal`; elsewhere three, the top one marking each category `captionTotal` (as the real pages do).
  const captionRow = hasCaptionRow(sheet);
  const depth = captionRow ? 4 : 3;
  const top: string[] = [leadingHeaders(section, depth)];
  const captionCells: string[] = [];
  const judgeCells: string[] = [];
  const leafCells: string[] = [];
  sheet.categories.forEach((category, c) => {
    const name = escapeHtml(category.name);
    top.push(
      cell(captionRow ? CELL.categoryHeader : CELL.captionHeader, name, { colspan: categoryWidth(sheet, c) }) +
        (captionRow ? '' : '\n'),
    );
    for (const run of captionRuns(category)) {
      if (captionRow)
        captionCells.push(
          `${cell(CELL.captionHeader, escapeHtml(run.name), { colspan: runWidth(sheet, category, run) })}\n`,
        );
      for (const index of run.captions) {
        const caption = category.captions[index];
        judgeCells.push(
          `${cell(CELL.judge, judgeName(section, caption), { colspan: captionWidth(sheet, caption) })}\n`,
        );
        leafCells.push(...caption.subcaptions.map((subcaption) => cell(CELL.lineLeaf, escapeHtml(subcaption.name))));
        if (printsCaptionTotal(sheet, caption))
          leafCells.push(cell(CELL.captionTotalLeaf, caption.weighted ? '*Tot' : 'Tot'));
      }
      // a doubled panel's combined number: no judge of its own
      if (run.doubled) {
        judgeCells.push(cell(CELL.combinedJudge, '&nbsp;'));
        leafCells.push(`${cell(CELL.combinedLeaf, 'Tot')}\n`);
      }
    }
    if (printsCategoryTotal(sheet, c)) {
      if (captionRow) {
        captionCells.push(`${cell(CELL.categoryTotalSpacer, '&nbsp;')}\n`);
        judgeCells.push(`${cell(CELL.categoryTotalJudge, '&nbsp;')}\n`);
        leafCells.push(`${cell(CELL.categoryTotalLeaf, 'Tot')}\n`);
      } else {
        // on three header rows a category's total of several judges is marked as the hosted pages mark a doubled
        // panel's: `captionTotal` (WGASC championships: two analysis judges, four General Effect judges)
        judgeCells.push(cell(CELL.combinedJudge, '&nbsp;'));
        leafCells.push(`${cell(CELL.combinedLeaf, 'Tot')}\n`);
      }
    }
  });
  if (printsSubtotal(sheet)) top.push(cell(CELL.subtotalHeader, 'Sub<br/>Total', { rowspan: depth }));
  for (const block of penaltyBlocks(sheet)) {
    const colspan = block.length;
    if (captionRow) {
      top.push(`${cell(CELL.categoryHeader, '&nbsp;', { colspan })}\n`);
      captionCells.push(`${cell(CELL.captionHeader, 'Penalties', { colspan })}\n`);
    } else {
      top.push(`${cell(CELL.captionHeader, 'Timing &amp; Penalties', { colspan })}\n`);
    }
    judgeCells.push(`${cell(CELL.judge, '', { colspan })}\n`);
    leafCells.push(
      ...block.map((text) => cell(isPenaltyTotal(text) ? CELL.captionTotalLeaf : CELL.lineLeaf, escapeHtml(text))),
    );
  }
  top.push(`${cell(CELL.totalHeader, 'Total ', { rowspan: depth })}\n`);
  const headerRows = [top, ...(captionRow ? [captionCells] : []), judgeCells, leafCells].map(
    (cells) => `\n${cells.join('')}`,
  );
  const groupRows = inRankOrder(section.performances).map((performance) =>
    fullRow(section, sheet, performance, digits, captionRow),
  );
  return divisionTable(section, headerRows, groupRows);
}

function fullRow(
  section: CompetitionSection,
  sheet: ScoreSheet,
  performance: SectionPerformance,
  digits: number,
  captionRow: boolean,
): string {
  const state = rowState(performance);
  const cells: string[] = [];
  sheet.categories.forEach((category, c) => {
    const result = state.kind === 'scored' ? state.result.categories[c] : null;
    let panel = 0;
    for (const run of captionRuns(category)) {
      for (const index of run.captions) {
        const caption = category.captions[index];
        const captionResult = result?.captions[index];
        caption.subcaptions.forEach((_, s) => {
          const line = captionResult?.subcaptions[s];
          cells.push(
            line
              ? numberCell('line', 'verified', printed(line.score), rankOrNull(line.rank))
              : scorelessCell('line', state),
          );
        });
        if (printsCaptionTotal(sheet, caption))
          cells.push(captionResult ? ranked('caption-total', captionResult, 2) : scorelessCell('caption-total', state));
      }
      if (run.doubled) {
        const panelResult = result?.panels[panel];
        panel += 1;
        cells.push(panelResult ? ranked('combined', panelResult, digits) : scorelessCell('combined', state));
      }
    }
    if (printsCategoryTotal(sheet, c)) {
      const kind: NumberKind = captionRow ? 'category-total' : 'combined';
      cells.push(result ? ranked(kind, result, digits) : scorelessCell(kind, state));
    }
  });
  cells.push(...closingCells(sheet, state, digits));
  return groupRow(section, performance, cells);
}

/** A group that did not perform prints blank numbers; one not yet scored prints 0 without a rank. */
function scorelessCell(kind: NumberKind, state: RowState): string {
  return state.kind === 'not-scored' ? numberCell(kind, 'zero', '0', 0) : numberCell(kind, '', '', '');
}

/** A penalty block's total column ("Tot" after "Pen" on some pages) against its lines. */
const isPenaltyTotal = (header: string) => /^tot/i.test(header);

/**
 * Sub Total (where printed), the penalty block and Total. The penalty is stored as one number: a block of several
 * lines prints it on its first line and 0 on the others, and in full in its total column, so a reader adding the
 * lines (ours does) reads the same penalty.
 */
function closingCells(sheet: ScoreSheet, state: RowState, digits: number): string[] {
  const penalties = penaltyHeaders(sheet);
  const subtotal = printsSubtotal(sheet);
  if (state.kind !== 'scored')
    return [
      ...(subtotal ? [scorelessCell('closing', state)] : []),
      ...penalties.map((header) => scorelessCell(isPenaltyTotal(header) ? 'caption-total' : 'penalty', state)),
      scorelessCell('closing', state),
    ];
  const { result } = state;
  const penaltyState: SheetState = result.penalty === 0 ? 'zero' : 'verified';
  let line = 0;
  const penaltyCells = penalties.map((header) => {
    if (isPenaltyTotal(header)) return numberCell('caption-total', penaltyState, printed(result.penalty), '');
    line += 1;
    return numberCell('penalty', penaltyState, printed(line === 1 ? result.penalty : 0), '');
  });
  return [
    ...(subtotal ? [ranked('closing', result.subtotal, digits)] : []),
    ...penaltyCells,
    ranked('closing', result.total, digits),
  ];
}

function groupRow(section: CompetitionSection, performance: SectionPerformance, cells: string[]): string {
  const location = hasLocations(section)
    ? `<td class='${CELL.groupName}'>${escapeHtml(performance.group.location)}</td>\n`
    : '';
  return (
    `<tr>\n<td class='${CELL.groupName}'>${escapeHtml(performance.group.name)}</td>\n` +
    `${location}${cells.join('\n')}\n</tr>`
  );
}

/**
 * The category recap: each category's score and rank, then Sub Total, penalty and Total, in the same markup as the
 * full recap (one header row; each category's number marked `categoryTotal`, which is what it is).
 */
function categorySection(section: CompetitionSection): string {
  const sheet = section.sheet ?? { name: '', categories: [] };
  const digits = sheet.publishedDigits ?? PUBLISHED_FRACTION_DIGITS;
  const headerRow = [
    leadingHeaders(section, 1),
    ...sheet.categories.map((category) => cell(CELL.categoryTotalLeaf, escapeHtml(category.name))),
    ...(printsSubtotal(sheet) ? [cell(CELL.subtotalHeader, 'Sub<br/>Total')] : []),
    ...penaltyHeaders(sheet).map((text) =>
      cell(isPenaltyTotal(text) ? CELL.captionTotalLeaf : CELL.lineLeaf, escapeHtml(text)),
    ),
    cell(CELL.totalHeader, 'Total '),
  ].join('');
  const groupRows = inRankOrder(section.performances).map((performance) => {
    const state = rowState(performance);
    const cells = sheet.categories.map((_, c) =>
      state.kind === 'scored'
        ? ranked('category-total', state.result.categories[c], digits)
        : scorelessCell('category-total', state),
    );
    return groupRow(section, performance, [...cells, ...closingCells(sheet, state, digits)]);
  });
  return divisionTable(section, [headerRow], groupRows);
}
