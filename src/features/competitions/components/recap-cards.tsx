import type { RecapView } from '../../../config/paths';
import type { DivisionRoundScores } from '../../../lib/api-models';
import type { RecapTable, SortDirection } from '../utils/recap-model';
import { RecapCard } from './recap-card';

interface RecapCardsProps {
  sheet: DivisionRoundScores['sheet'];
  table: RecapTable;
  view: RecapView;
  sortColumnId: string;
  sortDirection: SortDirection;
  onSort: (columnId: string, direction: SortDirection) => void;
}

/** The recap on a phone: one card per group, its breakdown a tap away; nothing wider than the screen. */
export function RecapCards({ sheet, table, view, sortColumnId, sortDirection, onSort }: RecapCardsProps) {
  const sortId = `sort-${table.id}`;
  return (
    <div>
      <label htmlFor={sortId} className="mb-2 flex items-center gap-2 text-sm">
        <span className="font-medium">Sort by</span>
        <select
          id={sortId}
          className="min-w-0 flex-1 rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
          value={`${sortColumnId}|${sortDirection}`}
          onChange={(event) => {
            const [columnId, direction] = event.target.value.split('|');
            onSort(columnId, direction as SortDirection);
          }}
        >
          {table.columns.flatMap((column) =>
            (['asc', 'desc'] as const).map((direction) => (
              <option key={`${column.id}|${direction}`} value={`${column.id}|${direction}`}>
                {column.label} ({sortWording(column.kind, direction)})
              </option>
            )),
          )}
        </select>
      </label>
      <ol aria-label={table.title} className="space-y-3">
        {table.rows.map(({ performance }) => (
          <li key={performance.performanceId}>
            <RecapCard sheet={sheet} performance={performance} view={view} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function sortWording(kind: 'rank' | 'group' | 'score', direction: SortDirection): string {
  if (kind === 'group') return direction === 'asc' ? 'A–Z' : 'Z–A';
  if (kind === 'rank') return direction === 'asc' ? 'first to last' : 'last to first';
  return direction === 'asc' ? 'lowest first' : 'highest first';
}
