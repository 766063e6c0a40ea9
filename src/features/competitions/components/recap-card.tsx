import { createContext, memo, useContext, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import type { RecapView } from '../../../config/paths';
import type { DivisionRoundScores, PerformanceScores } from '../utils/recap-types';
import { formatRank, formatScore } from '../../../lib/format';
import { lookupPerformance } from '../utils/scores-lookup';
import { RecapBreakdown } from './recap-breakdown';
import { ScoreValue } from './score-value';

interface RecapCardProps {
  sheet: DivisionRoundScores['sheet'];
  performance: PerformanceScores;
  view: RecapView;
  /**
   * Build the breakdown even while collapsed. The cards a view switch most likely shows first (RecapSections'
   * PREBUILT_CARDS) build and lay out theirs once the page has settled, so a tap on "Full breakdown" only shows them:
   * building, styling and laying out some four hundred and fifty nodes in the tap is most of what a phone would
   * otherwise do before the switched screen paints.
   */
  prebuilt?: boolean;
}

/**
 * One group's card. Its breakdown (some four hundred and fifty nodes) is built only while it is expanded, by a tap
 * or by the full view, or ahead (`prebuilt`). Memoized: a card renders again only when its view or its performance
 * changes (a view switch reaches most cards in a later commit, see RecapSections), and then not its heading,
 * categories or breakdown, which are memoized on the performance.
 */
export const RecapCard = memo(function RecapCard({ sheet, performance, view, prebuilt = false }: RecapCardProps) {
  const full = view === 'full';
  const categories = view !== 'summary';
  const headingId = `card-${performance.performanceId}`;
  return (
    <article aria-labelledby={headingId} className="skip-offscreen rounded-lg border border-slate-300 p-3 [--offscreen-size:6.5rem] dark:border-slate-700">
      <CardHeading performance={performance} headingId={headingId} />
      {!performance.performed ? <p className="mt-2 text-sm italic">{performance.noScoreReason || 'Did not perform'}</p> : null}
      {performance.performed && (categories || prebuilt) ? (
        // Built ahead too, and laid out while the summary hides it: a switch uncovers it.
        <dl className={`grid grid-cols-2 gap-x-3 gap-y-1 overflow-clip text-sm ${categories ? 'mt-3' : 'collapsed-laid-out'}`} aria-hidden={categories ? undefined : true}>
          <CategoryScores sheet={sheet} performance={performance} />
        </dl>
      ) : null}
      {/* No breakdown where the full recap is not released (the sheet then has no captions). */}
      {performance.performed && sheet.categories.some((category) => category.captions.length > 0) ? (
        <CardBreakdown sheet={sheet} performance={performance} full={full} prebuilt={prebuilt} />
      ) : null}
    </article>
  );
});

/**
 * The card's breakdown behind a disclosure button (the ARIA disclosure pattern): expanded in the full view, collapsed
 * in the others, and the reader's own taps in between; the view's next change of `full` resets them. Its content is
 * built while it is expanded, or ahead (`prebuilt`), and then stays laid out while collapsed (`collapsed-laid-out`).
 */
function CardBreakdown({ sheet, performance, full, prebuilt }: { sheet: DivisionRoundScores['sheet']; performance: PerformanceScores; full: boolean; prebuilt: boolean }) {
  // The reader's choice holds for the view it was made in: a switch to or from the full view sets the default again.
  const [choice, setChoice] = useState<{ full: boolean; expanded: boolean }>();
  const expanded = choice !== undefined && choice.full === full ? choice.expanded : full;
  const regionId = `breakdown-${performance.performanceId}`;
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={regionId}
        onClick={() => setChoice({ full, expanded: !expanded })}
        className="flex cursor-pointer items-center gap-1.5 text-left text-sm font-medium"
      >
        <span aria-hidden="true" className={`inline-block text-xs ${expanded ? 'rotate-90' : ''}`}>
          ▶
        </span>
        Breakdown by caption and judge
      </button>
      <div id={regionId} className={`overflow-clip ${expanded ? '' : 'collapsed-laid-out'}`} aria-hidden={expanded ? undefined : true}>
        {expanded || prebuilt ? <RecapBreakdown sheet={sheet} performance={performance} /> : null}
      </div>
    </div>
  );
}

/**
 * How a card's group link navigates in the app: the router's navigate, from RecapSections. The router's <Link>
 * renders again on every URL change (it reads the location), and a view switch or a sort changes the URL: the links
 * of some eighty cards would render again on every tap. This navigate keeps its identity, so the links do not.
 * Without a provider the link is an ordinary one.
 */
export const GroupLinkNavigate = createContext<((href: string) => void) | null>(null);

/** A link to an absolute path in the app, followed like the router's <Link> follows it. */
function GroupLink({ href, children }: { href: string; children: ReactNode }) {
  const navigate = useContext(GroupLinkNavigate);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // What the router's <Link> leaves to the browser: modified clicks (new tab, new window, download).
    if (!navigate || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a className="link" href={href} onClick={onClick}>
      {children}
    </a>
  );
}

const CardHeading = memo(function CardHeading({ performance, headingId }: { performance: PerformanceScores; headingId: string }) {
  return (
    <div className="flex items-start gap-3">
      <p className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-lg font-bold dark:bg-slate-800" aria-label={`Rank ${formatRank(performance.total.rank)}`}>
        {performance.performed ? formatRank(performance.total.rank) : '—'}
      </p>
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="font-semibold break-words">
          <GroupLink href={performance.group.href}>{performance.group.name}</GroupLink>
        </h3>
        {performance.group.location ? <p className="text-xs text-slate-700 dark:text-slate-300">{performance.group.location}</p> : null}
      </div>
      <p className="text-right">
        <span className="block text-xs text-slate-700 dark:text-slate-300">Total</span>
        <span className="text-lg font-bold tabular-nums">{performance.performed ? formatScore(performance.total.score, 'total') : '—'}</span>
      </p>
    </div>
  );
});

/** The terms of the card's category list. */
const CategoryScores = memo(function CategoryScores({ sheet, performance }: { sheet: DivisionRoundScores['sheet']; performance: PerformanceScores }) {
  const lookup = useMemo(() => lookupPerformance(performance), [performance]);
  return (
    <>
      {sheet.categories.map((category) => (
        <div key={category.key} className="flex justify-between gap-2">
          <dt className="min-w-0 break-words">{category.name}</dt>
          <dd className="tabular-nums">
            <ScoreValue value={lookup.category(category.key)} format="category" highlightWinner />
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-2">
        <dt>Sub Total</dt>
        <dd className="tabular-nums">
          <ScoreValue value={performance.subtotal} format="total" />
        </dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt>Penalties</dt>
        <dd className="tabular-nums">{formatScore(performance.penalty, 'penalty')}</dd>
      </div>
    </>
  );
});
