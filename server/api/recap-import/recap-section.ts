/**
 * One grid table of a recap page: its header rows read column by column (category, caption, judge, line; the
 * penalty block, Sub Total, Total), then its group rows (`recap-group.ts`).
 */
import type { Element } from 'domhandler';
import { RecapImportError } from './errors.js';
import { ancestor, cellText, findAll, hasClass, intAttribute, rowCells, tableRows } from './html.js';
import type { ParsedCaption, ParsedCategory, ParsedSection } from './parsed-recap.js';
import { readGroup, type ColumnRole } from './recap-group.js';

const CAPTION_TOTAL = /^(\*tot|tot\*|tot|rating)$/i;

interface HeaderCell {
  element: Element;
  text: string;
}

/** What the header rows say, filled in as the columns are read left to right. */
interface SectionHeader {
  /** the columns before the scores: the round label's, the group's name, its location */
  leading: HeaderCell[];
  roles: ColumnRole[];
  categories: ParsedCategory[];
  penaltyJudges: string[];
  hasSubtotal: boolean;
  totalHeader: string;
  afterSubtotal: boolean;
  /** header cells already read, to their category, caption and panel */
  categoryOf: Map<Element, number>;
  captionOf: Map<Element, number>;
  panelOf: Map<Element, number>;
}

export function readSection(grid: Element, index: number, where: string): ParsedSection {
  const rows = tableRows(grid);
  const headerRows: Element[] = [];
  for (const row of rows) {
    if (rowCells(row).some((cell) => hasClass(cell, 'header'))) headerRows.push(row);
    else break;
  }
  const header = readHeader(headerRows, where);
  const groups = rows
    .slice(headerRows.length)
    .filter((row) => rowCells(row).length > 0)
    .map((row, position) =>
      readGroup(row, header.roles, header.categories, header.leading.length, `${where}, group row ${position + 1}`),
    );
  const { categories, penaltyJudges, hasSubtotal, totalHeader } = header;
  const ratings =
    /rating/i.test(totalHeader) ||
    categories.some((category) => category.captions.some((c) => /rating/i.test(c.totalHeader)));
  return {
    index,
    divisionName: divisionNameOf(grid),
    roundLabel: header.leading[0]?.text ?? '',
    scoring: ratings ? 'ratings' : 'scores',
    categories,
    penaltyJudges,
    hasSubtotal,
    hasLocationColumn: header.leading.length > 1,
    totalHeader,
    groups,
  };
}

/** The division name sits in the first row of the table that wraps the grid. */
function divisionNameOf(grid: Element): string {
  const outer = ancestor(grid, 'table');
  if (!outer) return '';
  const first = tableRows(outer)[0];
  if (!first || first.children.includes(grid) || findAll(first, (element) => element === grid).length > 0) return '';
  return cellText(first);
}

function readHeader(headerRows: Element[], where: string): SectionHeader {
  const headerGrid = layoutHeader(headerRows);
  const width = headerGrid[0]?.length ?? 0;
  const depth = headerRows.length;
  if (depth < 3 || depth > 4) throw new RecapImportError(`${where}: expected 3 or 4 header rows, found ${depth}`);
  const header: SectionHeader = {
    leading: [],
    roles: [],
    categories: [],
    penaltyJudges: [],
    hasSubtotal: false,
    totalHeader: '',
    afterSubtotal: false,
    categoryOf: new Map(),
    captionOf: new Map(),
    panelOf: new Map(),
  };
  for (let column = 0; column < width; column += 1) {
    const path = columnPath(headerGrid, column);
    const columnWhere = `${where}, header column ${column + 1} ("${path.map((cell) => cell.text).join(' / ')}")`;
    readColumn(header, path, depth, columnWhere);
  }
  for (const category of header.categories) {
    for (const caption of category.captions) {
      if (!caption.totalHeader && caption.subcaptions.length !== 1) {
        throw new RecapImportError(`${where}: caption "${caption.name}" (${caption.judge}) has no total column`);
      }
    }
  }
  if (!header.roles.some((role) => role.kind === 'total')) throw new RecapImportError(`${where}: no Total column`);
  if (header.leading.length === 0) throw new RecapImportError(`${where}: no group name column`);
  return header;
}

/** One header column: a name column, Sub Total, Total, a penalty column or a score column of a category. */
function readColumn(header: SectionHeader, path: HeaderCell[], depth: number, where: string): void {
  const top = path[0];
  if (path.length === 1 && !hasClass(top.element, 'header')) {
    if (header.roles.length > 0) throw new RecapImportError(`${where}: a name column after score columns`);
    header.leading.push(top);
    return;
  }
  if (path.length === 1 && /^sub ?total$/i.test(top.text)) {
    header.roles.push({ kind: 'subtotal' });
    header.hasSubtotal = true;
    header.afterSubtotal = true;
    return;
  }
  // "Total †": the dagger points at the page's footnote "Placements reflect tiebreaker rule"
  if (path.length === 1 && /^(total|final rating)( †)?$/i.test(top.text)) {
    header.roles.push({ kind: 'total' });
    header.totalHeader = top.text;
    return;
  }
  if (path.length !== depth) throw new RecapImportError(`${where}: header cells span rows unexpectedly`);
  const leaf = path[depth - 1].text;
  if (header.afterSubtotal || /^(pen|tp)$/i.test(leaf) || path.some((cell) => /penalt/i.test(cell.text))) {
    const judge = path[depth - 2].text;
    if (judge && !header.penaltyJudges.includes(judge)) header.penaltyJudges.push(judge);
    header.roles.push({ kind: 'penalty', header: leaf });
    return;
  }
  readScoreColumn(header, path, depth, where);
}

/** A column under a category: a judge's line or caption total, or (under no judge) a panel or category total. */
function readScoreColumn(header: SectionHeader, path: HeaderCell[], depth: number, where: string): void {
  const top = path[0];
  const leaf = path[depth - 1].text;
  let category = header.categoryOf.get(top.element);
  if (category === undefined) {
    category = header.categories.length;
    header.categoryOf.set(top.element, category);
    header.categories.push({ name: top.text, captions: [], panels: [], hasTotal: false });
  }
  const parsedCategory = header.categories[category];
  const judgeCell = path[depth - 2];
  const panelCell = depth === 4 ? path[1] : null;
  const isAggregate = judgeCell.text === '' && intAttribute(judgeCell.element, 'colspan') === 1;
  if (isAggregate) {
    if (!CAPTION_TOTAL.test(leaf)) throw new RecapImportError(`${where}: a column without a judge that is no total`);
    if (panelCell && panelCell.text !== '') {
      const panel = panelIndexFor(parsedCategory, panelCell, header.panelOf);
      parsedCategory.panels[panel].hasTotal = true;
      header.roles.push({ kind: 'panel-total', category, panel });
    } else {
      parsedCategory.hasTotal = true;
      header.roles.push({ kind: 'category-total', category });
    }
    return;
  }
  const caption = captionIndexFor(header, parsedCategory, judgeCell, panelCell, top);
  const parsedCaption: ParsedCaption = parsedCategory.captions[caption];
  if (parsedCaption.totalHeader) throw new RecapImportError(`${where}: a column after the caption total`);
  if (CAPTION_TOTAL.test(leaf)) {
    if (parsedCaption.subcaptions.length === 0) throw new RecapImportError(`${where}: a caption without subcaptions`);
    parsedCaption.totalHeader = leaf;
    header.roles.push({ kind: 'caption-total', category, caption });
  } else {
    parsedCaption.subcaptions.push(leaf);
    header.roles.push({ kind: 'subcaption', category, caption, subcaption: parsedCaption.subcaptions.length - 1 });
  }
}

/** The caption a judge's header cell heads, added to its category (and panel) the first time. */
function captionIndexFor(
  header: SectionHeader,
  category: ParsedCategory,
  judgeCell: HeaderCell,
  panelCell: HeaderCell | null,
  top: HeaderCell,
): number {
  let caption = header.captionOf.get(judgeCell.element);
  if (caption === undefined) {
    caption = category.captions.length;
    header.captionOf.set(judgeCell.element, caption);
    const panel = panelCell ? panelIndexFor(category, panelCell, header.panelOf) : null;
    category.captions.push({
      name: panelCell ? panelCell.text : top.text,
      panelIndex: panel,
      judge: judgeCell.text,
      subcaptions: [],
      totalHeader: '',
    });
    if (panel !== null) category.panels[panel].captionIndexes.push(caption);
  }
  return caption;
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
