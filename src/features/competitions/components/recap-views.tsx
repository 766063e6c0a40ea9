import type { RecapView } from '../../../config/paths';
import type { DivisionRoundScores } from '../utils/recap-types';
import { RecapSections } from './recap-sections';
import { RecapViewSwitch } from './recap-view-switch';
import { useRecapView } from './use-recap-view';

/**
 * The view switch and the sections, holding the view the reader chose: a tap on the switch renders these alone,
 * not the route around them (its query subscription, notices and header), before the switched screen paints.
 * `views` are those the competition has released; a view asked for that is not released shows the summary.
 */
export function RecapViews({ sections, views }: { sections: DivisionRoundScores[]; views: RecapView[] }) {
  const chosen = useRecapView();
  const view = views.includes(chosen.view) ? chosen.view : 'summary';
  return (
    <>
      {/* One view released: nothing to switch to. */}
      {views.length > 1 ? <RecapViewSwitch current={view} views={views} onChoose={chosen.choose} /> : null}
      <RecapSections sections={sections} view={view} />
    </>
  );
}
