import { memo, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { RecapView } from '../../../config/paths';
import type { DivisionRoundScores, PerformanceScores } from '../utils/recap-types';
import { formatScore } from '../../../../domain/scores';
import { formatRank } from '../../../lib/format';
import { columnIds } from '../utils/recap-model';
import { lookupPerformance } from '../utils/scores-lookup';
import { CorrectionMarks } from './correction-marks';
import { RecapBreakdown } from './recap-breakdown';
import { ScoreValue } from './score-value';

interface RecapCardProps {
  sheet: DivisionRoundScores['sheet'];
  performance: PerformanceScores;
  view: RecapView;
  /**
   * Build the category scores and the breakdown even while the view hides them, and keep them laid out
   * (`collapsed-laid-out`): a switch then only uncovers them, where building, styling and laying out the
   * breakdown's some four hundred and fifty nodes would be most of what a phone does before the switched screen
   * paints (RecapSections' FIRST_CARDS).
   */
  prebuilt: boolean;
}

/**
 * One group's card: its total; its category scores outside the summary; its breakdown, built only while it is
 * expanded (by a tap or by the full view) or ahead (`prebuilt`). Memoized: a card renders again only when its view
 * or its performance changes, and then not its heading, categories or breakdown, memoized on the performance.
 */
export const RecapCard = memo(function RecapCard({ sheet, performance, view, prebuilt }: RecapCardProps) {
  const full = view === 'full';
  const categories = view !== 'summary';
  const headingId = `card-${performance.performanceId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="skip-offscreen rounded-lg border border-slate-300 p-3 [--offscreen-size:6.5rem] dark:border-slate-700"
    >
      <CardHeading performance={performance} headingId={headingId} />
      {!performance.performed ? (
        <p className="mt-2 text-sm italic">{performance.noScoreReason || 'Did not perform'}</p>
      ) : null}
      {/* No category scores where the category recap is not released (the sheet then has no categories). */}
      {performance.performed && sheet.categories.length > 0 && (categories || prebuilt) ? (
        // Built ahead too, and laid out while the summary hides it: a switch uncovers it.
        <dl
          className={`grid grid-cols-2 gap-x-3 gap-y-1 overflow-clip text-sm ${categories ? 'mt-3' : 'collapsed-laid-out'}`}
          aria-hidden={categories ? undefined : true}
          // hidden, its corrections' marks are out of the tab order too (axe: aria-hidden-focus)
          inert={!categories}
        >
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
 * in the others. A reader's own tap holds until the view changes to or from the full view.
 */
function CardBreakdown({
  sheet,
  performance,
  full,
  prebuilt,
}: {
  sheet: DivisionRoundScores['sheet'];
  performance: PerformanceScores;
  full: boolean;
  prebuilt: boolean;
}) {
  // `full` as it was when the reader last tapped, or undefined: the view's default.
  const [tappedIn, setTappedIn] = useState<boolean>();
  const expanded = tappedIn === full ? !full : full;
  const regionId = `breakdown-${performance.performanceId}`;
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={regionId}
        onClick={() => setTappedIn(tappedIn === full ? undefined : full)}
        className="flex cursor-pointer items-center gap-1.5 text-left text-sm font-medium"
      >
        <span aria-hidden="true" className={`inline-block text-xs ${expanded ? 'rotate-90' : ''}`}>
          ▶
        </span>
        Breakdown by caption and judge
      </button>
      <div
        id={regionId}
        className={`overflow-clip ${expanded ? '' : 'collapsed-laid-out'}`}
        aria-hidden={expanded ? undefined : true}
        // collapsed, its judge links are out of the tab order too (axe: aria-hidden-focus), not only hidden
        inert={!expanded}
      >
        {expanded || prebuilt ? <RecapBreakdown sheet={sheet} performance={performance} /> : null}
      </div>
    </div>
  );
}

const CardHeading = memo(function CardHeading({
  performance,
  headingId,
}: {
  performance: PerformanceScores;
  headingId: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <p
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-lg font-bold dark:bg-slate-800"
        aria-label={`Rank ${formatRank(performance.total.rank)}`}
      >
        {performance.performed ? formatRank(performance.total.rank) : '—'}
      </p>
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="font-semibold break-words">
          <Link className="link" to={performance.group.href}>
            {performance.group.name}
          </Link>
        </h3>
        {performance.group.location ? (
          <p className="text-xs text-slate-700 dark:text-slate-300">{performance.group.location}</p>
        ) : null}
      </div>
      <p className="text-right">
        <span className="block text-xs text-slate-700 dark:text-slate-300">Total</span>
        <span className="text-lg font-bold tabular-nums">
          {performance.performed ? formatScore(performance.total.score, 'total') : '—'}
          <CorrectionMarks notes={performance.corrected?.get(columnIds.total)} />
        </span>
      </p>
    </div>
  );
});

/** The terms of the card's category list. */
const CategoryScores = memo(function CategoryScores({
  sheet,
  performance,
}: {
  sheet: DivisionRoundScores['sheet'];
  performance: PerformanceScores;
}) {
  const lookup = useMemo(() => lookupPerformance(performance), [performance]);
  return (
    <>
      {sheet.categories.map((category) => (
        <div key={category.key} className="flex justify-between gap-2">
          <dt className="min-w-0 break-words">{category.name}</dt>
          <dd className="tabular-nums">
            <ScoreValue
              value={lookup.category(category.key)}
              format="category"
              highlightWinner
              corrections={performance.corrected?.get(columnIds.category(category.key))}
            />
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
        <dd className="tabular-nums">
          {formatScore(performance.penalty, 'penalty')}
          <CorrectionMarks notes={performance.corrected?.get(columnIds.penalty)} />
        </dd>
      </div>
    </>
  );
});
