import { memo } from 'react';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { paths } from '../../../config/paths';
import type { CompetitionScores } from '../../../lib/api-models';
import { LocalDateTime } from '../../../components/local-date-time';
import { CompetitionNav } from './competition-nav';

/** Memoized: a view or sort change renders the recap again, not its header (dates are costly to format on a phone). */
export const CompetitionHeader = memo(function CompetitionHeader({ competition }: { competition: CompetitionScores['competition'] }) {
  return (
    <header>
      <Breadcrumbs items={[{ label: competition.eventName, to: paths.event.href(competition.eventId) }, { label: competition.name }]} />
      <h1 className="heading-1">
        {competition.eventName} <span className="font-normal">· {competition.name}</span>
      </h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <LocalDateTime iso={competition.date} /> · {competition.location}
        {competition.chiefJudge ? <> · Chief judge: {competition.chiefJudge}</> : null}
      </p>
      <CompetitionNav competitionId={competition.id} />
    </header>
  );
});
