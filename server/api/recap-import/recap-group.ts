/** One group's row of a recap grid: each score cell read by the role its header column gave it. */
import type { Element } from 'domhandler';
import { RecapImportError } from './errors.js';
import { cellText, findAll, hasClass, rowCells } from './html.js';
import type { ParsedCategory, ParsedGroup, PublishedNumber } from './parsed-recap.js';

/** What a score column holds, read from its header cells (`recap-section.ts`). */
export type ColumnRole =
  | { kind: 'subcaption'; category: number; caption: number; subcaption: number }
  | { kind: 'caption-total'; category: number; caption: number }
  | { kind: 'panel-total'; category: number; panel: number }
  | { kind: 'category-total'; category: number }
  | { kind: 'penalty'; header: string }
  | { kind: 'subtotal' }
  | { kind: 'total' };

export function readGroup(
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
  roles.forEach((role, column) => place(group, role, readNumber(scoreCells[column])));
  return group;
}

/** Puts a score cell's number where its column's role says it belongs. */
function place(group: ParsedGroup, role: ColumnRole, number: PublishedNumber): void {
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
