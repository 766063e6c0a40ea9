import { useParams } from 'react-router';
import { DownloadCsv } from '../../components/download-csv';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { useRecap } from '../../features/competitions/api/use-recap';
import { CompetitionHeader } from '../../features/competitions/components/competition-header';
import { RecapViews } from '../../features/competitions/components/recap-views';
import { ReleaseNotice } from '../../features/competitions/components/release-notice';
import { downloadUrl } from '../../lib/api/fans';
import { RouteErrorView } from '../route-error';

/** Its loader is recap-loader.ts, declared on the route so that it runs while this module downloads. */
export default function RecapRoute() {
  const recap = useRecap(useParams().competitionGuid!);
  const { competition } = recap.summary;
  return (
    <>
      <title>{`${competition.name} recap · Marching Results`}</title>
      <CompetitionHeader summary={recap.summary} />
      <QueryNotices
        stale={recap.stale}
        refreshFailed={recap.refreshFailed}
        updatedAt={recap.updatedAt}
        live={recap.live}
        pushed={recap.pushed}
      />
      <ReleaseNotice competition={competition} />
      {recap.sections.length === 0 ? (
        <EmptyState title="No scores released yet">Scores appear here as soon as each round is released.</EmptyState>
      ) : (
        <RecapViews
          sections={recap.sections}
          views={recap.views}
          actions={
            <DownloadCsv
              href={downloadUrl('/competitions/{guid}/recap.csv', { path: { guid: competition.guid } })}
              what={`the ${competition.name} recap`}
            />
          }
        />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Competition" />;
}
