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

/** A number over its rank; an empty cell pair where the page has no number. */
function numberCell(score: string, rank: number | null | ''): string {
  return `<td><table class='scoreTable'><tr><td class='score'>${score}</td></tr><tr><td class='rank'>${rank ?? ''}</td></tr></table></td>`;
}

const BLANK = numberCell('', '');

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

const ranked = (number: RankedNumber, digits: number) =>
  numberCell(printed(number.score, digits), rankOrNull(number.rank));

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

const printsCategoryTotal = (category: CategoryDef) => category.captions.length > 1;

const captionWidth = (caption: CaptionDef) => caption.subcaptions.length + 1;

function categoryWidth(category: CategoryDef): number {
  const runs = captionRuns(category);
  return (
    category.captions.reduce((sum, caption) => sum + captionWidth(caption), 0) +
    runs.filter((run) => run.doubled).length +
    (printsCategoryTotal(category) ? 1 : 0)
  );
}

const header = (text: string, colspan = 1, rowspan = 1) =>
  `<td class='header'${colspan > 1 ? ` colspan='${colspan}'` : ''}${rowspan > 1 ? ` rowspan='${rowspan}'` : ''}>${text}</td>`;

function judgeName(section: CompetitionSection, caption: CaptionDef): string {
  const judge = section.judges.get(caption.key);
  return judge ? escapeHtml(`${judge.firstName} ${judge.lastName}`.trim()) : '';
}

function divisionTable(section: CompetitionSection, grid: string): string {
  return `<table class='division'><tr><td class='divisionName'>${escapeHtml(section.division.name)}</td></tr><tr><td>${grid}</td></tr></table>`;
}

function fullSection(section: CompetitionSection): string {
  const sheet = section.sheet ?? { name: '', categories: [] };
  const digits = sheet.publishedDigits ?? PUBLISHED_FRACTION_DIGITS;
  const captionRow = hasCaptionRow(sheet);
  const depth = captionRow ? 4 : 3;
  const top: string[] = [
    `<td rowspan='${depth}'>${escapeHtml(section.round.name)}</td>`,
    `<td rowspan='${depth}'></td>`,
  ];
  const captionCells: string[] = [];
  const judgeCells: string[] = [];
  const leafCells: string[] = [];
  for (const category of sheet.categories) {
    top.push(header(escapeHtml(category.name), categoryWidth(category)));
    for (const run of captionRuns(category)) {
      const width =
        run.captions.reduce((sum, index) => sum + captionWidth(category.captions[index]), 0) + (run.doubled ? 1 : 0);
      captionCells.push(header(escapeHtml(run.name), width));
      for (const index of run.captions) {
        const caption = category.captions[index];
        judgeCells.push(header(judgeName(section, caption), captionWidth(caption)));
        leafCells.push(
          ...caption.subcaptions.map((subcaption) => header(escapeHtml(subcaption.name))),
          header(caption.weighted ? '*Tot' : 'Tot'),
        );
      }
      // a doubled panel's mean: no judge of its own
      if (run.doubled) {
        judgeCells.push(header(''));
        leafCells.push(header('Tot'));
      }
    }
    if (printsCategoryTotal(category)) {
      captionCells.push(header(''));
      judgeCells.push(header(''));
      leafCells.push(header('Tot'));
    }
  }
  top.push(header('Sub Total', 1, depth), header('Timing &amp; Penalties'), header('Total', 1, depth));
  captionCells.push(header(''));
  judgeCells.push(header(''));
  leafCells.push(header('Pen'));
  const headerRows = [top, ...(captionRow ? [captionCells] : []), judgeCells, leafCells].map(
    (cells) => `<tr>${cells.join('')}</tr>`,
  );
  const groupRows = inRankOrder(section.performances).map((performance) => fullRow(sheet, performance, digits));
  return divisionTable(section, `<table class='grid'>${headerRows.join('')}\n${groupRows.join('\n')}</table>`);
}

function fullRow(sheet: ScoreSheet, performance: SectionPerformance, digits: number): string {
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
          cells.push(line ? numberCell(printed(line.score), rankOrNull(line.rank)) : scorelessCell(state));
        });
        cells.push(captionResult ? ranked(captionResult, 2) : scorelessCell(state));
      }
      if (run.doubled) {
        const panelResult = result?.panels[panel];
        panel += 1;
        cells.push(panelResult ? ranked(panelResult, digits) : scorelessCell(state));
      }
    }
    if (printsCategoryTotal(category)) cells.push(result ? ranked(result, digits) : scorelessCell(state));
  });
  cells.push(...closingCells(state, digits));
  return groupRow(performance, cells);
}

/** A group that did not perform prints blank lines; one not yet scored prints 0 without a rank. */
function scorelessCell(state: RowState): string {
  return state.kind === 'not-scored' ? numberCell('0', 0) : BLANK;
}

/** Sub Total, the penalty and Total. */
function closingCells(state: RowState, digits: number): string[] {
  if (state.kind !== 'scored') return [scorelessCell(state), scorelessCell(state), scorelessCell(state)];
  const { result } = state;
  return [ranked(result.subtotal, digits), numberCell(printed(result.penalty), ''), ranked(result.total, digits)];
}

function groupRow(performance: SectionPerformance, cells: string[]): string {
  return `<tr><td>${escapeHtml(performance.group.name)}</td><td>${escapeHtml(performance.group.location)}</td>${cells.join('')}</tr>`;
}

/** The category recap: each category's score and rank, then Sub Total, penalty and Total. */
function categorySection(section: CompetitionSection): string {
  const sheet = section.sheet ?? { name: '', categories: [] };
  const digits = sheet.publishedDigits ?? PUBLISHED_FRACTION_DIGITS;
  const headerRow = [
    `<td>${escapeHtml(section.round.name)}</td>`,
    '<td></td>',
    ...sheet.categories.map((category) => header(escapeHtml(category.name))),
    header('Sub Total'),
    header('Pen'),
    header('Total'),
  ];
  const groupRows = inRankOrder(section.performances).map((performance) => {
    const state = rowState(performance);
    const cells = sheet.categories.map((_, c) =>
      state.kind === 'scored' ? ranked(state.result.categories[c], digits) : scorelessCell(state),
    );
    return groupRow(performance, [...cells, ...closingCells(state, digits)]);
  });
  return divisionTable(section, `<table class='grid'><tr>${headerRow.join('')}</tr>\n${groupRows.join('\n')}</table>`);
}
