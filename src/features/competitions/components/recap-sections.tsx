import type { RecapView } from '../../../config/paths';
import type { CompetitionScores } from '../../../lib/api-models';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import { buildRecapTable, defaultDirection } from '../utils/recap-model';
import { sectionId } from '../utils/scores-lookup';
import { RecapCards } from './recap-cards';
import { RecapTable } from './recap-table';
import { useRecapSort } from './use-recap-sort';

/** One section per division and round: a table on wide screens, cards on a phone. */
export function RecapSections({ scores, view }: { scores: CompetitionScores; view: RecapView }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const sort = useRecapSort();
  return (
    <>
      {scores.data.map((section) => {
        const table = buildRecapTable(section, view, { columnId: sort.columnId, direction: sort.direction });
        const activeColumn = table.columns.some((column) => column.id === sort.columnId) ? sort.columnId! : 'rank';
        const direction = activeColumn === sort.columnId && sort.direction ? sort.direction : defaultDirection(activeColumn);
        const headingId = `section-${sectionId(section)}`;
        return (
          <section key={table.id} aria-labelledby={headingId} className="mt-8">
            <h2 id={headingId} className="mb-2 text-xl font-semibold">
              {section.division.name} <span className="font-normal text-slate-700 dark:text-slate-300">· {section.round.name}</span>
            </h2>
            {wide ? (
              <RecapTable table={table} sortColumnId={activeColumn} sortDirection={direction} onSort={sort.sortBy} />
            ) : (
              <RecapCards section={section} table={table} view={view} sortColumnId={activeColumn} sortDirection={direction} onSort={sort.setSort} />
            )}
          </section>
        );
      })}
    </>
  );
}
