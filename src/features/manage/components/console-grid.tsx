import {
  cellStateLabel,
  seatLabel,
  type CellState,
  type GridCell,
  type GridColumn,
  type GridRow,
  type GridSection,
} from '../utils/grid-model';

/** Each state by a sign and a word as well as a colour, so none depends on colour alone. */
const cellLook: Record<CellState, { sign: string; className: string }> = {
  empty: {
    sign: '–',
    className: 'border-dashed border-slate-400 text-slate-600 dark:border-slate-500 dark:text-slate-400',
  },
  draft: {
    sign: '✎',
    className:
      'border-dotted border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100',
  },
  submitted: {
    sign: '✓',
    className:
      'border-solid border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-300 dark:bg-emerald-950 dark:text-emerald-100',
  },
  corrected: {
    sign: '✓*',
    className:
      'border-double border-4 border-sky-700 bg-sky-50 text-sky-950 dark:border-sky-300 dark:bg-sky-950 dark:text-sky-100',
  },
  'not-performed': { sign: '', className: 'border-transparent text-slate-600 dark:text-slate-400' },
};

export function GridLegend() {
  return (
    <ul aria-label="What a cell's sign means" className="my-2 flex flex-wrap gap-3 text-xs">
      {(['empty', 'draft', 'submitted', 'corrected'] as const).map((state) => (
        <li key={state} className="flex items-center gap-1">
          <span
            className={`inline-block min-w-8 rounded border px-1 text-center ${cellLook[state].className}`}
            aria-hidden="true"
          >
            {cellLook[state].sign}
          </span>
          {state === 'corrected' ? 'corrected after release' : cellStateLabel[state]}
        </li>
      ))}
    </ul>
  );
}

function CellContent({ cell }: { cell: GridCell }) {
  const look = cellLook[cell.state];
  return (
    <>
      <span aria-hidden="true" className="mr-1">
        {look.sign}
      </span>
      {cell.state === 'submitted' || cell.state === 'corrected' ? (
        <span className="tabular-nums">{cell.score ?? ''}</span>
      ) : cell.state === 'draft' ? (
        <span className="italic">draft</span>
      ) : cell.state === 'not-performed' ? (
        <span>DNP</span>
      ) : null}
    </>
  );
}

/**
 * A division and round's grid: a row per performance in running order, a column per caption (each judge of a
 * doubled panel apart) and the penalty. It scrolls sideways inside its own region, never the page.
 */
export function ConsoleGrid({
  section,
  canCorrect,
  canEditPerformance,
  onCell,
  onPerformance,
}: {
  section: GridSection;
  canCorrect: boolean;
  canEditPerformance: boolean;
  onCell: (row: GridRow, column: GridColumn, cell: GridCell) => void;
  onPerformance: (row: GridRow) => void;
}) {
  const title = `${section.division.name} ${section.round.name || `round ${section.round.number}`}`;
  if (section.rows.length === 0) return <p className="my-2 text-sm">No performances in {title} yet.</p>;
  return (
    <div
      role="region"
      aria-label={`${title} entry grid`}
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded border border-slate-200 focus:outline-2 focus:outline-sky-600 dark:border-slate-800"
    >
      <table className="min-w-full border-collapse text-sm">
        <caption className="sr-only">{`${title}: each caption's entry per performance`}</caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            <th scope="col" className="sticky left-0 bg-slate-100 px-2 py-1 text-left dark:bg-slate-800">
              Group
            </th>
            {section.columns.map((column) => (
              <th key={column.captionKey} scope="col" className="px-2 py-1 text-left align-bottom font-medium">
                {/* A category of one caption is mostly named as its caption: said once. */}
                {column.categoryName !== column.captionName ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{column.categoryName}</span>
                ) : null}
                {column.captionName}
                {seatLabel(column)}
                <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                  {column.judge ?? 'no judge seated'}
                </span>
              </th>
            ))}
            <th scope="col" className="px-2 py-1 text-left align-bottom font-medium">
              Penalty
            </th>
          </tr>
        </thead>
        <tbody>
          {section.rows.map((row) => (
            <tr key={row.performanceId} className="border-t border-slate-200 dark:border-slate-800">
              <th
                scope="row"
                className="sticky left-0 bg-white px-2 py-1 text-left font-medium whitespace-nowrap dark:bg-slate-950"
              >
                <span className="mr-1 text-xs text-slate-600 dark:text-slate-400">{row.order}.</span>
                {row.group}
              </th>
              {row.cells.map((cell, index) => {
                const column = section.columns[index];
                const label = `${row.group}, ${column.captionName}${seatLabel(column)}: ${cellStateLabel[cell.state]}${
                  cell.score !== null ? ` ${cell.score}` : ''
                }`;
                const look = cellLook[cell.state];
                const className = `inline-flex min-h-9 min-w-16 items-center rounded border px-2 ${look.className}`;
                return (
                  <td key={cell.captionKey} className="px-1 py-1">
                    {canCorrect && cell.state !== 'not-performed' ? (
                      <button
                        type="button"
                        aria-label={`${label}. Correct`}
                        onClick={() => onCell(row, column, cell)}
                        className={`${className} hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600`}
                      >
                        <CellContent cell={cell} />
                      </button>
                    ) : (
                      <span className={className} aria-label={label} role="img">
                        <CellContent cell={cell} />
                      </span>
                    )}
                  </td>
                );
              })}
              <td className="px-1 py-1">
                {canEditPerformance ? (
                  <button
                    type="button"
                    aria-label={`${row.group}: penalty ${row.penalty}${row.performed ? '' : ', did not perform'}. Change`}
                    onClick={() => onPerformance(row)}
                    className="inline-flex min-h-9 min-w-16 items-center rounded border border-slate-400 px-2 tabular-nums hover:underline dark:border-slate-500"
                  >
                    {row.performed ? row.penalty : 'DNP'}
                  </button>
                ) : (
                  <span className="tabular-nums">{row.performed ? row.penalty : 'DNP'}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
