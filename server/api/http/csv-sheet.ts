/**
 * A judge's sheet sent as CSV (POST /competitions/{id}/scores with text/csv): a header row, then a row per group;
 * the first column names the performance (`performanceId`, or `group`: the group's name in the division and
 * round), the others are the caption's subcaptions by key. Every problem is named by its row (the header is row 1,
 * as a spreadsheet numbers them) and column, all of them in one 422. Cells are read by position into lists and
 * Maps, never into an object by the client's names.
 */
import type { CaptionDef } from '../tabulation/types.js';
import type { ScoreLine } from '../db/repositories/score-entries.read.js';
import type { CaptionEntryInput } from '../db/repositories/scores.write.js';
import type { SheetSection } from '../db/repositories/seats.read.js';
import type { EntryState } from '../../../domain/score-entries.js';
import { ApiProblem, type FieldProblem } from './problem.js';

const NUMBER = /^\d{1,4}(?:\.\d{1,3})?$/;

/** A sheet's rows as entries, with each entry's row number and its lines' column names (for later errors). */
export interface CsvEntries {
  entries: CaptionEntryInput[];
  rows: number[];
  columns: string[][];
}

export function entriesFromCsv(
  text: string,
  section: SheetSection,
  caption: CaptionDef,
  state: EntryState | undefined,
  maxRows: number,
): CsvEntries {
  const problems: FieldProblem[] = [];
  const problem = (row: number, column: string, message: string) =>
    problems.push({
      name: `row ${row}, column ${column}`,
      in: 'body',
      message: `row ${row}, column ${column}: ${message}`,
    });
  const table = parseCsv(text);
  if (table === undefined) throw invalid([{ name: 'body', in: 'body', message: 'a quoted cell is not closed' }]);
  const rows = table
    .map((cells, index) => ({ cells, row: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (rows.length < 2) {
    throw invalid([{ name: 'body', in: 'body', message: 'a header row and at least one row of scores are needed' }]);
  }
  if (rows.length - 1 > maxRows) {
    throw invalid([{ name: 'body', in: 'body', message: `at most ${maxRows} rows of scores` }]);
  }

  // the header: what each column is
  const header = rows[0].cells.map((cell) => cell.trim());
  const first = header[0].toLowerCase();
  if (first !== 'performanceid' && first !== 'group')
    problem(rows[0].row, '1', 'the first column is performanceId or group');
  const lines: (CaptionDef['subcaptions'][number] | undefined)[] = [];
  const seenLines = new Set<string>();
  header.slice(1).forEach((name, index) => {
    const line = caption.subcaptions.find((sub) => sub.key === name);
    if (!line) {
      problem(
        rows[0].row,
        name.slice(0, 50) || String(index + 2),
        `caption "${caption.key}" has no subcaption "${name}"`,
      );
    } else if (seenLines.has(line.key)) {
      problem(rows[0].row, name.slice(0, 50), 'this column is there twice');
    }
    if (line) seenLines.add(line.key);
    lines.push(line);
  });
  if (problems.length > 0) throw invalid(problems);

  const byName = new Map<string, number[]>();
  for (const performance of section.performances) {
    const key = performance.groupName.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), performance.id]);
  }
  const inSection = new Set(section.performances.map((performance) => performance.id));
  const result: CsvEntries = { entries: [], rows: [], columns: [] };
  const seen = new Set<number>();
  rows.slice(1).forEach(({ cells, row }) => {
    if (cells.length > header.length) {
      problem(row, String(header.length + 1), `the header has ${header.length} columns`);
      return;
    }
    const label = cells[0].trim();
    let performanceId: number | undefined;
    if (first === 'performanceid') {
      performanceId = /^\d{1,10}$/.test(label) ? Number(label) : undefined;
      if (performanceId === undefined || !inSection.has(performanceId)) {
        problem(row, header[0], `"${label}" is not a performance of this division and round`);
        return;
      }
    } else {
      const ids = byName.get(label.toLowerCase()) ?? [];
      if (ids.length !== 1) {
        problem(
          row,
          header[0],
          ids.length === 0
            ? `no group "${label}" performs in this division and round`
            : `"${label}" performs more than once here: use performanceId`,
        );
        return;
      }
      performanceId = ids[0];
    }
    if (seen.has(performanceId)) {
      problem(row, header[0], `performance ${performanceId} is on an earlier row too`);
      return;
    }
    seen.add(performanceId);
    const scores: ScoreLine[] = [];
    const columns: string[] = [];
    lines.forEach((line, index) => {
      const cell = (cells[index + 1] ?? '').trim();
      if (cell === '' || !line) return;
      if (!NUMBER.test(cell)) {
        problem(row, line.key, `"${cell.slice(0, 20)}" is not a number with at most three fraction digits`);
        return;
      }
      const score = Number(cell);
      if (score > line.max) {
        problem(row, line.key, `${caption.name}: ${line.name} can be at most ${line.max} (${cell} given)`);
        return;
      }
      scores.push({ subcaptionKey: line.key, score });
      columns.push(line.key);
    });
    if (scores.length === 0) return; // a group not scored yet: its row is left alone
    result.entries.push({ performanceId, captionKey: caption.key, scores, state });
    result.rows.push(row);
    result.columns.push(columns);
  });
  if (problems.length > 0) throw invalid(problems);
  if (result.entries.length === 0) {
    throw invalid([{ name: 'body', in: 'body', message: 'no row has a score' }]);
  }
  return result;
}

/** How a later refusal of entry `index` names its place in the sheet: `row 3, column voc`. */
export function csvFieldName(csv: CsvEntries) {
  return (index: number, field: string): string => {
    const row = csv.rows[index] ?? 0;
    const line = /^scores\[(\d+)\]/.exec(field);
    const column = line ? csv.columns[index]?.[Number(line[1])] : undefined;
    return `row ${row}, column ${column ?? (field === 'performanceId' ? '1' : field)}`;
  };
}

function invalid(errors: FieldProblem[]): ApiProblem {
  return new ApiProblem(
    422,
    'rule_violation',
    errors.length === 1
      ? errors[0].message
      : `${errors.length} problems in the sheet, each named by its row and column`,
    errors.slice(0, 100),
  );
}

/**
 * RFC 4180 rows: fields separated by commas, rows by CRLF or LF, a field in double quotes may hold commas, line
 * breaks and doubled quotes. Undefined when a quoted field is never closed.
 */
export function parseCsv(text: string): string[][] | undefined {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (quoted) return undefined;
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
