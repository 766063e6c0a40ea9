import { memo, useDeferredValue, useMemo } from 'react';
import type { RecapView } from '../../../config/paths';
import type { DivisionRoundScores } from '../utils/recap-types';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import {
  buildRecapTable,
  defaultDirection,
  recapColumns,
  sortPerformances,
  type SortDirection,
} from '../utils/recap-model';
import { sectionId } from '../utils/scores-lookup';
import { DecidedItDisclosure } from './decided-it-disclosure';
import { RecapCards } from './recap-cards';
import { RecapCorrections } from './recap-corrections';
import { RecapTable } from './recap-table';
import { useRecapSort } from './use-recap-sort';

/**
 * The cards a view switch shows at once, from the top of the page; they build their category scores and breakdowns
 * ahead, hidden, so that a switch only uncovers them (RecapCard). With its breakdown open, one card of a big recap
 * fills a phone's screen, and two of the smallest sheets do.
 */
export const FIRST_CARDS = 2;

/**
 * One section per division and round: a table on wide screens, cards on a phone. The first cards (and the sections
 * they are in) show `view`, the rest `laterView`: on a switch, the view chosen and the URL's, which follows it in a
 * transition (RecapViews). On the first render (the server's, the browser's hydration of it, or the app's own) the
 * sections after the first and the first cards' hidden parts wait for a background render (useDeferredValue), which
 * yields to input.
 */
export function RecapSections({
  sections,
  view,
  laterView,
}: {
  sections: DivisionRoundScores[];
  view: RecapView;
  laterView: RecapView;
}) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const sort = useRecapSort();
  const settled = useDeferredValue(true, false);
  let cardsBefore = 0;
  return (
    <div>
      {(settled ? sections : sections.slice(0, 1)).map((section) => {
        const firstCards = Math.min(Math.max(FIRST_CARDS - cardsBefore, 0), section.performances.length);
        cardsBefore += section.performances.length;
        return (
          <RecapSection
            key={sectionId(section)}
            section={section}
            // The tap renders the sections of the first cards alone.
            view={firstCards > 0 ? view : laterView}
            laterView={laterView}
            firstCards={firstCards}
            prebuilt={settled}
            wide={wide}
            sortColumnId={sort.columnId}
            sortDirection={sort.direction}
            onSortBy={sort.sortBy}
            onSetSort={sort.setSort}
          />
        );
      })}
    </div>
  );
}

interface RecapSectionProps {
  section: DivisionRoundScores;
  /** the view of its first `firstCards` cards and of its table */
  view: RecapView;
  /** the view of its other cards and of its sort menu */
  laterView: RecapView;
  firstCards: number;
  /** whether its first cards build their breakdowns ahead */
  prebuilt: boolean;
  /** undefined on the server and while hydrating: both layouts render, CSS shows the one for the screen */
  wide: boolean | undefined;
  sortColumnId: string | undefined;
  sortDirection: SortDirection | undefined;
  onSortBy: (columnId: string) => void;
  onSetSort: (columnId: string, direction: SortDirection) => void;
}

/** Memoized: a refetch that leaves a section as it was does not render it again. */
const RecapSection = memo(function RecapSection({
  section,
  view,
  laterView,
  firstCards,
  prebuilt,
  wide,
  sortColumnId,
  sortDirection,
  onSortBy,
  onSetSort,
}: RecapSectionProps) {
  // On a phone the view's columns feed only the sort menu (some hundred options for a full sheet), which follows
  // the section's later cards: building it in the tap would delay the switched screen. A table needs them at once.
  const layoutView = wide === false ? laterView : view;
  const layout = useMemo(() => recapColumns(section, layoutView), [section, layoutView]);
  const column =
    layout.columns.find((item) => item.id === sortColumnId) ?? layout.columns.find((item) => item.id === 'rank')!;
  const direction = column.id === sortColumnId && sortDirection ? sortDirection : defaultDirection(column.id);
  // The table's cells are the wide screen's alone (and the server's, which does not know the screen).
  const table = useMemo(
    () => (wide !== false ? buildRecapTable(section, view, { columnId: column.id, direction }, layout) : undefined),
    [wide, section, view, column.id, direction, layout],
  );
  // The cards' order. A column id means the same numbers in every view, so it is memoized on the id, not on the
  // view's column objects: a view switch keeps the order it has and does not sort again.
  const performances = useMemo(
    () => sortPerformances(section.performances, column, direction),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on the column's id, not its object (said above)
    [section, column.id, direction],
  );
  const headingId = `section-${sectionId(section)}`;
  return (
    // Layout and style containment isolate the section (the browser gives it its own offset, and its content is laid
    // out on its own): when a switch opens a card above it, moving it is one offset to change, not every box inside
    // to prepaint and paint again. Not paint containment, which would clip the focus rings of the select and the
    // table at its edges.
    <section aria-labelledby={headingId} className="mt-8 [contain:layout_style]">
      <h2 id={headingId} className="mb-2 scroll-mt-4 text-xl font-semibold">
        {section.division.name}
        {section.round.name ? (
          <span className="font-normal text-slate-700 dark:text-slate-300"> · {section.round.name}</span>
        ) : null}
      </h2>
      {/* The wrappers stay when the screen becomes known, so the layout that remains keeps the server's DOM. */}
      <div className={wide === undefined ? 'hidden md:block' : undefined}>
        {table ? (
          <RecapTable table={table} sortColumnId={column.id} sortDirection={direction} onSort={onSortBy} />
        ) : null}
      </div>
      <div className={wide === undefined ? 'md:hidden' : undefined}>
        {wide !== true ? (
          <RecapCards
            id={sectionId(section)}
            title={`${section.division.name} — ${section.round.name}`}
            sheet={section.sheet}
            columns={layout.columns}
            performances={performances}
            firstView={view}
            laterView={laterView}
            firstCards={firstCards}
            prebuilt={prebuilt}
            sortColumnId={column.id}
            sortDirection={direction}
            onSort={onSetSort}
          />
        ) : null}
      </div>
      <RecapCorrections section={section} />
      <DecidedItDisclosure section={section} />
    </section>
  );
});
