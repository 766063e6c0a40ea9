import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { competitionScoresQueryOptions } from '../../features/competitions/api/get-competition-scores';
import { CompetitionHeader } from '../../features/competitions/components/competition-header';
import { RecapViews } from '../../features/competitions/components/recap-views';
import { UnreleasedRounds } from '../../features/competitions/components/unreleased-rounds';
import { isToday } from '../../lib/dates';
import { RouteErrorView } from '../route-error';

/** Its loader is recap-loader.ts, declared on the route so that it runs while this module downloads. */
export default function RecapRoute() {
  const competitionId = Number(useParams().competitionId);
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(competitionScoresQueryOptions(competitionId));
  const scores = data.body;
  return (
    <>
      <title>{`${scores.competition.name} recap · Marching Results`}</title>
      <CompetitionHeader competition={scores.competition} />
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} live={isToday(scores.competition.date)} />
      <UnreleasedRounds rounds={scores.rounds} />
      {scores.data.length === 0 ? (
        <EmptyState title="No scores released yet">Scores appear here as soon as each round is released.</EmptyState>
      ) : (
        <RecapViews scores={scores} />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Competition" />;
}
