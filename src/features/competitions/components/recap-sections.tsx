import { memo, startTransition, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RecapView } from '../../../config/paths';
import { afterNextFrameShown, afterNextPaint } from '../../../lib/after-next-paint';
import type { DivisionRoundScores } from '../utils/recap-types';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import { buildRecapTable, defaultDirection, recapColumns, sortPerformances, type SortDirection } from '../utils/recap-model';
import { sectionId } from '../utils/scores-lookup';
import { GroupLinkNavigate } from './recap-card';
import { RecapCards } from './recap-cards';
import { RecapTable } from './recap-table';
import { useRecapSort } from './use-recap-sort';

/**
 * Sections that render first, on the page's first paint. A big recap has a dozen sections and some eighty groups;
 * the heading and the first section paint at once, and once that frame is painted the other sections follow in a
 * transition, which yields to input while it builds them.
 */
const FIRST_SECTIONS = 1;

/**
 * A view switch shows at once the cards on screen: the first card of the page takes the new view in the tap's own
 * update, and before that frame is painted each next card whose top is then on screen takes it too, at most this
 * many. With its full breakdown open, a card of the biggest recap (some 1,200 px) fills a phone screen alone; the
 * smallest sheets we know make cards of some 580 px, which leave the second card's top in view. A card switched in
 * the tap whose breakdown was not built ahead (PREBUILT_CARDS) costs some 40 ms on a mid-range phone (building,
 * styling and laying out its breakdown), so only those on screen. The others catch up once that frame has been
 * shown. On a wide screen (no cards) the first section's table switches first.
 */
export const FIRST_CARDS_AT_MOST = 4;

/**
 * Cards whose breakdowns (and category scores) are built and laid out ahead, collapsed, once the page has settled:
 * those a switch to the full view most likely shows at once, so the tap only uncovers them (see RecapCard's
 * `prebuilt`).
 */
export const PREBUILT_CARDS = 2;

/**
 * The other cards catch up in steps, each in its own transition once the frame before it has been shown: whole
 * sections, from the top, until a step holds this many cards. A transition yields to input while it renders, but
 * it commits in one task, and a breakdown's DOM and the commit's bookkeeping cost some milliseconds each on a
 * phone: twenty cards keep that task short enough for a tap to wait little on it, and the eighty of a big recap
 * catch up in four steps.
 */
export const CATCH_UP_CARDS = 20;

/** The view of the cards after those a switch shows at once, by section: where a catch-up has reached, else `rest`. */
interface LaterViews {
  sections: Readonly<Record<string, RecapView>>;
  rest: RecapView;
}

const laterViewOf = (later: LaterViews, section: DivisionRoundScores) => later.sections[sectionId(section)] ?? later.rest;

/** One step of a catch-up with `target`: the next sections from the top that are not there yet. */
function catchUpStep(later: LaterViews, target: RecapView, sections: DivisionRoundScores[]): LaterViews {
  const reached = { ...later.sections };
  let cards = 0;
  for (const section of sections) {
    if (cards >= CATCH_UP_CARDS) break;
    if (laterViewOf(later, section) === target) continue;
    reached[sectionId(section)] = target;
    cards += section.performances.length;
  }
  // All there: one view for every section, those a refetch adds included.
  if (sections.every((section) => (reached[sectionId(section)] ?? later.rest) === target)) return { sections: {}, rest: target };
  return { sections: reached, rest: later.rest };
}

/** One section per division and round: a table on wide screens, cards on a phone. */
export function RecapSections({ sections: recapSections, view }: { sections: DivisionRoundScores[]; view: RecapView }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const sort = useRecapSort();
  const navigate = useNavigate();
  const [allSections, setAllSections] = useState(false);
  // The cards after those on screen catch up with `view` once the frame with the first ones has been shown, a step
  // per frame shown (afterNextFrameShown: a step's work does not compete with showing the frame before it). A step
  // whose target is no longer the view (the reader chose another while it rendered) changes nothing: it would build
  // cards in a view nobody wants, and a step toward the new one is already on its way.
  const [later, catchUp] = useReducer(
    (current: LaterViews, target: RecapView) => (target === view ? catchUpStep(current, target, recapSections) : current),
    { sections: {}, rest: view },
  );
  const caughtUp = later.rest === view && Object.keys(later.sections).length === 0;
  useEffect(() => {
    if (!allSections) return afterNextPaint(() => startTransition(() => setAllSections(true)));
    if (!caughtUp) return afterNextFrameShown(() => startTransition(() => catchUp(view)));
  }, [allSections, caughtUp, later, view]);
  // How many cards, from the top of the page, show `view` already: one on a switch, then as many as are on screen.
  const [onScreen, setOnScreen] = useState({ view, cards: 1 });
  const shownCards = onScreen.view === view ? onScreen.cards : 1;
  const list = useRef<HTMLDivElement>(null);
  // After the switch's commit and before its paint: the next card's position with the switched ones laid out. Only
  // then: reading a position lays the page out at once, and in a catch-up's commit that would be twenty breakdowns
  // in one task, in the way of the reader's next tap.
  useLayoutEffect(() => {
    if (caughtUp || shownCards >= FIRST_CARDS_AT_MOST) return;
    const next = list.current?.querySelectorAll('article')[shownCards];
    if (next && next.getBoundingClientRect().top < window.innerHeight) setOnScreen({ view, cards: shownCards + 1 });
  }, [view, shownCards]);
  const sections = allSections ? recapSections : recapSections.slice(0, FIRST_SECTIONS);
  let cardsBefore = 0;
  return (
    <div ref={list}>
      <GroupLinkNavigate value={navigate}>
        {sections.map((section) => {
          const upTo = (count: number) => Math.min(Math.max(count - cardsBefore, 0), section.performances.length);
          const firstCards = upTo(shownCards);
          const prebuiltCards = allSections ? upTo(PREBUILT_CARDS) : 0;
          cardsBefore += section.performances.length;
          const laterView = laterViewOf(later, section);
          return (
            <RecapSection
              key={sectionId(section)}
              section={section}
              view={firstCards > 0 ? view : laterView}
              laterView={laterView}
              firstCards={firstCards}
              prebuiltCards={prebuiltCards}
              wide={wide}
              sortColumnId={sort.columnId}
              sortDirection={sort.direction}
              onSortBy={sort.sortBy}
              onSetSort={sort.setSort}
            />
          );
        })}
      </GroupLinkNavigate>
    </div>
  );
}

interface RecapSectionProps {
  section: DivisionRoundScores;
  /** the view of the section's table and of its first `firstCards` cards */
  view: RecapView;
  /** the view of its other cards and, on a phone, of its sort menu */
  laterView: RecapView;
  firstCards: number;
  /** how many of its first cards build their breakdowns ahead (PREBUILT_CARDS) */
  prebuiltCards: number;
  /** undefined on the server and while hydrating: both layouts render, CSS shows the one for the screen */
  wide: boolean | undefined;
  sortColumnId: string | undefined;
  sortDirection: SortDirection | undefined;
  onSortBy: (columnId: string) => void;
  onSetSort: (columnId: string, direction: SortDirection) => void;
}

/**
 * Memoized: adding the later sections, a view switch that has not reached its cards yet, or a refetch that leaves a
 * section as it was, does not render it again.
 */
const RecapSection = memo(function RecapSection({ section, view, laterView, firstCards, prebuiltCards, wide, sortColumnId, sortDirection, onSortBy, onSetSort }: RecapSectionProps) {
  // On a phone the view's columns feed only the sort menu (some hundred options for a full sheet): the menu follows a
  // switch with the section's later cards, after the switched screen is shown. A table needs them at once.
  const layoutView = wide === false ? laterView : view;
  const layout = useMemo(() => recapColumns(section, layoutView), [section, layoutView]);
  const column = layout.columns.find((item) => item.id === sortColumnId) ?? layout.columns.find((item) => item.id === 'rank')!;
  const direction = column.id === sortColumnId && sortDirection ? sortDirection : defaultDirection(column.id);
  // The table's cells are the wide screen's alone (and the server's, which does not know the screen).
  const table = useMemo(
    () => (wide !== false ? buildRecapTable(section, view, { columnId: column.id, direction }, layout) : undefined),
    [wide, section, view, column.id, direction, layout],
  );
  // The cards' order. A column id means the same numbers in every view, so it is memoized on the id, not on the
  // view's column objects: a view switch keeps the order it has and does not sort again.
  const performances = useMemo(() => sortPerformances(section.performances, column, direction), [section, column.id, direction]);
  const headingId = `section-${sectionId(section)}`;
  return (
    // Layout and style containment isolate the section (the browser gives it its own offset, and its content is laid
    // out on its own): when a switch opens a card above it, moving it is one offset to change, not every box inside to
    // prepaint and paint again. At 4x CPU that was some 10 ms of prepaint and 5 ms of paint in the tap. Not paint
    // containment, which would clip the focus rings of the select and the table at its edges.
    <section aria-labelledby={headingId} className="mt-8 [contain:layout_style]">
      <h2 id={headingId} className="mb-2 text-xl font-semibold">
        {section.division.name}
        {section.round.name ? <span className="font-normal text-slate-700 dark:text-slate-300"> · {section.round.name}</span> : null}
      </h2>
      {/* The wrappers stay when the screen becomes known, so the layout that remains keeps the server's DOM. */}
      <div className={wide === undefined ? 'hidden md:block' : undefined}>
        {table ? <RecapTable table={table} sortColumnId={column.id} sortDirection={direction} onSort={onSortBy} /> : null}
      </div>
      <div className={wide === undefined ? 'md:hidden' : undefined}>
        {wide !== true ? (
          <RecapCards
            id={sectionId(section)}
            title={`${section.division.name} — ${section.round.name}`}
            sheet={section.sheet}
            columns={layout.columns}
            performances={performances}
            view={view}
            laterView={laterView}
            firstCards={firstCards}
            prebuiltCards={prebuiltCards}
            sortColumnId={column.id}
            sortDirection={direction}
            onSort={onSetSort}
          />
        ) : null}
      </div>
    </section>
  );
});
