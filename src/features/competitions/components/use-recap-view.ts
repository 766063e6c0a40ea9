import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { RecapView } from '../../../config/paths';
import { afterNextFrameShown } from '../../../lib/after-next-paint';
import { parseView } from '../utils/recap-model';

/**
 * The recap's view: the URL's `view`, or the one the reader just chose while the URL catches up. A view switch is
 * a tap the reader waits on. Navigating first would make the router work through the tap (scroll positions,
 * history, matching) and then render the whole page, layout and links included, in a transition the browser
 * paints after; so the choice renders at once, in the tap's own update, and the URL follows once that frame is
 * painted (the same view: nothing renders again). Back and forward still change the view, by the URL.
 */
export function useRecapView(): { view: RecapView; choose: (view: RecapView, href: string) => void } {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const urlView = parseView(searchParams.get('view'));
  const [chosen, setChosen] = useState<RecapView>();
  // Once the URL says what was chosen, the URL rules again.
  useEffect(() => {
    if (chosen !== undefined && chosen === urlView) setChosen(undefined);
  }, [chosen, urlView]);
  const cancelPending = useRef<() => void>(undefined);
  useEffect(() => () => cancelPending.current?.(), []);
  const choose = useCallback(
    (view: RecapView, href: string) => {
      setChosen(view);
      cancelPending.current?.();
      cancelPending.current = afterNextFrameShown(() => navigate(href, { replace: true, preventScrollReset: true }));
    },
    [navigate],
  );
  return { view: chosen ?? urlView, choose };
}
