import { startTransition, useEffect, useOptimistic, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { DivisionRoundScores } from '../utils/recap-types';
import type { RecapView } from '../../../config/paths';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { RecapSections } from './recap-sections';
import { RecapViewSwitch } from './recap-view-switch';
import { useRecapView } from './use-recap-view';

/**
 * The recap's views. The view is the URL's; its root's `data-view` attribute, read by the stylesheet (index.css),
 * decides what the cards show of it (their category scores outside the summary). `views` are those the competition
 * has released.
 *
 * A chosen view shows at once as React's optimistic state, and goes into the URL in the same transition once the
 * switched screen is painted: the router's navigation (its own work, then the route around the recap rendering
 * again) would otherwise delay that frame (decision 015).
 */
export function RecapViews({ sections, views }: { sections: DivisionRoundScores[]; views: RecapView[] }) {
  const [view, showView] = useOptimistic(useRecapView(views));
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
    <div data-view={view} className="recap">
      {/* One view released: nothing to switch to. */}
      {views.length > 1 ? <RecapViewSwitch current={view} views={views} onChoose={choose} /> : null}
      <RecapSections sections={sections} view={view} />
    </div>
  );
}
