import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadFailure } from '../../components/signed-in/load-failure';
import { PageSkeleton } from '../../components/skeleton';
import { managePaths } from '../../config/manage-paths';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { CONSOLE_FALLBACK_POLL_MS } from '../../features/manage/api/keys';
import { progressQueryOptions } from '../../features/manage/api/get-progress';
import { tabletsQueryOptions } from '../../features/manage/api/get-tablets';
import { useTabletsStream } from '../../features/manage/api/use-tablets-stream';
import { Freshness } from '../../features/manage/components/freshness';
import { TabletStatus } from '../../features/manage/components/tablet-status';
import { tabletRows, tabletsSummary } from '../../features/manage/utils/tablets-model';
import type { Me } from '../../lib/signed-in/get-me';
import { useNow } from '../../lib/use-now';
import { parseGuid } from '../route-error';
import { CompetitionPage } from './competition-page';

/** `/manage/competitions/<guid>/tablets`: every seated judge's tablet, live, for the tabulator (issue 38). */
export default function ManageTabletsRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <CompetitionPage
      guid={guid}
      title="Tablets"
      permission="read-unreleased"
      refusal={{
        title: "The tablets' status is not for your role",
        text: "Tabulators, administrators and chief judges watch the judges' tablets.",
      }}
    >
      {(me) => <Tablets me={me} guid={guid} />}
    </CompetitionPage>
  );
}

function Tablets({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  const competitionId = summary.data?.body.competition.id ?? null;
  const enabled = competitionId !== null;
  const stream = useTabletsStream(competitionId);
  const tablets = useQuery({
    ...tabletsQueryOptions(competitionId ?? 0),
    enabled,
    refetchInterval: stream === 'live' ? false : CONSOLE_FALLBACK_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const progress = useQuery({ ...progressQueryOptions(competitionId ?? 0), enabled });
  // Ages ("seen 3 s ago") and recording times move every second between pushes.
  const now = useNow(1000);
  const rows = useMemo(
    () => (tablets.data ? tabletRows(tablets.data.body, progress.data?.body.data ?? [], now) : []),
    [tablets.data, progress.data, now],
  );

  if (summary.isPending || (enabled && tablets.isPending)) return <PageSkeleton rows={6} />;
  const failure = summary.error ?? (tablets.data ? null : tablets.error);
  if (failure) return <LoadFailure failure={failure} what="The tablets' status" organization={me.organization.name} />;
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );
  const body = summary.data!.body;
  return (
    <>
      <h1 className="text-2xl font-bold">{body.competition.name}: tablets</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {body.event.name} · every judge seated by name, with the tablets they judge from
      </p>
      <Freshness
        updatedAt={tablets.dataUpdatedAt}
        failed={tablets.isRefetchError}
        stream={stream}
        live="each tablet's report shows as it arrives"
        what="the reports below are"
      />
      {rows.length === 0 ? (
        <EmptyState title="No judge seated by name yet">
          Seat judges with their accounts on the{' '}
          <Link to={managePaths.panel.href(guid)} className="text-blue-900 underline dark:text-sky-300">
            panel
          </Link>
          : their tablets then show here.
        </EmptyState>
      ) : (
        <TabletStatus rows={rows} summary={tabletsSummary(tablets.data!.body, rows)} />
      )}
    </>
  );
}
