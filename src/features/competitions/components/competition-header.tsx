import { memo } from 'react';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { paths } from '../../../config/paths';
import type { CompetitionSummary } from '../../../lib/api-models';
import { LocalDateTime } from '../../../components/local-date-time';
import { CompetitionNav } from './competition-nav';

/** Memoized: a view or sort change renders the recap again, not its header (dates are costly to format on a phone). */
export const CompetitionHeader = memo(function CompetitionHeader({ summary }: { summary: CompetitionSummary }) {
  const { competition, event, season } = summary;
  return (
    <header>
      <Breadcrumbs
        items={[
          { label: season.name, to: paths.season.href(season.id) },
          { label: event.name, to: event.id === null ? undefined : paths.event.href(event.id) },
          { label: competition.name },
        ]}
      />
      <h1 className="heading-1">
        {event.name} <span className="font-normal">· {competition.name}</span>
      </h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <LocalDateTime iso={competition.date} /> · {event.location}
        {competition.chiefJudge ? <> · Chief judge: {competition.chiefJudge}</> : null}
      </p>
      <CompetitionNav competitionGuid={competition.guid} />
    </header>
  );
});
