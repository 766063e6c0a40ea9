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
import type { ScoreSheet } from '../../tabulation/types.js';
import { PUBLISHED_FRACTION_DIGITS } from '../../../../domain/scores.js';
import { rankOrNull } from '../present/v4.js';
import type { RecapView } from '../../../../domain/published-pages.js';
import { escapeHtml, htmlPage, publishedDay } from './html.js';
import {
  CELL,
  NumberKind,
  SheetState,
  numberCell,
  RowState,
  rowState,
  rowResult,
  inRankOrder,
  printed,
  ranked,
  captionRuns,
  hasCaptionRow,
  printsCategoryTotal,
  penaltyBlocks,
  penaltyHeaders,
  printsSubtotal,
  printsCaptionTotal,
  captionWidth,
  runWidth,
  categoryWidth,
  cell,
  judgeName,
} from './recap-cells.js';

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
    const result = rowResult(state)?.categories[c];
    let panel = 0;
    for (const run of captionRuns(category)) {
      for (const index of run.captions) {
        const caption = category.captions[index];
        const captionResult = result?.captions[index];
        caption.subcaptions.forEach((_, s) => {
          const line = captionResult?.subcaptions[s];
          cells.push(
            !line
              ? scorelessCell('line', state)
              : state.kind === 'scored'
                ? numberCell('line', 'verified', printed(line.score), rankOrNull(line.rank))
                : numberCell('line', 'zero', '', rankOrNull(line.rank)),
          );
        });
        if (printsCaptionTotal(sheet, caption))
          cells.push(
            captionResult
              ? ranked('caption-total', captionResult, 2, state.kind === 'scored' ? 'verified' : 'zero')
              : scorelessCell('caption-total', state),
          );
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

/** A number without a tabulated one: blank where the group did not perform, 0 without a rank where not yet scored. */
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
  const result = rowResult(state);
  if (!result)
    return [
      ...(subtotal ? [scorelessCell('closing', state)] : []),
      ...penalties.map((header) => scorelessCell(isPenaltyTotal(header) ? 'caption-total' : 'penalty', state)),
      scorelessCell('closing', state),
    ];
  const penaltyState: SheetState = result.penalty === 0 ? 'zero' : 'verified';
  let line = 0;
  const penaltyCells = penalties.map((header) => {
    const kind = isPenaltyTotal(header) ? 'caption-total' : 'penalty';
    // a group that did not perform has no penalty sheet: blank, as its judges' lines are
    if (state.kind !== 'scored') return numberCell(kind, 'zero', '', '');
    if (kind === 'caption-total') return numberCell(kind, penaltyState, printed(result.penalty), '');
    line += 1;
    return numberCell(kind, penaltyState, printed(line === 1 ? result.penalty : 0), '');
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
    const result = rowResult(state);
    const cells = sheet.categories.map((_, c) =>
      result ? ranked('category-total', result.categories[c], digits) : scorelessCell('category-total', state),
    );
    return groupRow(section, performance, [...cells, ...closingCells(sheet, state, digits)]);
  });
  return divisionTable(section, [headerRow], groupRows);
}
