import { LoadFailure } from '../../components/signed-in/load-failure';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Notice } from '../../components/notice';
import { PageSkeleton } from '../../components/skeleton';
import { competitionQueryOptions } from '../../features/competitions/api/get-competition';
import { can, type Me } from '../../lib/signed-in/get-me';
import { problemText } from '../../lib/signed-in/problems';
import { panelQueryOptions } from '../../features/setup/api/get-panel';
import { usersQueryOptions } from '../../features/setup/api/get-users';
import { PanelSeatDialog, type SeatTarget } from '../../features/setup/components/panel-seat-dialog';
import { PanelSection } from '../../features/setup/components/panel-section';
import { sectionKeyOf } from '../../features/setup/utils/panel-copy';
import { parseGuid } from '../route-error';
import { managePaths } from '../../config/manage-paths';
import { CompetitionPage } from './competition-page';

/** `/manage/competitions/<guid>/panel`: who judges each caption of each division and round (issue 27). */
export default function ManagePanelRoute({ competitionGuid }: { competitionGuid?: string }) {
  const guid = parseGuid(competitionGuid, 'Competition');
  return (
    <CompetitionPage
      guid={guid}
      title="Panel"
      permission="set-up"
      refusal={{
        title: 'Seating the panel is not for your role',
        text: 'An administrator or a tabulator seats the judges.',
      }}
    >
      {(me) => <Panel me={me} guid={guid} />}
    </CompetitionPage>
  );
}

function Panel({ me, guid }: { me: Me; guid: string }) {
  const summary = useQuery(competitionQueryOptions(guid));
  const competitionId = summary.data?.body.competition.id ?? null;
  const panel = useQuery({ ...panelQueryOptions(competitionId ?? 0), enabled: competitionId !== null });
  const listsUsers = can(me, 'manage-users');
  const users = useQuery({ ...usersQueryOptions(), enabled: listsUsers });
  const [seating, setSeating] = useState<SeatTarget | null>(null);

  if (summary.isPending || (competitionId !== null && panel.isPending)) return <PageSkeleton rows={6} />;
  const failure = summary.error ?? (panel.data ? null : panel.error);
  if (failure)
    return (
      <LoadFailure
        failure={failure}
        what="The panel"
        organization={me.organization.name}
        onRetry={() => void panel.refetch()}
      />
    );
  const body = summary.data!.body;
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );
  const sections = panel.data?.body.data ?? [];
  // Disabled users cannot sign in: they are not offered for a seat.
  const judges = listsUsers
    ? (users.data?.body.data ?? []).filter((user) => user.role === 'judge' && !user.disabled)
    : null;
  return (
    <>
      <h1 className="text-2xl font-bold">{body.competition.name}: panel</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {body.event.name} · a judge per caption of each division and round. A judge user finds their seats on their
        tablet; a name only is printed on the recap (paper judging).
      </p>
      {listsUsers && users.isError ? (
        <Notice tone="warning" role="alert">
          The judge users could not load ({problemText(users.error)}): seat by name, or try again later.
        </Notice>
      ) : null}
      {listsUsers && !users.isPending && judges?.length === 0 ? (
        <Notice tone="info">
          No judge users yet:{' '}
          <Link to={managePaths.users.href()} className="underline">
            add them on Users
          </Link>
          , or seat judges by name.
        </Notice>
      ) : null}
      {sections.length === 0 ? (
        <EmptyState title="No divisions to seat yet">
          A division and round appears here once a group is registered in it.
        </EmptyState>
      ) : (
        sections.map((section) => (
          <PanelSection
            key={sectionKeyOf(section)}
            competitionId={competitionId}
            section={section}
            others={sections.filter((other) => other !== section)}
            onSeat={setSeating}
          />
        ))
      )}
      {seating ? (
        <PanelSeatDialog
          competitionId={competitionId}
          target={seating}
          judges={judges}
          onClose={() => setSeating(null)}
        />
      ) : null}
    </>
  );
}
