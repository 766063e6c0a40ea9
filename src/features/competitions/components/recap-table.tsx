import { memo } from 'react';
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

const stickyRank =
  'sticky left-0 z-10 w-14 min-w-14 bg-white dark:bg-slate-950 [thead_&]:bg-slate-100 dark:[thead_&]:bg-slate-900';
const stickyGroup =
  'sticky left-14 z-10 min-w-44 max-w-64 bg-white shadow-[1px_0_0_0_var(--color-slate-300)] dark:bg-slate-950 dark:shadow-[1px_0_0_0_var(--color-slate-700)] [thead_&]:bg-slate-100 dark:[thead_&]:bg-slate-900';
/** Total stays at the right edge while the captions scroll under it: what a reader looks for first stays in view. */
const stickyTotal =
  'sticky right-0 z-10 bg-white shadow-[-1px_0_0_0_var(--color-slate-300)] dark:bg-slate-950 dark:shadow-[-1px_0_0_0_var(--color-slate-700)] [thead_&]:bg-slate-100 dark:[thead_&]:bg-slate-900';
const stickyOf = (columnId: string | undefined) =>
  columnId === 'rank' ? stickyRank : columnId === 'group' ? stickyGroup : columnId === 'total' ? stickyTotal : '';

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
      className={`${sticky} ${numeric ? 'text-right' : ''} whitespace-nowrap`}
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
  return (
    <ScrollRegion
      aria-labelledby={captionId}
      className="recap-region skip-offscreen rounded-md border border-slate-300 [--offscreen-size:30rem] dark:border-slate-700"
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
              {row.map((cell) => (
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
          {table.rows.map((row) => (
            <RecapRow
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
  performance: PerformanceScores;
  cells: RecapRowModel['cells'];
}

/**
 * One group's row. The cells are a function of the columns and the performance, so a new sort, which keeps both,
 * moves the row without rendering it again.
 */
const RecapRow = memo(
  function RecapRow({ columns, performance, cells }: RecapRowProps) {
    return (
      <tr>
        {columns.map((column, index) => {
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
              className={`num ${winner ? winnerCellClass : ''} ${column.id === 'total' ? `${stickyTotal} font-semibold` : ''}`}
            >
              <ScoreValue value={value} format={column.format} highlightWinner={column.highlightWinner} />
            </td>
          );
        })}
      </tr>
    );
  },
  (before, after) => before.columns === after.columns && before.performance === after.performance,
);
