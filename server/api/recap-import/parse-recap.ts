import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { RecapImportError } from './errors.js';
import { cellText, childElements, findAll, hasClass, intAttribute, rowCells, tableRows } from './html.js';

/**
 * Reads a CompetitionSuite recap page into a neutral structure that keeps every published number as printed
 * (text plus rank). Nothing is computed here; `to-import.ts` turns this into score sheets and scores.
 *
 * The pages come in several markup generations (2013-2017 without `</td>` and with "Tot*" headers, newer ones
 * with `data-translate-number` cells, drum corps pages with a fourth header row for caption names). They share one
 * idea that the reader relies on: a grid table whose header rows name, column by column, the category, (caption,)
 * judge and subcaption, followed by one row per group in which every column holds a score over its rank.
 */

export interface PublishedNumber {
  /** exactly as printed ("18.575", ".2", "-4.50", "" for a blank cell, "Excellent" on festival sheets) */
  text: string;
  rank: number | null;
}

export interface ParsedCaption {
  /** caption header on drum corps pages ("General Effect 1"), otherwise the category name */
  name: string;
  /** index of the caption header cell this judge sits under (drum corps pages), for doubled caption panels */
  panelIndex: number | null;
  judge: string;
  subcaptions: string[];
  /**
   * the header over the caption total: "*Tot"/"Tot*" (weighted), "Tot" (plain) or "Rating"; "" when the caption
   * has a single line and no total column (drum corps SoundSport sheets), so its line is its total
   */
  totalHeader: string;
}

export interface ParsedPanel {
  name: string;
  captionIndexes: number[];
  /** true when the page prints the panel's own total (drum corps doubled captions) */
  hasTotal: boolean;
}

export interface ParsedCategory {
  name: string;
  captions: ParsedCaption[];
  panels: ParsedPanel[];
  /** true when the page prints a category total column after the captions */
  hasTotal: boolean;
}

export interface ParsedGroupCategory {
  /** `total` is null for a caption without a total column (see `ParsedCaption.totalHeader`) */
  captions: { subcaptions: PublishedNumber[]; total: PublishedNumber | null }[];
  /** one per panel that has a printed total, in panel order */
  panels: (PublishedNumber | null)[];
  total: PublishedNumber | null;
}

export interface ParsedGroup {
  name: string;
  location: string;
  categories: ParsedGroupCategory[];
  /** every column of the penalty block in page order, with its header */
  penalties: { header: string; number: PublishedNumber }[];
  subtotal: PublishedNumber | null;
  total: PublishedNumber;
}

export interface ParsedSection {
  /** 1-based position of the section on the page, used in error messages */
  index: number;
  divisionName: string;
  /** text in the top-left header cell ("Round 5", "Red Round", "SA WHITE", "") */
  roundLabel: string;
  /** festival sections publish words ("Excellent") instead of numbers */
  scoring: 'scores' | 'ratings';
  categories: ParsedCategory[];
  penaltyJudges: string[];
  hasSubtotal: boolean;
  totalHeader: string;
  groups: ParsedGroup[];
}

export interface ParsedRecapPage {
  title: string;
  location: string;
  /** ISO yyyy-mm-dd, or null when the page does not print the event date (some 2013 pages) */
  date: string | null;
  chiefJudge: string | null;
  sections: ParsedSection[];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const DATE_PATTERN =
  /^(?:Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday),\s+([A-Za-z]+)\s+(\d{1,2}),\s+(\d{4})(?:\s+-\s+(.*))?$/;

const CAPTION_TOTAL = /^(\*tot|tot\*|tot|rating)$/i;

export function parseRecapPage(html: string, source = 'recap page'): ParsedRecapPage {
  const document = parseDocument(html);
  const nodes = document.children;
  const header = readPageHeader(nodes, source);
  const chiefJudgeCell = findAll(nodes, (element) => element.name === 'div' && hasClass(element, 'chiefJudge'))[0];
  const chiefJudge = chiefJudgeCell
    ? cellText(chiefJudgeCell)
        .replace(/^(head|chief)\s+judge\s*:\s*/i, '')
        .trim() || null
    : null;

  const gridTables = findAll(nodes, (element) => element.name === 'table' && isGridTable(element));
  if (gridTables.length === 0) throw new RecapImportError(`${source}: no recap table found`);
  const sections = gridTables.map((table, position) =>
    readSection(table, position + 1, `${source}, section ${position + 1}`),
  );
  return { ...header, chiefJudge, sections };
}

function isGridTable(table: Element): boolean {
  return tableRows(table).some((row) => rowCells(row).some((cell) => hasClass(cell, 'header')));
}

function readPageHeader(
  nodes: Element['children'],
  source: string,
): Pick<ParsedRecapPage, 'title' | 'location' | 'date'> {
  const logo = findAll(nodes, (element) => element.name === 'img' && element.attribs.alt === 'Logo')[0];
  const headerRow = logo ? ancestor(logo, 'tr') : null;
  const middle = headerRow ? rowCells(headerRow)[1] : undefined;
  if (!middle) throw new RecapImportError(`${source}: the page header (title, date, place) is missing`);
  const lines = childElements(middle, 'div').map(cellText);
  const title = lines[0] ?? '';
  let location = '';
  let date: string | null = null;
  for (const line of lines.slice(1)) {
    const match = DATE_PATTERN.exec(line);
    if (match && date === null) {
      date = isoDate(match[1], match[2], match[3], source);
      if (match[4] && !location) location = match[4].trim();
    } else if (line && !location && line !== title) {
      // Some 2013 pages print the show name again where the place belongs; that is no location.
      location = line;
    }
  }
  return { title, location, date };
}

function isoDate(monthName: string, day: string, year: string, source: string): string {
  const month = MONTHS.indexOf(monthName.toLowerCase());
  if (month < 0) throw new RecapImportError(`${source}: unknown month "${monthName}" in the event date`);
  return `${year}-${String(month + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

function ancestor(element: Element, tag: string): Element | null {
  let current = element.parent;
  while (current && current.type === 'tag') {
    if ((current as Element).name === tag) return current as Element;
    current = current.parent;
  }
  return null;
}

/** The division name sits in the first row of the table that wraps the grid. */
function divisionNameOf(grid: Element): string {
  const outer = ancestor(grid, 'table');
  if (!outer) return '';
  const first = tableRows(outer)[0];
  if (!first || first.children.includes(grid) || findAll(first, (element) => element === grid).length > 0) return '';
  return cellText(first);
}

interface HeaderCell {
  element: Element;
  text: string;
}

type ColumnRole =
  | { kind: 'subcaption'; category: number; caption: number; subcaption: number }
  | { kind: 'caption-total'; category: number; caption: number }
  | { kind: 'panel-total'; category: number; panel: number }
  | { kind: 'category-total'; category: number }
  | { kind: 'penalty'; header: string }
  | { kind: 'subtotal' }
  | { kind: 'total' };

function readSection(grid: Element, index: number, where: string): ParsedSection {
  const rows = tableRows(grid);
  const headerRows: Element[] = [];
  for (const row of rows) {
    if (rowCells(row).some((cell) => hasClass(cell, 'header'))) headerRows.push(row);
    else break;
  }
  const headerGrid = layoutHeader(headerRows);
  const width = headerGrid[0]?.length ?? 0;
  const depth = headerRows.length;
  if (depth < 3 || depth > 4) throw new RecapImportError(`${where}: expected 3 or 4 header rows, found ${depth}`);

  const leading: HeaderCell[] = [];
  const roles: ColumnRole[] = [];
  const categories: ParsedCategory[] = [];
  const penaltyJudges: string[] = [];
  let hasSubtotal = false;
  let totalHeader = '';
  let afterSubtotal = false;
  const categoryOf = new Map<Element, number>();
  const captionOf = new Map<Element, number>();
  const panelOf = new Map<Element, number>();

  for (let column = 0; column < width; column += 1) {
    const path = columnPath(headerGrid, column);
    const top = path[0];
    const columnWhere = `${where}, header column ${column + 1} ("${path.map((cell) => cell.text).join(' / ')}")`;
    if (path.length === 1 && !hasClass(top.element, 'header')) {
      if (roles.length > 0) throw new RecapImportError(`${columnWhere}: a name column after score columns`);
      leading.push(top);
      continue;
    }
    if (path.length === 1 && /^sub ?total$/i.test(top.text)) {
      roles.push({ kind: 'subtotal' });
      hasSubtotal = true;
      afterSubtotal = true;
      continue;
    }
    // "Total †": the dagger points at the page's footnote "Placements reflect tiebreaker rule"
    if (path.length === 1 && /^(total|final rating)( †)?$/i.test(top.text)) {
      roles.push({ kind: 'total' });
      totalHeader = top.text;
      continue;
    }
    if (path.length !== depth) throw new RecapImportError(`${columnWhere}: header cells span rows unexpectedly`);
    const leaf = path[depth - 1].text;
    if (afterSubtotal || /^(pen|tp)$/i.test(leaf) || path.some((cell) => /penalt/i.test(cell.text))) {
      const judge = path[depth - 2].text;
      if (judge && !penaltyJudges.includes(judge)) penaltyJudges.push(judge);
      roles.push({ kind: 'penalty', header: leaf });
      continue;
    }

    let category = categoryOf.get(top.element);
    if (category === undefined) {
      category = categories.length;
      categoryOf.set(top.element, category);
      categories.push({ name: top.text, captions: [], panels: [], hasTotal: false });
    }
    const parsedCategory = categories[category];
    const judgeCell = path[depth - 2];
    const panelCell = depth === 4 ? path[1] : null;
    const isAggregate = judgeCell.text === '' && intAttribute(judgeCell.element, 'colspan') === 1;
    if (isAggregate) {
      if (!CAPTION_TOTAL.test(leaf))
        throw new RecapImportError(`${columnWhere}: a column without a judge that is no total`);
      if (panelCell && panelCell.text !== '') {
        const panel = panelIndexFor(parsedCategory, panelCell, panelOf);
        parsedCategory.panels[panel].hasTotal = true;
        roles.push({ kind: 'panel-total', category, panel });
      } else {
        parsedCategory.hasTotal = true;
        roles.push({ kind: 'category-total', category });
      }
      continue;
    }
    let caption = captionOf.get(judgeCell.element);
    if (caption === undefined) {
      caption = parsedCategory.captions.length;
      captionOf.set(judgeCell.element, caption);
      const panel = panelCell ? panelIndexFor(parsedCategory, panelCell, panelOf) : null;
      parsedCategory.captions.push({
        name: panelCell ? panelCell.text : top.text,
        panelIndex: panel,
        judge: judgeCell.text,
        subcaptions: [],
        totalHeader: '',
      });
      if (panel !== null) parsedCategory.panels[panel].captionIndexes.push(caption);
    }
    const parsedCaption = parsedCategory.captions[caption];
    if (parsedCaption.totalHeader) throw new RecapImportError(`${columnWhere}: a column after the caption total`);
    if (CAPTION_TOTAL.test(leaf)) {
      if (parsedCaption.subcaptions.length === 0)
        throw new RecapImportError(`${columnWhere}: a caption without subcaptions`);
      parsedCaption.totalHeader = leaf;
      roles.push({ kind: 'caption-total', category, caption });
    } else {
      parsedCaption.subcaptions.push(leaf);
      roles.push({ kind: 'subcaption', category, caption, subcaption: parsedCaption.subcaptions.length - 1 });
    }
  }

  for (const category of categories) {
    for (const caption of category.captions) {
      if (!caption.totalHeader && caption.subcaptions.length !== 1) {
        throw new RecapImportError(`${where}: caption "${caption.name}" (${caption.judge}) has no total column`);
      }
    }
  }
  if (!roles.some((role) => role.kind === 'total')) throw new RecapImportError(`${where}: no Total column`);
  if (leading.length === 0) throw new RecapImportError(`${where}: no group name column`);

  const scoring =
    /rating/i.test(totalHeader) ||
    categories.some((category) => category.captions.some((c) => /rating/i.test(c.totalHeader)))
      ? 'ratings'
      : 'scores';
  const groups = rows
    .slice(headerRows.length)
    .filter((row) => rowCells(row).length > 0)
    .map((row, position) => readGroup(row, roles, categories, leading.length, `${where}, group row ${position + 1}`));

  return {
    index,
    divisionName: divisionNameOf(grid),
    roundLabel: leading[0]?.text ?? '',
    scoring,
    categories,
    penaltyJudges,
    hasSubtotal,
    totalHeader,
    groups,
  };
}

function panelIndexFor(category: ParsedCategory, cell: HeaderCell, panelOf: Map<Element, number>): number {
  let panel = panelOf.get(cell.element);
  if (panel === undefined) {
    panel = category.panels.length;
    panelOf.set(cell.element, panel);
    category.panels.push({ name: cell.text, captionIndexes: [], hasTotal: false });
  }
  return panel;
}

/** Places header cells on a grid honouring rowspan and colspan, as a browser would. */
function layoutHeader(headerRows: Element[]): HeaderCell[][] {
  const grid: HeaderCell[][] = headerRows.map(() => []);
  headerRows.forEach((row, rowIndex) => {
    let column = 0;
    for (const element of rowCells(row)) {
      while (grid[rowIndex][column]) column += 1;
      const cell = { element, text: cellText(element) };
      const rowspan = Math.min(intAttribute(element, 'rowspan'), headerRows.length - rowIndex);
      const colspan = intAttribute(element, 'colspan');
      for (let r = rowIndex; r < rowIndex + rowspan; r += 1) {
        for (let c = column; c < column + colspan; c += 1) grid[r][c] = cell;
      }
      column += colspan;
    }
  });
  const width = Math.max(...grid.map((row) => row.length));
  grid.forEach((row, rowIndex) => {
    for (let column = 0; column < width; column += 1) {
      if (!row[column]) {
        throw new RecapImportError(`header row ${rowIndex + 1} leaves column ${column + 1} empty`);
      }
    }
  });
  return grid;
}

function columnPath(grid: HeaderCell[][], column: number): HeaderCell[] {
  const path: HeaderCell[] = [];
  for (const row of grid) {
    const cell = row[column];
    if (path[path.length - 1] !== cell) path.push(cell);
  }
  return path;
}

function readGroup(
  row: Element,
  roles: ColumnRole[],
  categories: ParsedCategory[],
  leadingCount: number,
  where: string,
): ParsedGroup {
  const cells = rowCells(row);
  const nameCells = cells.filter((cell) => !hasScoreTable(cell));
  const scoreCells = cells.filter(hasScoreTable);
  if (nameCells.length !== leadingCount || cells.indexOf(scoreCells[0]) !== leadingCount) {
    throw new RecapImportError(
      `${where}: expected ${leadingCount} name cell(s) before the scores, found ${nameCells.length}`,
    );
  }
  const name = cellText(nameCells[0]);
  if (scoreCells.length !== roles.length) {
    throw new RecapImportError(
      `${where} ("${name}"): ${scoreCells.length} score cells under ${roles.length} header columns`,
    );
  }
  const group: ParsedGroup = {
    name,
    location: leadingCount > 1 ? cellText(nameCells[1]) : '',
    categories: categories.map((category) => ({
      captions: category.captions.map(() => ({ subcaptions: [], total: null })),
      panels: category.panels.map(() => null),
      total: null,
    })),
    penalties: [],
    subtotal: null,
    total: { text: '', rank: null },
  };
  roles.forEach((role, column) => {
    const number = readNumber(scoreCells[column]);
    switch (role.kind) {
      case 'subcaption':
        group.categories[role.category].captions[role.caption].subcaptions[role.subcaption] = number;
        break;
      case 'caption-total':
        group.categories[role.category].captions[role.caption].total = number;
        break;
      case 'panel-total':
        group.categories[role.category].panels[role.panel] = number;
        break;
      case 'category-total':
        group.categories[role.category].total = number;
        break;
      case 'penalty':
        group.penalties.push({ header: role.header, number });
        break;
      case 'subtotal':
        group.subtotal = number;
        break;
      case 'total':
        group.total = number;
        break;
    }
  });
  return group;
}

function hasScoreTable(cell: Element): boolean {
  return findAll(cell.children, (element) => element.name === 'table' && hasClass(element, 'scoreTable')).length > 0;
}

function readNumber(cell: Element): PublishedNumber {
  const scoreCell = findAll(cell.children, (element) => element.name === 'td' && hasClass(element, 'score'))[0];
  const rankCell = findAll(cell.children, (element) => element.name === 'td' && hasClass(element, 'rank'))[0];
  const text = scoreCell ? (scoreCell.attribs['data-translate-number'] ?? cellText(scoreCell)).trim() : '';
  const rankText = rankCell ? cellText(rankCell) : '';
  return { text, rank: /^\d+$/.test(rankText) ? Number(rankText) : null };
}
