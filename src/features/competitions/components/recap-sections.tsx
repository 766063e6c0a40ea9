import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import type { RecapView } from '../../../config/paths';
import { afterNextPaint } from '../../../lib/after-next-paint';
import type { CompetitionScores, DivisionRoundScores } from '../../../lib/api-models';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import { buildRecapTable, defaultDirection, recapColumns, type SortDirection } from '../utils/recap-model';
import { sectionId } from '../utils/scores-lookup';
import { RecapCards } from './recap-cards';
import { RecapTable } from './recap-table';
import { useRecapSort } from './use-recap-sort';

/**
 * Sections that render first, on the page's first paint and on a view switch. A big recap has a dozen sections
 * and some eighty groups; its full breakdown is some thirty thousand nodes, about a second of work on a mid-range
 * phone. The heading and the first section paint at once, and once that frame is painted the other sections follow
 * in a transition, which yields to input while it builds them.
 */
const FIRST_SECTIONS = 1;

/** One section per division and round: a table on wide screens, cards on a phone. */
export function RecapSections({ scores, view }: { scores: CompetitionScores; view: RecapView }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const sort = useRecapSort();
  const [allSections, setAllSections] = useState(false);
  // The view the later sections show: it catches up with `view` after the first sections have painted it.
  const [laterView, setLaterView] = useState(view);
  useEffect(() => {
    if (!allSections) return afterNextPaint(() => startTransition(() => setAllSections(true)));
    if (laterView !== view) return afterNextPaint(() => startTransition(() => setLaterView(view)));
  }, [allSections, laterView, view]);
  const sections = allSections ? scores.data : scores.data.slice(0, FIRST_SECTIONS);
  return sections.map((section, index) => (
    <RecapSection
      key={sectionId(section)}
      section={section}
      view={index < FIRST_SECTIONS ? view : laterView}
      wide={wide}
      sortColumnId={sort.columnId}
      sortDirection={sort.direction}
      onSortBy={sort.sortBy}
      onSetSort={sort.setSort}
    />
  ));
}

interface RecapSectionProps {
  section: DivisionRoundScores;
  view: RecapView;
  /** undefined on the server and while hydrating: both layouts render, CSS shows the one for the screen */
  wide: boolean | undefined;
  sortColumnId: string | undefined;
  sortDirection: SortDirection | undefined;
  onSortBy: (columnId: string) => void;
  onSetSort: (columnId: string, direction: SortDirection) => void;
}

/** Memoized: adding the later sections, or a refetch that leaves a section as it was, does not render it again. */
const RecapSection = memo(function RecapSection({ section, view, wide, sortColumnId, sortDirection, onSortBy, onSetSort }: RecapSectionProps) {
  const layout = useMemo(() => recapColumns(section, view), [section, view]);
  const table = useMemo(
    () => buildRecapTable(section, view, { columnId: sortColumnId, direction: sortDirection }, layout),
    [section, view, sortColumnId, sortDirection, layout],
  );
  const activeColumn = table.columns.some((column) => column.id === sortColumnId) ? sortColumnId! : 'rank';
  const direction = activeColumn === sortColumnId && sortDirection ? sortDirection : defaultDirection(activeColumn);
  const headingId = `section-${sectionId(section)}`;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-2 text-xl font-semibold">
        {section.division.name} <span className="font-normal text-slate-700 dark:text-slate-300">· {section.round.name}</span>
      </h2>
      {/* The wrappers stay when the screen becomes known, so the layout that remains keeps the server's DOM. */}
      <div className={wide === undefined ? 'hidden md:block' : undefined}>
        {wide !== false ? <RecapTable table={table} sortColumnId={activeColumn} sortDirection={direction} onSort={onSortBy} /> : null}
      </div>
      <div className={wide === undefined ? 'md:hidden' : undefined}>
        {wide !== true ? (
          <RecapCards sheet={section.sheet} table={table} view={view} sortColumnId={activeColumn} sortDirection={direction} onSort={onSetSort} />
        ) : null}
      </div>
    </section>
  );
});
