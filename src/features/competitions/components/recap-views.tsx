import { startTransition, useEffect, useMemo, useOptimistic, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { RecapView } from '../../../config/paths';
import type { DivisionRoundScores } from '../utils/recap-types';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { DivisionJump } from './division-jump';
import { RecapLegend } from './recap-legend';
import { RecapSections } from './recap-sections';
import { RecapViewSwitch } from './recap-view-switch';
import { useRecapView } from './use-recap-view';
import { latestRoundFirst, roundCount } from '../utils/round-order';

/**
 * The recap's views. The view is the URL's; `views` are those the competition has released.
 *
 * A chosen view shows at once on the first cards as React's optimistic state, and goes into the URL in the same
 * transition once that switched screen is painted; the rest of the page follows the URL, in the router's transition.
 * The router's navigation (its own work, the route around the recap and every card rendering again) would otherwise
 * delay the switched frame (decision 015).
 *
 * The recap's actions (`actions`: its CSV) sit with the view switch at the top, and a championship's latest round
 * comes first (round-order.ts): a reader looked for both some thirty screens down.
 */
export function RecapViews({
  sections: recapOrder,
  views,
  actions,
}: {
  sections: DivisionRoundScores[];
  views: RecapView[];
  actions?: ReactNode;
}) {
  const sections = useMemo(() => latestRoundFirst(recapOrder), [recapOrder]);
  const rounds = roundCount(sections);
  const urlView = useRecapView(views);
  const [view, showView] = useOptimistic(urlView);
  const navigate = useNavigate();
  // A reader who has left the page in the meantime (a group link) stays where they went.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const choose = (next: RecapView, href: string) =>
    startTransition(async () => {
      showView(next);
      await afterNextPaint();
      if (mounted.current) await navigate(href, { replace: true, preventScrollReset: true });
    });
  return (
    <>
      {/* One view released: nothing to switch to. */}
      <div className="flex flex-wrap items-center gap-x-4">
        {views.length > 1 ? <RecapViewSwitch current={view} views={views} onChoose={choose} /> : null}
        {actions}
      </div>
      {rounds > 1 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Latest round first: {sections[0].round.name || `round ${sections[0].round.number}`}.
        </p>
      ) : null}
      <DivisionJump sections={sections} />
      <RecapLegend sections={sections} />
      <RecapSections sections={sections} view={view} laterView={urlView} />
    </>
  );
}
