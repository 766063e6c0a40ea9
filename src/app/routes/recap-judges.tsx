import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { useRecap } from '../../features/competitions/api/use-recap';
import { CompetitionHeader } from '../../features/competitions/components/competition-header';
import { JudgesPanel } from '../../features/competitions/components/judges-panel';
import { sectionId } from '../../features/competitions/utils/scores-lookup';
import { RouteErrorView } from '../route-error';

/** Its loader is the recap's (recap-loader.ts): the same two reads. */
export default function JudgesRoute() {
  const recap = useRecap(useParams().competitionGuid!);
  const [searchParams, setSearchParams] = useSearchParams();
  const { competition } = recap.summary;
  const sections = recap.sections;
  const selected = sections.find((section) => sectionId(section) === searchParams.get('section')) ?? sections[0];
  return (
    <>
      <title>{`${competition.name} judges · Marching Results`}</title>
      <CompetitionHeader summary={recap.summary} />
      <QueryNotices
        stale={recap.stale}
        refreshFailed={recap.refreshFailed}
        updatedAt={recap.updatedAt}
        live={recap.live}
        pushed={recap.pushed}
      />
      {selected === undefined || !competition.recapReleased ? (
        <EmptyState title={selected === undefined ? 'No scores released yet' : 'Judges not released yet'}>
          Judges' sheets appear here once the competition's full recap is released.
        </EmptyState>
      ) : (
        <>
          <h2 className="heading-2">Judges' sheets against the final result</h2>
          <p className="mb-3 max-w-prose text-sm">
            Each judge's caption score and rank beside the group's final rank. Ranks marked ≠ differ from the final
            rank; on a doubled panel each judge is also set against the panel's (category's) rank.
          </p>
          <label className="mb-4 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">Division and round</span>
            <select
              className="rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
              value={sectionId(selected)}
              onChange={(event) =>
                setSearchParams({ section: event.target.value }, { replace: true, preventScrollReset: true })
              }
            >
              {sections.map((section) => (
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
