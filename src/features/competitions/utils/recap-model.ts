import type { RecapView } from '../../../config/paths';
import type { DivisionRoundScores, PerformanceScores, SheetCategory, SheetSubcaption } from './recap-types';
import type { ScoreFormat } from '../../../../domain/scores';
import { judgeName, lookupPerformance, sectionId, type PerformanceLookup, type Ranked } from './scores-lookup';

export type SortDirection = 'asc' | 'desc';

/** One column of the recap table: a leaf under the category / caption / subcaption headers. */
export interface RecapColumn {
  /** stable across sections with the same sheet: rank, group, total, subtotal, penalty, cat:K, cap:K, sub:K:K */
  id: string;
  /** full name, for headers' accessible names and the phone sort menu */
  label: string;
  /** what the header prints ("Rep", "Tot") */
  short: string;
  kind: 'rank' | 'group' | 'score';
  format: ScoreFormat;
  /** rank 1 in this column is a caption winner and is highlighted */
  highlightWinner: boolean;
  value: (performance: PerformanceScores, lookup: PerformanceLookup) => Ranked | null;
}

export interface HeaderCell {
  key: string;
  label: string;
  /** a second line under the label: the judge on a caption header */
  judge?: string;
  /** the judge's season page */
  judgeHref?: string;
  colSpan: number;
  rowSpan: number;
  /** set on leaf headers: the column they sort */
  columnId?: string;
}

export interface RecapRow {
  performance: PerformanceScores;
  cells: (Ranked | null)[];
}

export interface RecapTable {
  id: string;
  title: string;
  columns: RecapColumn[];
  headerRows: HeaderCell[][];
  rows: RecapRow[];
}

const none = () => null;

/** The ids of the columns that show a number, by what the number is: the recap's columns and its marks use them. */
export const columnIds = {
  category: (categoryKey: string) => `cat:${categoryKey}`,
  caption: (captionKey: string) => `cap:${captionKey}`,
  line: (captionKey: string, lineKey: string) => `sub:${captionKey}:${lineKey}`,
  subtotal: 'subtotal',
  penalty: 'penalty',
  total: 'total',
} as const;

/** The recap's own abbreviations in its headers (the legend lists them with the sheets' line abbreviations). */
export const RECAP_ABBREVIATIONS = {
  captionTotal: { abbreviation: 'Tot', meaning: 'Total', note: "the caption's total, from its judge's lines" },
  penalty: { abbreviation: 'Pen', meaning: 'Timing & Penalties', note: 'taken off the Sub Total to make the Total' },
} as const;

/** What a header prints for a judge's line: the abbreviation the recap gives, else its name. */
export const lineAbbreviation = (line: SheetSubcaption) => line.initials || line.name;

const rankColumn: RecapColumn = {
  id: 'rank',
  label: 'Rank',
  short: 'Rank',
  kind: 'rank',
  format: 'total',
  highlightWinner: false,
  value: (p) => p.total,
};
const groupColumn: RecapColumn = {
  id: 'group',
  label: 'Group',
  short: 'Group',
  kind: 'group',
  format: 'total',
  highlightWinner: false,
  value: none,
};
const subtotalColumn: RecapColumn = {
  id: columnIds.subtotal,
  label: 'Sub Total',
  short: 'Sub Total',
  kind: 'score',
  format: 'total',
  highlightWinner: true,
  value: (p) => (p.performed ? p.subtotal : null),
};
const penaltyColumn: RecapColumn = {
  id: columnIds.penalty,
  label: RECAP_ABBREVIATIONS.penalty.meaning,
  short: RECAP_ABBREVIATIONS.penalty.abbreviation,
  kind: 'score',
  format: 'penalty',
  highlightWinner: false,
  value: (p) => (p.performed ? { score: p.penalty, rank: null } : null),
};
const totalColumn: RecapColumn = {
  id: columnIds.total,
  label: 'Total',
  short: 'Total',
  kind: 'score',
  format: 'total',
  highlightWinner: true,
  value: (p) => (p.performed ? p.total : null),
};

function categoryColumn(category: SheetCategory, short = category.name): RecapColumn {
  return {
    id: columnIds.category(category.key),
    label: category.name,
    short,
    kind: 'score',
    format: 'category',
    highlightWinner: true,
    value: (_p, lookup) => lookup.category(category.key),
  };
}

function leaf(column: RecapColumn, rowSpan = 1): HeaderCell {
  return { key: column.id, label: column.short, colSpan: 1, rowSpan, columnId: column.id };
}

function fullLayout(section: DivisionRoundScores): { columns: RecapColumn[]; headerRows: HeaderCell[][] } {
  const columns: RecapColumn[] = [rankColumn, groupColumn];
  const rows: HeaderCell[][] = [[leaf(rankColumn, 3), leaf(groupColumn, 3)], [], []];
  for (const category of section.sheet.categories) {
    let span = 0;
    for (const caption of category.captions) {
      for (const line of caption.subcaptions) {
        const column: RecapColumn = {
          id: columnIds.line(caption.key, line.key),
          label: `${caption.name} ${line.name}`,
          short: lineAbbreviation(line),
          kind: 'score',
          format: 'subcaption',
          highlightWinner: true,
          value: (_p, lookup) => lookup.subcaption(caption.key, line.key),
        };
        columns.push(column);
        rows[2].push({ ...leaf(column), label: column.short });
      }
      const total: RecapColumn = {
        id: columnIds.caption(caption.key),
        label: `${caption.name} total`,
        short: RECAP_ABBREVIATIONS.captionTotal.abbreviation,
        kind: 'score',
        format: 'caption',
        highlightWinner: true,
        value: (_p, lookup) => lookup.caption(caption.key),
      };
      columns.push(total);
      rows[2].push(leaf(total));
      const width = caption.subcaptions.length + 1;
      rows[1].push({
        key: `caption:${caption.key}`,
        label: caption.name,
        judge: judgeName(caption.judge) ?? undefined,
        judgeHref: caption.judge?.href,
        colSpan: width,
        rowSpan: 1,
      });
      span += width;
    }
    if (category.printsTotal) {
      const total = categoryColumn(category, `${category.name} total`);
      columns.push(total);
      rows[1].push(leaf(total, 2));
      span += 1;
    }
    rows[0].push({ key: `category:${category.key}`, label: category.name, colSpan: span, rowSpan: 1 });
  }
  columns.push(subtotalColumn, penaltyColumn, totalColumn);
  rows[0].push(leaf(subtotalColumn, 3), leaf(penaltyColumn, 3), leaf(totalColumn, 3));
  return { columns, headerRows: rows };
}

export function recapColumns(
  section: DivisionRoundScores,
  view: RecapView,
): { columns: RecapColumn[]; headerRows: HeaderCell[][] } {
  if (view === 'full') return fullLayout(section);
  const columns =
    view === 'summary'
      ? [rankColumn, groupColumn, totalColumn]
      : [
          rankColumn,
          groupColumn,
          ...section.sheet.categories.map((c) => categoryColumn(c)),
          subtotalColumn,
          penaltyColumn,
          totalColumn,
        ];
  return { columns, headerRows: [columns.map((column) => leaf(column))] };
}

export function defaultDirection(columnId: string): SortDirection {
  return columnId === 'rank' || columnId === 'group' ? 'asc' : 'desc';
}

/**
 * Orders performances by a column. Groups that did not perform stay last whatever the direction; equal values
 * keep the official order (by total rank).
 */
export function sortPerformances(
  performances: PerformanceScores[],
  column: RecapColumn,
  direction: SortDirection = defaultDirection(column.id),
): PerformanceScores[] {
  const sign = direction === 'asc' ? 1 : -1;
  const official = (a: PerformanceScores, b: PerformanceScores) =>
    (a.total.rank ?? Number.MAX_SAFE_INTEGER) - (b.total.rank ?? Number.MAX_SAFE_INTEGER) ||
    a.group.name.localeCompare(b.group.name);
  const lookups = new Map(performances.map((p) => [p, lookupPerformance(p)]));
  const compare = (a: PerformanceScores, b: PerformanceScores): number => {
    if (a.performed !== b.performed) return a.performed ? -1 : 1;
    if (column.kind === 'group') return sign * a.group.name.localeCompare(b.group.name);
    if (column.kind === 'rank') return sign * official(a, b);
    const va = column.value(a, lookups.get(a)!);
    const vb = column.value(b, lookups.get(b)!);
    if (va === null || vb === null) return va === vb ? official(a, b) : va === null ? 1 : -1;
    return sign * (va.score - vb.score) || official(a, b);
  };
  return [...performances].sort(compare);
}

/** `layout` is recapColumns(section, view), passed in to keep the same columns (and memoized rows) across sorts. */
export function buildRecapTable(
  section: DivisionRoundScores,
  view: RecapView,
  sort: { columnId?: string; direction?: SortDirection } = {},
  layout: { columns: RecapColumn[]; headerRows: HeaderCell[][] } = recapColumns(section, view),
): RecapTable {
  const { columns, headerRows } = layout;
  const sortColumn = columns.find((column) => column.id === sort.columnId) ?? rankColumn;
  const direction =
    sortColumn.id === sort.columnId && sort.direction ? sort.direction : defaultDirection(sortColumn.id);
  const rows = sortPerformances(section.performances, sortColumn, direction).map((performance) => {
    const lookup = lookupPerformance(performance);
    return { performance, cells: columns.map((column) => column.value(performance, lookup)) };
  });
  return {
    id: sectionId(section),
    title: `${section.division.name} — ${section.round.name}`,
    columns,
    headerRows,
    rows,
  };
}

export function parseView(value: string | null): RecapView {
  return value === 'categories' || value === 'full' ? value : 'summary';
}

export function parseDirection(value: string | null): SortDirection | undefined {
  return value === 'asc' || value === 'desc' ? value : undefined;
}
