import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import {
  ancestor,
  cellText,
  findAll,
  hasClass,
  intAttribute,
  rowCells,
  tableRows,
} from '../../server/api/recap-import/html.js';

/**
 * The structure of a recap page's score grids as a reader of the published pages sees it, for comparing our served
 * pages with the real ones (test/api/published-markup.test.ts). Numbers, names, styles, scripts, the logo and
 * whitespace are left out; what stays is what scrapers key on: the tables, their rows, each cell's class list and
 * spans, in order, and what each cell holds (a number over its rank, or text).
 */

/** The hosted service's markup generations (decision 088), told apart by what each introduced. */
export type Generation = '2013-2017' | '2018-2022' | '2022-';

export function generationOf(html: string): Generation {
  if (html.includes("class='header-division-name'")) return '2022-';
  if (html.includes('data-translate-number')) return '2018-2022';
  return '2013-2017';
}

/**
 * The state of the judge's sheet that the hosted pages add to a judge's number (`verified`, `zero`, or nothing):
 * a workflow state of the hosted service, as much data as the number itself, so left out like the numbers.
 */
const SHEET_STATES = new Set(['verified', 'zero']);

/** What scrapers read a cell's role from: the classes that say which kind of number or header a cell is. */
const ROLE_CLASSES = ['header', 'subcaptionTotal', 'captionTotal', 'categoryTotal'];

export interface GridShape {
  division: string;
  /** the wrapper around the grid: the division name's row and the grid's row (the 2022- markup) */
  wrapper: string[];
  headerRows: string[][];
  /** group rows by group name, each its cells' shapes */
  groupRows: { name: string; cells: string[] }[];
}

const isNumber = (text: string) => /^-?\d+(\.\d+)?$/.test(text) || /^-?\.\d+$/.test(text);

/**
 * What a cell holds: a score table (with its cells' classes and whether each holds a number or blank `N`, or words
 * `T`), or words (a header's, a name's: data, not compared).
 */
function content(cell: Element): string {
  const scoreTable = findAll(
    cell.children,
    (element) => element.name === 'table' && hasClass(element, 'scoreTable'),
  )[0];
  // a header's or a name cell's words are data (names, labels), as the numbers are
  if (!scoreTable) return 'words';
  const inner = findAll(scoreTable.children, (element) => element.name === 'td').map((td) => {
    const text = (td.attribs['data-translate-number'] ?? cellText(td)).trim();
    // a blank where the other page prints 0 (an empty penalty, an unranked number) is a number's business too
    const kind = text === '' || isNumber(text) ? 'N' : 'T';
    return `${td.attribs.class ?? ''}:${kind}`;
  });
  return `scoreTable(${inner.join(' ')})`;
}

/**
 * A cell's shape: its class list (without the sheet state), its spans and what it holds. Pages of this generation
 * rendered before mid-2023 print the round label's cell without its right border (`content bottomBorderDouble`);
 * the hosted service added it then, to pages of every date rendered since (an archive page of February 2023
 * rendered in October 2023 has it), so it is the renderer's date, not the data: read as the current form.
 */
function exactShape(cell: Element): string {
  const classes = (cell.attribs.class ?? '').split(/\s+/).filter((name) => name && !SHEET_STATES.has(name));
  const roundCell = findAll(cell.children, (element) => hasClass(element, 'round-name')).length > 0;
  if (roundCell && classes.join(' ') === 'content bottomBorderDouble') classes.push('rightBorderDouble');
  return `${cell.name}[${classes.join(' ')}] ${intAttribute(cell, 'colspan')}x${intAttribute(cell, 'rowspan')} ${content(cell)}`;
}

/**
 * The scraper's model of a cell, common to the three generations: which role classes it has, its spans, and
 * whether it holds a number. The older pages' other classes (borders) are left out.
 */
function roleShape(cell: Element): string | null {
  const roles = ROLE_CLASSES.filter((name) => hasClass(cell, name));
  const holds = content(cell).startsWith('scoreTable') ? 'number' : 'text';
  // the name, location and round label cells: how many there are is each page's own (older pages never print a
  // location column), and scrapers find a row by its numbers' cells
  if (roles.length === 0 && holds === 'text') return null;
  return `${roles.join(' ')} ${intAttribute(cell, 'colspan')}x${intAttribute(cell, 'rowspan')} ${holds}`;
}

/** Every score grid of a page, in page order. */
export function gridShapes(html: string, mode: 'exact' | Generation): GridShape[] {
  const document = parseDocument(html);
  const grids = findAll(document.children, (element) => element.name === 'table' && isGrid(element));
  return grids.map((grid) => {
    const rows = tableRows(grid).filter((row) => rowCells(row).length > 0);
    const headerCount = rows.findIndex((row) => !rowCells(row).some((cell) => hasClass(cell, 'header')));
    const headers = headerCount < 0 ? rows : rows.slice(0, headerCount);
    const groups = headerCount < 0 ? [] : rows.slice(headerCount);
    // the older generations' penalty blocks are their own (a judge's "Pen" and "Tot", a block per penalty judge):
    // our data keeps the penalty as one number, printed as the newest pages print it, so they are set aside there
    const penalty = mode === 'exact' ? new Set<Element>() : penaltyCells(headers, groups);
    const shape = (cells: Element[]) =>
      cells
        .filter((cell) => !penalty.has(cell))
        .map((cell) => (mode === 'exact' ? exactShape(cell) : roleShape(cell)))
        .filter((cell): cell is string => cell !== null);
    const outer = ancestor(grid, 'table');
    const wrapperRows = outer ? tableRows(outer) : [];
    return {
      division:
        wrapperRows[0] && !findAll(wrapperRows[0], (element) => element === grid).length
          ? cellText(wrapperRows[0])
          : '',
      wrapper:
        mode === 'exact'
          ? wrapperRows.map(
              (row) =>
                `tr[${row.attribs.class ?? ''}] ${rowCells(row)
                  .map(
                    (cell) =>
                      `td[${cell.attribs.class ?? ''}] ${intAttribute(cell, 'colspan')}x${intAttribute(cell, 'rowspan')}`,
                  )
                  .join(' ')}`,
            )
          : [],
      headerRows: headers.map((row) => shape(rowCells(row))),
      groupRows: groups
        .map((row) => ({ name: cellText(rowCells(row)[0]), cells: shape(rowCells(row)) }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    };
  });
}

/**
 * A real page's score grids against ours: matched by division name and place among that division's grids, then
 * compared wrapper, header row and group row, cell for cell (at most three differences a grid, each naming the row
 * and the cell). `unmatched` are the real page's grids without ours (sections the importer leaves out); a grid of
 * ours without a real one is a difference.
 */
export function compareGrids(
  page: string,
  realHtml: string,
  oursHtml: string,
  mode: 'exact' | Generation,
): { differences: string[]; unmatched: GridShape[]; compared: number } {
  const left = gridShapes(oursHtml, mode);
  const differences: string[] = [];
  const unmatched: GridShape[] = [];
  let compared = 0;
  for (const grid of gridShapes(realHtml, mode)) {
    const index = left.findIndex((candidate) => candidate.division === grid.division);
    if (index < 0) unmatched.push(grid);
    else {
      differences.push(...gridDifferences(page, grid, left.splice(index, 1)[0]).slice(0, 3));
      compared += 1;
    }
  }
  for (const grid of left) differences.push(`${page} "${grid.division}": our grid, none on the real page`);
  return { differences, unmatched, compared };
}

function gridDifferences(page: string, real: GridShape, ours: GridShape): string[] {
  const found: string[] = [];
  const where = `${page} "${real.division}"`;
  const compare = (what: string, a: string[], b: string[]) => {
    if (a.length !== b.length) found.push(`${where} ${what}: ${a.length} cells, ours ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i += 1)
      if (a[i] !== b[i]) {
        found.push(`${where} ${what} cell ${i + 1}: "${a[i]}", ours "${b[i]}"`);
        break;
      }
  };
  compare('wrapper', real.wrapper, ours.wrapper);
  if (real.headerRows.length !== ours.headerRows.length)
    found.push(`${where}: ${real.headerRows.length} header rows, ours ${ours.headerRows.length}`);
  real.headerRows.forEach((row, r) => compare(`header row ${r + 1}`, row, ours.headerRows[r] ?? []));
  if (real.groupRows.length !== ours.groupRows.length)
    found.push(`${where}: ${real.groupRows.length} group rows, ours ${ours.groupRows.length}`);
  real.groupRows.forEach((row, r) => compare(`row "${row.name}"`, row.cells, ours.groupRows[r]?.cells ?? []));
  return found;
}

/** The cells of the penalty block's columns (under a header naming penalties, or a "Pen"/"TP" column). */
function penaltyCells(headers: Element[], groups: Element[]): Set<Element> {
  const placed = placeCells(headers);
  const columns = new Set<number>();
  for (const { element, columns: spanned } of placed) {
    const text = cellText(element);
    if (/penalt/i.test(text) || /^(pen|tp)$/i.test(text)) spanned.forEach((column) => columns.add(column));
  }
  const cells = new Set<Element>();
  for (const { element, columns: spanned } of [...placed, ...groups.flatMap((row) => placeCells([row]))])
    if (spanned.every((column) => columns.has(column))) cells.add(element);
  return cells;
}

/** Each cell of the rows with the columns it covers, honouring rowspan and colspan as a browser does. */
function placeCells(rows: Element[]): { element: Element; columns: number[] }[] {
  const taken: boolean[][] = rows.map(() => []);
  const placed: { element: Element; columns: number[] }[] = [];
  rows.forEach((row, r) => {
    let column = 0;
    for (const element of rowCells(row)) {
      while (taken[r][column]) column += 1;
      const colspan = intAttribute(element, 'colspan');
      const rowspan = Math.min(intAttribute(element, 'rowspan'), rows.length - r);
      const columns = Array.from({ length: colspan }, (_, i) => column + i);
      for (let below = r; below < r + rowspan; below += 1) for (const c of columns) taken[below][c] = true;
      placed.push({ element, columns });
      column += colspan;
    }
  });
  return placed;
}

/** A name as text: the real pages write `&` raw where ours escape it (a scraper decodes both alike). */
function decodeText(html: string): string {
  return cellText(parseDocument(`<p>${html}</p>`).children[0]);
}

function isGrid(table: Element): boolean {
  return tableRows(table).some((row) => rowCells(row).some((cell) => hasClass(cell, 'header')));
}

/** The numbers a scraper of the real pages reads from a group's row, by the class of the `td` around each. */
export interface ScrapedRow {
  name: string;
  /** every number kept as a judge's, a caption's or a category's (the doubled panel's combined number left out) */
  kept: number;
  /** the doubled panels' combined numbers (`captionTotal`) */
  combined: number;
  subcaptionTotals: number;
  categoryTotals: number;
  /** how many of the row's numbers print a rank (a reader of the standings skips a row that ranks nothing) */
  ranked: number;
  /** the row's last number, its Total, as printed, with its rank */
  total: string;
}

/**
 * A reader of the kind the public scrapers are (Cadence-Labs' scrape_compsuite.py, written in our own words): each
 * group row starts at its name cell, every `td` around a `table.scoreTable` is a number, and its class words say
 * which: `captionTotal` (a doubled panel's combined number, dropped by that scraper), `subcaptionTotal`,
 * `categoryTotal`, anything else a judge's line or a closing number; the last is the row's Total. A reader of the
 * standings keeps a row by its Total and ranks: a group that did not perform is printed with a Total of 0 over its
 * rank, and a row with no Total and no rank is one such a reader leaves out.
 */
export function scrapeRows(html: string): ScrapedRow[] {
  const rows: ScrapedRow[] = [];
  // a row starts at its name cell, with the location cell after it where the grid has one
  const nameCell =
    /<td class='content topBorder rightBorderDouble'>([^<]+)<\/td>\s*(?:<td class='content topBorder rightBorderDouble'[^>]*>[^<]*<\/td>)?/g;
  const anchors = [...html.matchAll(nameCell)];
  anchors.forEach((anchor, index) => {
    const end = index + 1 < anchors.length ? anchors[index + 1].index : html.length;
    const slice = html.slice(anchor.index + anchor[0].length, end);
    const row: ScrapedRow = {
      name: decodeText(anchor[1]).trim(),
      kept: 0,
      combined: 0,
      subcaptionTotals: 0,
      categoryTotals: 0,
      ranked: 0,
      total: '',
    };
    for (const cell of slice.matchAll(/<td class='([^']*)'[^>]*>\s*<table class='scoreTable'.*?<\/table>\s*<\/td>/gs)) {
      const words = cell[1].split(/\s+/);
      const score = /data-translate-number='([^']*)'/.exec(cell[0])?.[1] ?? '';
      const rank = (/class='content rank'>([^<]*)</.exec(cell[0])?.[1] ?? '').trim();
      if (rank !== '') row.ranked += 1;
      row.total = `${score} ${rank}`;
      if (words.includes('captionTotal')) row.combined += 1;
      else {
        row.kept += 1;
        if (words.includes('subcaptionTotal')) row.subcaptionTotals += 1;
        if (words.includes('categoryTotal')) row.categoryTotals += 1;
      }
    }
    rows.push(row);
  });
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
