import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { competitionScoresQueryOptions } from '../../features/competitions/api/get-competition-scores';
import { CompetitionHeader } from '../../features/competitions/components/competition-header';
import { JudgesPanel } from '../../features/competitions/components/judges-panel';
import { sectionId } from '../../features/competitions/utils/scores-lookup';
import { isToday } from '../../lib/dates';
import { parseId, RouteErrorView } from '../route-error';

export const clientLoader = (queryClient: QueryClient) => async ({ params }: LoaderFunctionArgs) => {
  await queryClient.ensureQueryData(competitionScoresQueryOptions(parseId(params.competitionId, 'Competition')));
  return null;
};

export default function JudgesRoute() {
  const competitionId = Number(useParams().competitionId);
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(competitionScoresQueryOptions(competitionId));
  const scores = data.body;
  const selected = scores.data.find((section) => sectionId(section) === searchParams.get('section')) ?? scores.data[0];
  return (
    <>
      <title>{`${scores.competition.name} judges · Marching Results`}</title>
      <CompetitionHeader competition={scores.competition} />
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} live={isToday(scores.competition.date)} />
      {selected === undefined ? (
        <EmptyState title="No scores released yet">Judges' sheets appear here once a round's scores are released.</EmptyState>
      ) : (
        <>
          <h2 className="heading-2">Judges' sheets against the final result</h2>
          <p className="mb-3 max-w-prose text-sm">
            Each judge's caption score and rank beside the group's final rank. Ranks marked ≠ differ from the final rank; on a
            doubled panel each judge is also set against the panel's (category's) rank.
          </p>
          <label className="mb-4 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">Division and round</span>
            <select
              className="rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
              value={sectionId(selected)}
              onChange={(event) => setSearchParams({ section: event.target.value }, { replace: true, preventScrollReset: true })}
            >
              {scores.data.map((section) => (
                <option key={sectionId(section)} value={sectionId(section)}>
                  {section.division.name} · {section.round.name}
                </option>
              ))}
            </select>
          </label>
          <JudgesPanel section={selected} />
        </>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Competition" />;
}
