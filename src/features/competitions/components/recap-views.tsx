import type { CompetitionScores } from '../../../lib/api-models';
import { RecapSections } from './recap-sections';
import { RecapViewSwitch } from './recap-view-switch';
import { useRecapView } from './use-recap-view';

/**
 * The view switch and the sections, holding the view the reader chose: a tap on the switch renders these alone,
 * not the route around them (its query subscription, notices and header), before the switched screen paints.
 */
export function RecapViews({ scores }: { scores: CompetitionScores }) {
  const { view, choose } = useRecapView();
  return (
    <>
      <RecapViewSwitch current={view} onChoose={choose} />
      <RecapSections scores={scores} view={view} />
    </>
  );
}
