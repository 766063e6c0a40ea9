import { memo, useMemo } from 'react';
import { ScrollRegion, useFitWhenPrinted } from '../../../components/more-columns';
import { Link } from 'react-router';
import type { PerformanceScores } from '../utils/recap-types';
import { formatRank } from '../../../lib/format';
import type {
  HeaderCell,
  RecapColumn,
  RecapRow as RecapRowModel,
  RecapTable as RecapTableModel,
  SortDirection,
} from '../utils/recap-model';
import { ScoreValue, winnerCellClass } from './score-value';

interface RecapTableProps {
  table: RecapTableModel;
  sortColumnId: string;
  sortDirection: SortDirection;
  onSort: (columnId: string) => void;
}

/*
 * Rank, Group and Total stay in view at the left while the captions scroll, side by side at fixed widths: each sticky
 * cell's offset is the widths before it, so none ever slides over another, and Total (what a reader looks for first)
 * no longer sits at the right edge over the last captions (it covered the General Effect columns there). The region
 * snaps each column's start to the sticky block's edge (scrollPadding), so at rest no caption is half under it.
 */
const stickyRank =
  'sticky left-0 z-10 w-18 min-w-18 max-w-18 bg-white dark:bg-slate-950 [thead_&]:bg-slate-100 dark:[thead_&]:bg-slate-900';
const stickyGroup =
  'sticky left-18 z-10 w-52 min-w-52 max-w-52 bg-white dark:bg-slate-950 [thead_&]:bg-slate-100 dark:[thead_&]:bg-slate-900';
const stickyTotal =
  'sticky left-70 z-10 w-24 min-w-24 max-w-24 bg-white shadow-[1px_0_0_0_var(--color-slate-300)] dark:bg-slate-950 dark:shadow-[1px_0_0_0_var(--color-slate-700)] [thead_&]:bg-slate-100 dark:[thead_&]:bg-slate-900';
/** The sticky block's width (18 + 52 + 24 in Tailwind's quarter rems): where a scrolled column's start rests. */
const STICKY_WIDTH = 'scroll-pl-[23.5rem]';
/** A spanning header's label: held at the sticky block's edge while the rest of its columns are in view. */
const STICKY_LABEL = 'sticky left-94';
/** Each scrolled column snaps its start there (on its first header row's leaf and its first body row's cell). */
const SNAP = 'snap-start';
const stickyOf = (columnId: string | undefined) =>
  columnId === 'rank' ? stickyRank : columnId === 'group' ? stickyGroup : columnId === 'total' ? stickyTotal : '';

/** The columns in the table's order: Total moved beside Group, into the sticky block; the rest as the sheet has them. */
function displayOrder(columns: readonly RecapColumn[]): number[] {
  const order = columns.map((_, index) => index);
  const total = columns.findIndex((column) => column.id === 'total');
  const group = columns.findIndex((column) => column.id === 'group');
  if (total < 0 || group < 0) return order;
  order.splice(total, 1);
  order.splice(group + 1, 0, total);
  return order;
}

/** A header row in the same order: Total's cell (it spans every header row) beside Group's. */
function headerOrder(row: readonly HeaderCell[]): HeaderCell[] {
  const total = row.findIndex((cell) => cell.columnId === 'total');
  const group = row.findIndex((cell) => cell.columnId === 'group');
  if (total < 0 || group < 0) return [...row];
  const cells = row.filter((_, index) => index !== total);
  cells.splice(group + 1, 0, row[total]);
  return cells;
}

function HeaderCellView({
  cell,
  sortColumnId,
  sortDirection,
  onSort,
  label,
}: {
  cell: HeaderCell;
  sortColumnId: string;
  sortDirection: SortDirection;
  onSort: (id: string) => void;
  label?: string;
}) {
  const sticky = stickyOf(cell.columnId);
  const sorted = cell.columnId !== undefined && cell.columnId === sortColumnId;
  if (cell.columnId === undefined) {
    return (
      <th
        scope="colgroup"
        colSpan={cell.colSpan}
        rowSpan={cell.rowSpan}
        className="border-x border-slate-300 text-center dark:border-slate-700"
      >
        {/* the label keeps clear of the sticky block while its columns scroll under it: it read "G" half covered */}
        <span className={`${STICKY_LABEL} inline-block`}>
          <span className="block">{cell.label}</span>
          {cell.judge ? (
            <span className="block text-xs font-normal">
              {cell.judgeHref ? (
                <Link className="link" to={cell.judgeHref}>
                  {cell.judge}
                </Link>
              ) : (
                cell.judge
              )}
            </span>
          ) : null}
        </span>
      </th>
    );
  }
  const numeric = cell.columnId !== 'group';
  const arrow = sorted ? (sortDirection === 'asc' ? '▲' : '▼') : '';
  return (
    <th
      scope="col"
      colSpan={cell.colSpan}
      rowSpan={cell.rowSpan}
      aria-sort={sorted ? (sortDirection === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`${sticky || SNAP} ${numeric ? 'text-right' : ''} whitespace-nowrap`}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded px-0.5 hover:underline"
        title={label ?? cell.label}
        onClick={() => onSort(cell.columnId!)}
      >
        <span aria-hidden={label ? true : undefined}>{cell.label}</span>
        {label ? <span className="sr-only">{label}</span> : null}
        <span aria-hidden="true" className="w-3 text-xs">
          {arrow}
        </span>
      </button>
    </th>
  );
}

/** The recap as a table on wide screens: grouped headers like the published page, the group column in view. */
export function RecapTable({ table, sortColumnId, sortDirection, onSort }: RecapTableProps) {
  const labels = new Map(table.columns.map((column) => [column.id, column.label]));
  const captionId = `recap-${table.id}`;
  const tableRef = useFitWhenPrinted<HTMLTableElement>();
  const order = useMemo(() => displayOrder(table.columns), [table.columns]);
  return (
    <ScrollRegion
      aria-labelledby={captionId}
      className={`recap-region skip-offscreen snap-x snap-mandatory ${STICKY_WIDTH} rounded-md border border-slate-300 [--offscreen-size:30rem] dark:border-slate-700`}
    >
      <table ref={tableRef} className="data-table recap-table">
        <caption id={captionId} className="sr-only">
          {table.title}
          <span className="sr-only">
            , sorted by {labels.get(sortColumnId) ?? 'rank'}, {sortDirection === 'asc' ? 'ascending' : 'descending'}
          </span>
        </caption>
        <thead>
          {table.headerRows.map((row, index) => (
            <tr key={index}>
              {headerOrder(row).map((cell) => (
                <HeaderCellView
                  key={cell.key}
                  cell={cell}
                  label={
                    cell.columnId && labels.get(cell.columnId) !== cell.label ? labels.get(cell.columnId) : undefined
                  }
                  sortColumnId={sortColumnId}
                  sortDirection={sortDirection}
                  onSort={onSort}
                />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <RecapRow
              first={index === 0}
              order={order}
              key={row.performance.performanceId}
              columns={table.columns}
              performance={row.performance}
              cells={row.cells}
            />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

interface RecapRowProps {
  columns: RecapColumn[];
  /** the columns' indexes in the table's order (displayOrder) */
  order: number[];
  /** the first row carries the columns' snap points */
  first: boolean;
  performance: PerformanceScores;
  cells: RecapRowModel['cells'];
}

/**
 * One group's row. The cells are a function of the columns and the performance, so a new sort, which keeps both,
 * moves the row without rendering it again.
 */
const RecapRow = memo(
  function RecapRow({ columns, order, first, performance, cells }: RecapRowProps) {
    return (
      <tr>
        {order.map((index) => {
          const column = columns[index];
          if (column.kind === 'rank') {
            return (
              <td key={column.id} className={`${stickyRank} num font-semibold`}>
                {performance.performed ? formatRank(performance.total.rank) : '—'}
              </td>
            );
          }
          if (column.kind === 'group') {
            return (
              <th key={column.id} scope="row" className={`${stickyGroup} font-normal`}>
                <Link className="link font-semibold" to={performance.group.href}>
                  {performance.group.name}
                </Link>
                {performance.group.location ? (
                  <span className="block text-xs text-slate-700 dark:text-slate-300">{performance.group.location}</span>
                ) : null}
                {!performance.performed ? (
                  <span className="block text-xs italic">{performance.noScoreReason || 'Did not perform'}</span>
                ) : null}
              </th>
            );
          }
          const value = cells[index];
          const winner = column.highlightWinner && value?.rank === 1;
          return (
            <td
              key={column.id}
              className={`num ${winner ? winnerCellClass : ''} ${column.id === 'total' ? `${stickyTotal} font-semibold` : first ? SNAP : ''}`}
            >
              <ScoreValue
                value={value}
                format={column.format}
                highlightWinner={column.highlightWinner}
                corrections={performance.corrected?.get(column.id)}
              />
            </td>
          );
        })}
      </tr>
    );
  },
  (before, after) =>
    before.columns === after.columns &&
    before.order === after.order &&
    before.first === after.first &&
    before.performance === after.performance,
);
