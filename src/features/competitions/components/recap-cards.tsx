import { useMemo } from 'react';
import type { RecapView } from '../../../config/paths';
import type { DivisionRoundScores, PerformanceScores } from '../utils/recap-types';
import type { RecapColumn, SortDirection } from '../utils/recap-model';
import { RecapCard } from './recap-card';

interface RecapCardsProps {
  /** the section's id and title (the list's name) */
  id: string;
  title: string;
  sheet: DivisionRoundScores['sheet'];
  /** the columns of the sort menu */
  columns: RecapColumn[];
  /** in the chosen order */
  performances: PerformanceScores[];
  /** the view of the first `firstCards` cards, which a switch shows at once (RecapSections) */
  firstView: RecapView;
  /** the view of the others */
  laterView: RecapView;
  firstCards: number;
  /** whether the first cards build their breakdowns ahead */
  prebuilt: boolean;
  sortColumnId: string;
  sortDirection: SortDirection;
  onSort: (columnId: string, direction: SortDirection) => void;
}

/** The recap on a phone: one card per group, its breakdown a tap away; nothing wider than the screen. */
export function RecapCards({
  id,
  title,
  sheet,
  columns,
  performances,
  firstView,
  laterView,
  firstCards,
  prebuilt,
  sortColumnId,
  sortDirection,
  onSort,
}: RecapCardsProps) {
  return (
    <div>
      <SortMenu
        id={`sort-${id}`}
        columns={columns}
        sortColumnId={sortColumnId}
        sortDirection={sortDirection}
        onSort={onSort}
      />
      <ol aria-label={title} className="space-y-3">
        {performances.map((performance, index) => (
          <li key={performance.performanceId}>
            <RecapCard
              sheet={sheet}
              performance={performance}
              view={index < firstCards ? firstView : laterView}
              prebuilt={prebuilt && index < firstCards}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The cards' sort menu: some hundred options for a full sheet, memoized on its columns. */
function SortMenu({
  id,
  columns,
  sortColumnId,
  sortDirection,
  onSort,
}: {
  id: string;
  columns: RecapColumn[];
  sortColumnId: string;
  sortDirection: SortDirection;
  onSort: (columnId: string, direction: SortDirection) => void;
}) {
  const options = useMemo(
    () =>
      columns.flatMap((column) =>
        (['asc', 'desc'] as const).map((direction) => (
          <option key={`${column.id}|${direction}`} value={`${column.id}|${direction}`}>
            {column.label} ({sortWording(column.kind, direction)})
          </option>
        )),
      ),
    [columns],
  );
  return (
    <label htmlFor={id} className="mb-2 flex items-center gap-2 text-sm">
      <span className="font-medium">Sort by</span>
      <select
        id={id}
        className="min-w-0 flex-1 rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
        value={`${sortColumnId}|${sortDirection}`}
        onChange={(event) => {
          const [columnId, direction] = event.target.value.split('|');
          onSort(columnId, direction as SortDirection);
        }}
      >
        {options}
      </select>
    </label>
  );
}

function sortWording(kind: 'rank' | 'group' | 'score', direction: SortDirection): string {
  if (kind === 'group') return direction === 'asc' ? 'A–Z' : 'Z–A';
  if (kind === 'rank') return direction === 'asc' ? 'first to last' : 'last to first';
  return direction === 'asc' ? 'lowest first' : 'highest first';
}
