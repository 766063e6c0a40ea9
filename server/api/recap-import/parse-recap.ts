import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { RecapImportError } from './errors.js';
import { ancestor, cellText, childElements, findAll, hasClass, rowCells, tableRows } from './html.js';
import type { ParsedRecapPage } from './parsed-recap.js';
import { readSection } from './recap-section.js';

/**
 * Reads a CompetitionSuite recap page into a neutral structure that keeps every published number as printed
 * (text plus rank). Nothing is computed here; `to-import.ts` turns this into score sheets and scores.
 *
 * The pages come in several markup generations (2013-2017 without `</td>` and with "Tot*" headers, newer ones
 * with `data-translate-number` cells, drum corps pages with a fourth header row for caption names). They share one
 * idea that the reader relies on: a grid table whose header rows name, column by column, the category, (caption,)
 * judge and subcaption, followed by one row per group in which every column holds a score over its rank. This module
 * reads the page's header; `recap-section.ts` each grid, `recap-group.ts` each group's row.
 */

export type {
  ParsedCaption,
  ParsedCategory,
  ParsedGroup,
  ParsedGroupCategory,
  ParsedPanel,
  ParsedRecapPage,
  ParsedSection,
  PublishedNumber,
} from './parsed-recap.js';

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
